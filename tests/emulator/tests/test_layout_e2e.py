"""discord.py's real ``ui.LayoutView`` payloads through the emulator: a V2 lobby sent to a channel and
to a DM, updated in place by UPDATE_MESSAGE (type 7, new picture) and DEFERRED_UPDATE_MESSAGE (type 6)
+ an edit of @original; the V2 rules and the OpenAPI schema see discord.py's own bodies."""

from __future__ import annotations

import pytest

from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.fixtures import emulator, games_channel  # noqa: F401

SAMPLE = "tests.emulator.clients.sample_bot"


@pytest.mark.parametrize("where", ["channel", "dm"])
async def test_layout_lobby_updates_in_place(emulator: DiscordEmulator, tmp_path, where: str) -> None:  # noqa: F811
    emu = emulator
    emu.validate_responses = True
    chan, (alice,) = games_channel(emu, "alice")
    async with BotProcess(emu, tmp_path / "db.sqlite", module=SAMPLE) as bot:
        await bot.ready()
        res = await emu.slash(alice, chan, "demo layout", {"dm": where == "dm"})
        if where == "dm":
            lobby = await emu.wait_until(lambda: next(iter(emu.dm_messages(alice)), None))
        else:
            lobby = res.message
        assert lobby.is_v2 and lobby.content == "" and lobby.embeds == []
        assert lobby.text_displays()[0] == "# Lobby"
        assert lobby.accent_color == 0x3498DB
        assert lobby.images() == ["attachment://board.png"]
        assert lobby.attachment("board.png").width == 1
        assert all(isinstance(c["id"], int) for c in lobby.components)

        mark = len(emu.requests)
        click = await emu.click(alice, lobby, lobby.button("Join"))
        assert click.type == 7 and click.message is lobby
        assert "**1** joined" in lobby.text() and lobby.button("Join (1)")
        assert lobby.accent_color == 0xE67E22
        assert lobby.attachment("board.png").width == 2 and len(lobby.attachments) == 1
        assert emu.request_counts(mark) == {"bot": 0, "interaction": 1}

        click = await emu.click(alice, lobby, lobby.button("Later"))
        assert click.type == 6
        await emu.wait_until(lambda: "**11** joined" in lobby.text())
        assert lobby.is_v2 and lobby.attachment("board.png").width == 12
        assert lobby.button("Stop").disabled
        assert emu.request_counts(mark) == {"bot": 0, "interaction": 3}
        visible = emu.visible_text(alice)
        assert "**11** joined" in visible and "the board" in visible
