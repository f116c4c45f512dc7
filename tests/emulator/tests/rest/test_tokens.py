"""Interaction tokens as Discord treats them: their webhook routes live 15 minutes, and an upload into a
public server message through one needs the app's Attach Files there (``app_permissions``), like a
bot-token upload.  Kado edits boards and DMs through clicks' tokens (bot/transport/edits.py), so both matter."""

from __future__ import annotations

import json

import aiohttp

from tests.emulator import BotProcess, DiscordEmulator, Perm
from tests.emulator.clients.sample_bot import tiny_png
from tests.emulator.fixtures import emulator, games_channel  # noqa: F401

SAMPLE = "tests.emulator.clients.sample_bot"


async def _patch(url: str, body: dict[str, object], *, picture: bool = False) -> tuple[int, dict[str, object]]:
    """PATCH a webhook message as discord.py does: JSON, or multipart with ``payload_json`` and one file."""
    async with aiohttp.ClientSession() as s:
        if picture:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            form.add_field("files[0]", tiny_png(), filename="board.png", content_type="image/png")
            request = s.patch(url, data=form)
        else:
            request = s.patch(url, json=body)
        async with request as resp:
            return resp.status, await resp.json() if resp.status != 204 else {}


async def test_a_token_edits_its_message_until_it_expires(emulator: DiscordEmulator, tmp_path) -> None:  # noqa: F811
    emu = emulator
    chan, (alice,) = games_channel(emu, "alice")
    async with BotProcess(emu, tmp_path / "db.sqlite", module=SAMPLE) as bot:
        await bot.ready()
        res = await emu.slash(alice, chan, "demo board", {"start": 1})
        board = res.message
        assert board is not None
        url = f"{emu.api_base}/webhooks/{emu.application_id}/{res.token}/messages/@original"

        assert (await _patch(url, {"content": "edited"}))[0] == 200
        assert board.content == "edited"
        assert (await _patch(url, {"content": "with a picture"}, picture=True))[0] == 200

        emu.deny_bot(chan, Perm.ATTACH_FILES)  # the app may not attach files here any more
        status, body = await _patch(url, {"content": "refused"}, picture=True)
        assert (status, body.get("code")) == (403, 50013)
        assert board.content == "with a picture"
        assert (await _patch(url, {"content": "text is fine"}))[0] == 200

        emu.interaction_token_ttl = 0  # 15 minutes later
        status, body = await _patch(url, {"content": "too late"})
        assert (status, body.get("code")) == (401, 50027)
        assert board.content == "text is fine"
    assert not emu.violations
