"""Names are names: a hostile nickname neither pings anyone nor becomes markdown.

The real bot against the emulator.  Mallory's nickname is a mention of Carol
(who never plays), a masked link and bold text.  Every message of her game
(lobby, board, the forfeit's result line) must show it literally, escaped,
and no message may ping Carol: the emulator records each message's
``allowed_mentions`` and tells whom it pinged (``Message.pings``).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import act_buttons, bot, leave_game, make_world, open_lobby
from tests.emulator.fixtures import emulator  # noqa: F401

LINK = "[click me](https://evil.example)"


async def test_a_hostile_nickname_is_shown_literally_and_pings_nobody(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    victim = world.carol
    hostile = f"<@{victim.id}> {LINK} **boss**"
    mallory = emulator.create_user("mallory")
    emulator.add_member(world.guild, mallory, nick=hostile)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", mallory)
        await emulator.click(world.alice, board, board.button("Join"))
        await emulator.wait_until(lambda: "alice" in board.text(), description="alice in the lobby")
        lobby_text = board.text()
        await emulator.click(mallory, board, board.button("Start"))
        await emulator.wait_until(lambda: act_buttons(board), description="the running board")
        board_text = board.text()
        await leave_game(world, mallory)  # a 2-player game: her forfeit
        await emulator.wait_until(
            lambda: any("left the game" in m.text() for m in emulator.channel_messages(world.chan)),
            description="the forfeit's result line",
        )
        posted = [m for m in emulator.channel_messages(world.chan) if m.from_bot]
        result = next(m for m in posted if "left the game" in m.text())
        for text in (lobby_text, board_text, result.text()):
            assert "\\[click me\\]\\(https" in text, text  # shown literally …
            assert LINK not in text and f"<@{victim.id}>" not in text and "**boss**" not in text  # … never parsed
        for message in posted:
            assert victim.id not in message.pings(), message.text()
            assert message.pings() <= {mallory.id, world.alice.id}, (message.text(), message.pings())
