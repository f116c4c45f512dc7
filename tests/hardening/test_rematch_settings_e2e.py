"""Rematch opens its lobby under the server's current settings, and tells the clicker what changed.

Before: after a manager allowed only lower AI levels, Rematch on an old board
seated the old game's Strong AI again, with the old game's rule options.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.helpers import bot, db_rows, is_over, leave_game, make_world, open_lobby, press_start
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_rematch_after_a_settings_change_follows_the_new_settings(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    boss = emulator.create_user("boss")
    emulator.add_member(world.guild, boss, permissions=Perm.MANAGE_GUILD)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        res = await emulator.click(world.alice, board, board.button("Add AI"))
        await emulator.click(world.alice, res.message, res.message.button("Strong"))
        await emulator.wait_until(lambda: "AI 1" in board.text(), description="the Strong AI seated")
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: "alice vs AI 1" in board.text(), description="the game under way")
        await leave_game(world, world.alice)
        await emulator.wait_until(lambda: is_over(board) and board.button("Rematch"), description="Rematch")

        for command, args in [
            ("game settings ai", {"level": "strong", "allowed": False}),
            ("game settings rule", {"game": "portas", "option": "overshoot", "value": "allowed"}),
        ]:
            done = await emulator.slash(boss, world.chan, command, args)
            await done.wait()

        res = await emulator.click(world.alice, board, board.button("Rematch"))
        lobby = await res.wait_loaded()
        assert "lobby" in lobby.text()
        told = await res.wait_followup()
        assert told.flags & 64, "only the clicker is told"  # ephemeral
        assert "changed since the last game" in told.text(), told.text()
        assert "Strong" in told.text() and "Normal" in told.text()
        assert "allowed" in told.text().lower()
    seats = db_rows(tmp_path, "SELECT ai_level FROM seats WHERE session_id=2 AND ai_level IS NOT NULL")
    assert seats == [("normal",)]
    (options,) = db_rows(tmp_path, "SELECT options FROM sessions WHERE id=2")[0]
    assert json.loads(options)["overshoot"] == "allowed"
