"""A picture pool that gives up leaves no zombie worker behind (issue 40: one was left)."""

from __future__ import annotations

import asyncio
import time

import psutil
import pytest

from bot.runtime import workers
from bot.runtime.pipe_pool import PipePool
from tests.platform.test_pipe_pool import _die, _setup


async def test_a_pool_that_gives_up_reaps_every_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "MAX_RESTARTS", 1)
    pool = PipePool("test pool", 2, _setup)
    pool.start()
    await asyncio.gather(*pool.warming)
    me = psutil.Process()
    try:
        with pytest.raises(workers.Unavailable):
            await pool.run(_die)
        assert pool.closed
        deadline = time.monotonic() + 10
        while True:
            children = [c for c in me.children() if "spawn_main" in " ".join(c.cmdline())]
            zombies = [c for c in children if c.status() == psutil.STATUS_ZOMBIE]
            if not children:
                break
            assert time.monotonic() < deadline, f"left behind: {[(c.pid, c.status()) for c in children]}"
            await asyncio.sleep(0.1)
        assert not zombies
    finally:
        await pool.close()
