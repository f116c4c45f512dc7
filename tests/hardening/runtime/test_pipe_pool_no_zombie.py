"""A picture pool that gives up leaves no zombie worker behind (one was left)."""

from __future__ import annotations

import asyncio
import time

import psutil
import pytest

from bot.runtime import workers
from bot.runtime.pipe_pool import PipePool
from tests.platform.runtime.test_pipe_pool import _die, _setup


async def test_a_pool_that_gives_up_reaps_every_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "MAX_RESTARTS", 1)
    me = psutil.Process()
    before = {c.pid for c in me.children()}  # anything else this test process had started is not the pool's
    pool = PipePool("test pool", 2, _setup)
    pool.start()
    await asyncio.gather(*pool.warming)
    try:
        with pytest.raises(workers.Unavailable):
            await pool.run(_die)
        assert pool.closed
        deadline = time.monotonic() + 10
        while left := _left_behind(me, before):
            # a worker is a zombie for a moment between its death and its reaping: only one that stays fails
            assert time.monotonic() < deadline, f"left behind (pid, status): {left}"
            await asyncio.sleep(0.1)
    finally:
        await pool.close()


def _left_behind(me: psutil.Process, before: set[int]) -> list[tuple[int, str]]:
    """The pool's workers that still exist, zombies included.

    A worker runs ``spawn_main``; multiprocessing's resource tracker, also a child, is not one. A zombie's
    command line cannot be read (psutil raises), so a zombie counts as a worker.
    """
    left = []
    for child in me.children():
        if child.pid in before:
            continue
        try:
            if "spawn_main" in " ".join(child.cmdline()):
                left.append((child.pid, child.status()))
        except psutil.ZombieProcess:
            left.append((child.pid, psutil.STATUS_ZOMBIE))
        except psutil.NoSuchProcess:
            pass  # reaped while we looked
    return left
