"""The emulator's forgetting for long benchmarks: old messages and pictures go, live ones and the gateway stay."""

from __future__ import annotations

import asyncio

import aiohttp

from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.state import forgetting

SAMPLE = "tests.emulator.clients.sample_bot"


async def _status(url: str) -> int:
    async with aiohttp.ClientSession() as s, s.get(url) as resp:
        return resp.status


async def test_forgets_the_untouched_and_keeps_the_live(emulator: DiscordEmulator, tmp_path, monkeypatch) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test", preferred_locale="en-US")
    chan = emu.create_channel(guild, "games")
    alice = emu.create_user("alice")
    emu.add_member(guild, alice)
    monkeypatch.setattr(forgetting, "SENT_FRAMES_KEPT", 2)
    async with BotProcess(emu, tmp_path / "db.sqlite", module=SAMPLE) as bot:
        await bot.ready()
        old = (await emu.slash(alice, chan, "demo board")).message
        live_res = await emu.slash(alice, chan, "demo board")
        live = live_res.message
        assert old is not None and live is not None
        old_picture, live_picture = old.attachments[0], live.attachments[0]
        await asyncio.sleep(0.6)
        click = await emu.click(alice, live, "demo:0")  # edits ``live``: touched now

        # the token that posted ``old`` still lives: the bot could still edit it through that token
        frames_before = sum(len(s.events) for s in emu._sessions.values())
        first = emu.forget_older_than(0.5)
        assert first.messages == 0 and old in emu.channel_messages(chan)
        assert first.frames > 0 and sum(len(s.events) for s in emu._sessions.values()) == frames_before - first.frames

        monkeypatch.setattr(forgetting, "TOKEN_SLACK", 0.0)
        emu.interaction_token_ttl = 0.0  # every token spent
        gone = emu.forget_older_than(0.5)

        assert emu.channel_messages(chan) == [live]
        assert gone.messages == 1 and gone.attachments >= 1
        assert await _status(old_picture.url) == 404
        assert await _status(live_picture.url) == 200
        assert click.token in emu.interactions and live_res.token not in emu.interactions
        emu.interaction_token_ttl = 900.0

        # the gateway goes on from where it was: new frames reach the bot, and a RESUME replays what it missed
        await emu.click(alice, live, "demo:1")
        assert live.content == "Count: 2"
        await emu.drop_gateway(code=4000, wait=False)
        await emu.click(alice, live, "demo:2")
        assert live.content == "Count: 3"
        assert not emu.violations
