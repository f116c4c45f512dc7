"""Followups as Discord documents them: a NEW message in the interaction's channel, pinging only whom its
``allowed_mentions`` lets through, edited or deleted "from the same token" (Edit/Delete Webhook Message) while
that token lives, and by the bot token like any message of the bot.

Kado posts its turn notices this way (bot/transport/followups.py): a followup of a click made in the channel costs no
request of the bot's global limit.  A DM click's followups land in that DM, never in a server channel.
"""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.fixtures import emulator, games_channel  # noqa: F401
from tests.emulator.models import InteractionResult, Message

SAMPLE = "tests.emulator.clients.sample_bot"


async def _call(
    method: str, url: str, body: dict[str, Any] | None = None, *, bot_token: str | None = None
) -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"Bot {bot_token}"} if bot_token else {}
    async with aiohttp.ClientSession() as s, s.request(method, url, json=body, headers=headers) as resp:
        return resp.status, await resp.json() if resp.status != 204 else {}


def _hook(emu: DiscordEmulator, res: InteractionResult) -> str:
    return f"{emu.api_base}/webhooks/{emu.application_id}/{res.token}"


async def _later_click(emu: DiscordEmulator, user: Any, chan: Any) -> tuple[Message, InteractionResult]:
    posted = await emu.slash(user, chan, "demo later")
    assert posted.message is not None
    res = await emu.click(user, posted.message, "demo:later")
    assert res.type == 6  # a deferred update: nothing shown yet
    return posted.message, res


async def test_a_followup_after_a_deferred_update_is_a_new_message_pinging_per_allowed_mentions(
    emulator: DiscordEmulator, tmp_path  # noqa: F811
) -> None:
    emu = emulator
    chan, (alice, bob, carol) = games_channel(emu, "alice", "bob", "carol")
    async with BotProcess(emu, tmp_path / "db.sqlite", module=SAMPLE) as bot:
        await bot.ready()
        clicked, res = await _later_click(emu, alice, chan)
        body = {
            "content": f"{bob.mention}, your turn ({carol.mention} watches)",
            "allowed_mentions": {"parse": [], "users": [str(bob.id)]},
        }
        status, data = await _call("POST", _hook(emu, res) + "?wait=true", body)
        assert status == 200, data
        notice = emu.messages[int(data["id"])]
        assert notice is not clicked and clicked.content == "Click me"  # not an edit of the clicked message
        assert notice.channel_id == chan.id and not notice.ephemeral
        assert notice.interaction_id == res.id and notice in res.followups
        assert notice.pings() == {bob.id}  # carol is named, not pinged
        assert emu.can_see(carol, notice)

        # edited and deleted "from the same token": another live token of the app may not
        _, other = await _later_click(emu, bob, chan)
        status, data = await _call("PATCH", f"{_hook(emu, other)}/messages/{notice.id}", {"content": "x"})
        assert (status, data.get("code")) == (404, 10008)
        status, _ = await _call("PATCH", f"{_hook(emu, res)}/messages/{notice.id}", {"content": "hurry"})
        assert status == 200 and notice.content == "hurry"
        status, data = await _call("DELETE", f"{_hook(emu, other)}/messages/{notice.id}")
        assert (status, data.get("code")) == (404, 10008) and not notice.deleted
        status, _ = await _call("DELETE", f"{_hook(emu, res)}/messages/{notice.id}")
        assert status == 204 and notice.deleted

        # the token expires (15 minutes); the bot token still deletes a followup, as any message of the bot
        status, data = await _call("POST", _hook(emu, res) + "?wait=true", {"content": "second"})
        assert status == 200
        second = emu.messages[int(data["id"])]
        emu.interaction_token_ttl = 0
        status, data = await _call("DELETE", f"{_hook(emu, res)}/messages/{second.id}")
        assert (status, data.get("code")) == (401, 50027) and not second.deleted
        status, data = await _call("POST", _hook(emu, res) + "?wait=true", {"content": "too late"})
        assert (status, data.get("code")) == (401, 50027)
        url = f"{emu.api_base}/channels/{chan.id}/messages/{second.id}"
        status, _ = await _call("DELETE", url, bot_token=emu.token)
        assert status == 204 and second.deleted
    assert not emu.violations


async def test_a_dm_clicks_followup_lands_in_that_dm(emulator: DiscordEmulator, tmp_path) -> None:  # noqa: F811
    emu = emulator
    chan, (alice,) = games_channel(emu, "alice")
    async with BotProcess(emu, tmp_path / "db.sqlite", module=SAMPLE) as bot:
        await bot.ready()
        await emu.slash(alice, chan, "demo later", {"dm": True})
        (posted,) = emu.dm_messages(alice)
        res = await emu.click(alice, posted, "demo:later")
        assert res.type == 6
        dm = emu.channels[posted.channel_id]
        status, data = await _call("POST", _hook(emu, res) + "?wait=true", {"content": f"{alice.mention} hi"})
        assert status == 200
        message = emu.messages[int(data["id"])]
        assert message.channel_id == dm.id != chan.id
        assert not [m for m in emu.channel_messages(chan) if "hi" in m.text()]
    assert not emu.violations
