"""The real bot's AI pool (AI_WORKERS): strong AIs think in the worker process, which stops with the bot."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import psutil

from tests.e2e.helpers import (
    bot,
    is_over,
    leave_game,
    make_world,
    open_lobby,
    press_start,
    spawned_workers,
    wait_gone,
)
from tests.emulator.fixtures import emulator  # noqa: F401


def allow_only_strong(db: Path, guild_id: int) -> None:
    """The server allows only the strong AI (as /game settings ai would): Start fills seats with it."""
    from bot.core.store import _migrations

    con = sqlite3.connect(db)
    try:
        for number, sql in _migrations():
            con.executescript(sql)
            con.execute(f"PRAGMA user_version={number}")
        con.execute("INSERT INTO guild_settings (guild_id, data) VALUES (?, ?)",
                    (guild_id, json.dumps({"ai_levels": ["strong"]})))
        con.commit()
    finally:
        con.close()


async def test_strong_ais_think_in_the_worker_which_stops_with_the_bot(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    allow_only_strong(tmp_path / "kado.sqlite3", world.guild.id)
    async with bot(world, tmp_path, AI_WORKERS="1") as proc:
        await proc.ready()
        assert proc.proc is not None
        me = psutil.Process(proc.proc.pid)
        board = await open_lobby(world, "promotion", world.alice)
        await press_start(emulator, world.alice, board)  # three strong AIs fill the table
        await emulator.wait_until(lambda: "Waiting for" in board.text(), description="the game started")
        await leave_game(world, world.alice)  # a table of AIs from now on
        edits = board.edits
        await emulator.wait_until(lambda: board.edits >= edits + 2 or is_over(board), timeout=60,
                                  description="the AIs moving")
        workers = spawned_workers(proc.proc.pid)
        assert len(workers) == 1, [p.cmdline() for p in me.children(recursive=True)]
        (worker,) = workers
        assert worker.nice() > me.nice()  # the AIs give way to the clicks
        if hasattr(os, "SCHED_IDLE"):  # Linux: the AIs run only on CPU time no click wants
            assert os.sched_getscheduler(worker.pid) == os.SCHED_IDLE
            assert os.sched_getscheduler(me.pid) != os.SCHED_IDLE

        def searched() -> float:
            return sum(worker.cpu_times()[:2])

        # Starting the worker (every game imported) costs well under a second of CPU; three strong AIs
        # thinking 0.9 s a move in it soon pass three seconds (in a thread, it would stay at its start-up).
        await emulator.wait_until(lambda: searched() > 3.0, timeout=90, description="the worker searching")
        code = await proc.stop(grace=10)
    assert code == 0, proc.log_tail_text()
    wait_gone(worker, "the AI worker")
    assert "AI pool" in proc.log_text() and "Traceback" not in proc.log_text()
