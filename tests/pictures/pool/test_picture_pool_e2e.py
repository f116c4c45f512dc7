"""The real bot's picture pool (PICTURE_WORKERS): boards drawn in the worker are the ones the state calls for.

Each move of a PORTAS game, the board picture the emulator received is
compared, byte for byte, with the picture drawn here from the session's
stored state: what the worker drew is exactly the move's board.  The worker
runs at the bot's own priority (a click waits for its picture), does the
drawing (its CPU time grows with the moves) and stops with the bot.
"""

from __future__ import annotations

import json
from pathlib import Path

import psutil

from bot.core import games
from bot.frontend.drawing import picture_jobs
from tests.e2e.helpers import (
    act_buttons,
    bot,
    click_and_wait,
    db_rows,
    make_world,
    open_lobby,
    press_start,
    spawned_workers,
    wait_gone,
    waiting_for,
)
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message

MOVES = 8


def expected_board(tmp_path: Path) -> bytes | None:
    """The board picture of the stored state, drawn here (the spectator view's inputs, the stored names)."""
    ((sid, raw),) = db_rows(tmp_path, "SELECT id, state FROM sessions")  # the one game, over or not
    names = tuple(n for (n,) in db_rows(tmp_path, "SELECT name FROM seats WHERE session_id = ? ORDER BY seat", (sid,)))
    spec = games.get("portas")
    inputs = spec.board_inputs(spec.rules.view(json.loads(raw), None))
    return picture_jobs.draw(picture_jobs.Job(sid, "portas", None, "en", names, inputs))


def shown_board(board: Message) -> bytes:
    (ref,) = board.images()
    attachment = board.attachment(ref)
    assert attachment is not None
    return attachment.data


async def test_boards_are_drawn_in_the_worker_which_stops_with_the_bot(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, PICTURE_WORKERS="1") as proc:
        await proc.ready()
        assert proc.proc is not None
        me = psutil.Process(proc.proc.pid)
        workers = spawned_workers(proc.proc.pid)
        assert len(workers) == 1, [p.cmdline() for p in me.children(recursive=True)]
        (worker,) = workers
        assert worker.nice() == me.nice()  # a click waits for its picture: no lower priority

        board = await open_lobby(world, "portas", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: act_buttons(board), description="the board with its move buttons")
        started = sum(worker.cpu_times()[:2])
        users = {"alice": world.alice, "bob": world.bob}
        for _ in range(MOVES):
            assert shown_board(board) == expected_board(tmp_path)
            if not act_buttons(board):
                break  # a short game (both players passed): over before MOVES moves
            (name,) = waiting_for(board)
            res = await click_and_wait(world, users[name], board, act_buttons(board)[0], board)
            assert not res.followups, [f.text() for f in res.followups]
        assert shown_board(board) == expected_board(tmp_path)
        # MOVES boards of ~3 ms each were drawn there (more, counting the process's own ticks)
        assert sum(worker.cpu_times()[:2]) > started
        code = await proc.stop(grace=10)
    assert code == 0, proc.log_tail_text()
    wait_gone(worker, "the picture worker")
    assert "picture pool" in proc.log_text() and "Traceback" not in proc.log_text()
