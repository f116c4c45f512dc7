"""While Discord is unreachable nobody can act, so no turn runs out; each one held starts again after.

Before, an outage of six minutes handed every waiting player's seat to the AI
in every game (a timeout move per turn, three in a row), and each timeout
was played while the players could do nothing about it.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.e2e.helpers import World, act_buttons, bot, db_rows, make_world, open_lobby, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.state.message import Message

TURN = 5.0


def _session(tmp_path: Path) -> tuple[int, float]:
    ((version, deadline),) = db_rows(tmp_path, "SELECT version, deadline FROM sessions")
    return int(version), float(deadline)


def _timeouts(tmp_path: Path) -> list[int]:
    return [int(t) for (t,) in db_rows(tmp_path, "SELECT timeouts FROM seats ORDER BY seat")]


async def _portas_started(world: World) -> Message:
    """alice and bob at PORTAS, its first turn shown: the board."""
    emu = world.emu
    board = await open_lobby(world, "portas", world.alice)
    await emu.click(world.bob, board, board.button("Join"))
    await emu.wait_until(lambda: "bob" in board.text(), description="bob joined")
    await press_start(emu, world.alice, board)
    await emu.wait_until(lambda: waiting_for(board), description="the first turn")
    return board


async def test_no_turn_runs_out_while_the_gateway_is_down(emulator, tmp_path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, TURN_TIMEOUT=str(int(TURN)), TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board = await _portas_started(world)
        version, deadline = _session(tmp_path)

        await emulator.cut_gateway()
        await emulator.wait_until(lambda: "shard 0 disconnected" in proc.log_text(), 10, description="the bot knows")
        await asyncio.sleep(max(0.0, deadline - time.time()) + 2)  # past the deadline
        assert _session(tmp_path) == (version, deadline), "a turn was played while nobody could act"
        assert _timeouts(tmp_path) == [0, 0]

        restored = time.time()
        await emulator.restore_gateway()
        await emulator.wait_until(lambda: _session(tmp_path)[1] > deadline, 10, description="the turn restarted")
        version_after, new_deadline = _session(tmp_path)
        assert version_after == version and new_deadline >= restored + TURN - 0.5, "a full turn from the restart"
        shown = f"<t:{int(new_deadline)}:"
        await emulator.wait_until(lambda: shown in board.text(), 5, description="the board shows the new deadline")
        (player,) = [u for u in (world.alice, world.bob) if u.name in waiting_for(board)]
        await emulator.click(player, board, act_buttons(board)[0])
        await emulator.wait_until(lambda: _session(tmp_path)[0] > version, 10, description="the move, accepted")
        assert _timeouts(tmp_path) == [0, 0], "nobody timed out"
        assert "restarted 1 turn(s)" in proc.log_text()
    assert not emulator.violations


async def test_a_turn_that_ran_out_while_kado_was_stopped_starts_again_once_it_is_connected(
    emulator, tmp_path  # noqa: F811
) -> None:
    """A long stop (a failed deploy) is an outage too: the overdue turn gets a full timer, not an AI move."""
    world = make_world(emulator)
    async with bot(world, tmp_path, TURN_TIMEOUT=str(int(TURN))) as proc:
        await proc.ready()
        board = await _portas_started(world)
    version, deadline = _session(tmp_path)
    await asyncio.sleep(max(0.0, deadline - time.time()) + 1)  # the deadline passes while Kado is stopped
    started = time.time()
    async with bot(world, tmp_path, TURN_TIMEOUT=str(int(TURN))) as proc:
        await proc.ready()
        await emulator.wait_until(lambda: _session(tmp_path)[1] > deadline, 10, description="the turn restarted")
        version_after, new_deadline = _session(tmp_path)
        assert version_after == version and _timeouts(tmp_path) == [0, 0], "no move was made for the absent player"
        assert new_deadline >= started + TURN - 0.5
        shown = f"<t:{int(new_deadline)}:"
        await emulator.wait_until(lambda: shown in board.text(), 5, description="the board shows the new deadline")
    assert not emulator.violations
