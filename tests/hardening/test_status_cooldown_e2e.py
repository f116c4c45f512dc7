"""``/game status`` has a per-channel cooldown: ten in a row make one public board post, not ten."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.frontend.inbound import cooldowns
from tests.e2e.helpers import act_buttons, bot, make_world, open_lobby, press_start
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_ten_status_commands_in_a_row_post_one_board(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: act_buttons(board), description="the board")
        before = len(emulator.channel_messages(world.chan))
        stranger = emulator.create_user("stranger")
        emulator.add_member(world.guild, stranger)
        answers = [await emulator.slash(stranger, world.chan, "game status") for _ in range(10)]
        await asyncio.sleep(1)  # any late board post would show now
        posted = len(emulator.channel_messages(world.chan)) - before
        refused = [a for a in answers if a.ephemeral]
        assert posted == 1, [m.text()[:60] for m in emulator.channel_messages(world.chan)]
        assert len(refused) == 9
        assert all("few seconds" in a.text() and len(a.text()) < 200 for a in refused), refused[0].text()
        await asyncio.sleep(cooldowns.STATUS_COOLDOWN)
        again = await emulator.slash(stranger, world.chan, "game status")
        assert not again.ephemeral  # after the cooldown, a board again
        assert "Traceback" not in proc.log_text()
