"""A hung AI worker (stopped, not dead) is killed and replaced; closing never waits on one.

Before: a SIGSTOPped worker was never replaced, every later strong move fell
back to the normal heuristic in silence, and the bot's stop waited for it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time

import psutil
import pytest

from bot.core import ai
from bot.core.ai import Budget, pool
from bot.runtime import workers

from ..helpers import positions, spec

SIMS = Budget(seconds=None, max_sims=24)


def _gone_or_reaped(pid: int) -> bool:
    """Not a process any more (a zombie would still be one: its parent has not reaped it)."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_DEAD
    except psutil.NoSuchProcess:
        return True


async def test_a_stopped_worker_is_replaced_and_its_move_answered_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(workers, "HANG_GRACE", 0.5)
    p = pool.ThinkPool(1)
    p.start()
    await asyncio.wrap_future(p.warming[0])
    (victim,) = p.pids()
    s = spec("getgem")
    state, seat = next(iter(positions("getgem", 3, [4])))
    try:
        os.kill(victim, signal.SIGSTOP)
        caplog.set_level(logging.WARNING)
        asked = time.monotonic()
        action = await p.choose(s, state, seat, "strong", 8, due=asked + 0.5)
        assert time.monotonic() - asked < 2.0, "the move waited for the stopped worker"
        assert action == ai.choose(s, state, seat, "normal", 8)  # the fallback's move ...
        assert any("did not answer" in r.getMessage() for r in caplog.records)  # ... with a warning
        deadline = time.monotonic() + 15
        while victim in p.pids() or not p.pids():
            assert time.monotonic() < deadline, "the stopped worker was not replaced"
            await asyncio.sleep(0.1)
        assert any("killing and replacing" in r.getMessage() for r in caplog.records)
        while not _gone_or_reaped(victim):
            assert time.monotonic() < deadline, "the killed worker was left a zombie"
            await asyncio.sleep(0.1)
        expected = await asyncio.to_thread(ai.choose, s, state, seat, "strong", 9, SIMS)
        assert await asyncio.wait_for(p.choose(s, state, seat, "strong", 9, SIMS), 30) == expected  # searches again
        assert len(p.restarts) == 1
    finally:
        if not _gone_or_reaped(victim):
            os.kill(victim, signal.SIGKILL)
        await p.close()


async def test_closing_a_pool_with_a_stopped_worker_takes_about_a_second() -> None:
    p = pool.ThinkPool(1)
    p.start()
    await asyncio.wrap_future(p.warming[0])
    (victim,) = p.pids()
    os.kill(victim, signal.SIGSTOP)
    started = time.monotonic()
    await asyncio.wait_for(p.close(), 10)
    assert time.monotonic() - started < workers.CLOSE_GRACE + 1.5
    deadline = time.monotonic() + 5
    while not _gone_or_reaped(victim):
        assert time.monotonic() < deadline, "the stopped worker outlived the pool (or was left a zombie)"
        await asyncio.sleep(0.05)
