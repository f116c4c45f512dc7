"""bot.runtime.pipe_pool: worker processes the event loop feeds and reads over pipes, without threads.

The jobs below run in the workers (spawned interpreters), so they are
module-level functions the workers import by name.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator

import pytest

from bot.runtime import pipe_pool, workers
from bot.runtime.pipe_pool import PipePool
from bot.runtime.workers import Unavailable


def _setup() -> None:
    workers.setup_worker()


def _square(x: int) -> int:
    return x * x


def _big(size: int) -> bytes:
    return bytes(range(256)) * (size // 256)


def _refuse(text: str) -> None:
    raise ValueError(text)


class _Unpicklable(Exception):
    def __init__(self) -> None:
        super().__init__("cannot cross")
        self.hook = lambda: None  # a lambda cannot be pickled


def _refuse_oddly() -> None:
    raise _Unpicklable()


def _slow(x: int, seconds: float) -> int:
    time.sleep(seconds)
    return x


def _die_once(marker: str) -> int:
    """Kills its worker the first time (no marker file yet); answers the second."""
    if not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return os.getpid()


def _die() -> None:
    os._exit(1)


@pytest.fixture
async def pool() -> AsyncIterator[PipePool]:
    p = PipePool("test pool", 1, _setup)
    p.start()
    await p.warming[0]
    try:
        yield p
    finally:
        await p.close()


@pytest.fixture
async def two() -> AsyncIterator[PipePool]:
    p = PipePool("test pool", 2, _setup)
    p.start()
    await asyncio.gather(*p.warming)
    try:
        yield p
    finally:
        await p.close()


async def _until_ready(pool: PipePool, gone: int | None = None) -> None:
    """Until a replacement worker has started (answered its warm-up), and worker ``gone``'s end has been read."""
    for _ in range(300):
        if pool.ready and all(w.process.pid != gone for w in pool.live):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("no worker ready after 15 s")


async def test_a_job_is_done_in_the_worker_and_its_answer_read_by_the_loop(pool: PipePool) -> None:
    assert await pool.run(_square, 12) == 144
    assert await pool.run(os.getpid) == pool.pids()[0] != os.getpid()


async def test_an_answer_larger_than_a_pipe_arrives_whole(pool: PipePool) -> None:
    """A 600-KB answer crosses the 64-KB pipe in many reads of the loop, and is one answer."""
    assert await pool.run(_big, 600_000) == _big(600_000)


async def test_jobs_wait_their_turn_and_each_gets_its_own_answer(pool: PipePool) -> None:
    """One worker, many jobs at once: one in flight at a time, the rest queued, none mixed up."""
    answers = await asyncio.gather(*(pool.run(_square, n) for n in range(30)))
    assert answers == [n * n for n in range(30)]


async def test_a_job_that_raises_raises_in_the_caller_and_the_worker_lives_on(pool: PipePool) -> None:
    (pid,) = pool.pids()
    with pytest.raises(ValueError, match="no such card"):
        await pool.run(_refuse, "no such card")
    with pytest.raises(RuntimeError, match="_Unpicklable: cannot cross"):
        await pool.run(_refuse_oddly)
    assert await pool.run(_square, 3) == 9 and pool.pids() == [pid]


async def test_a_caller_that_stops_waiting_leaves_the_queue(pool: PipePool) -> None:
    slow = asyncio.ensure_future(pool.run(_slow, 1, 0.3))
    await asyncio.sleep(0.05)  # in flight
    dropped = asyncio.ensure_future(pool.run(_square, 5))
    await asyncio.sleep(0)
    dropped.cancel()
    assert await slow == 1
    assert await pool.run(_square, 6) == 36 and not pool.queue


async def test_a_worker_that_dies_mid_job_is_replaced_and_the_job_asked_again(two: PipePool, tmp_path) -> None:
    before = set(two.pids())
    answered_by = await two.run(_die_once, str(tmp_path / "died"))  # asked again of the other worker, ready
    assert answered_by in before and answered_by in two.pids() and len(two.pids()) == 2
    assert len(two.restarts) == 1


async def test_with_no_worker_ready_the_job_goes_to_the_fallback_at_once(pool: PipePool, tmp_path) -> None:
    """Its only worker dead, the job does not wait for the replacement's start (~3 s a move)."""
    (first,) = pool.pids()
    with pytest.raises(Unavailable):
        await pool.run(_die_once, str(tmp_path / "died"))
    assert not pool.ready and len(pool.live) == 1  # raised while the new worker was still starting
    with pytest.raises(Unavailable):
        await pool.run(_square, 3)  # nor does a new job wait for it
    await _until_ready(pool)
    assert await pool.run(os.getpid) not in (first, os.getpid())  # then the replacement works
    assert len(pool.restarts) == 1


async def test_a_job_that_kills_every_worker_fails_after_its_second_try(two: PipePool) -> None:
    with pytest.raises(Unavailable):
        await two.run(_die)
    assert len(two.restarts) == 2
    await _until_ready(two)
    assert await two.run(_square, 2) == 4


async def test_too_many_deaths_give_the_pool_up_for_threads(two: PipePool, monkeypatch: pytest.MonkeyPatch) -> None:
    pool = two
    monkeypatch.setattr(workers, "MAX_RESTARTS", 1)
    with pytest.raises(Unavailable):
        await pool.run(_die)
    with pytest.raises(Unavailable):
        await pool.run(_square, 2)
    assert pool.closed and not pool.live


async def test_closing_lets_the_job_in_flight_finish_drops_the_queue_and_ends_the_workers() -> None:
    p = PipePool("test pool", 1, _setup)
    p.start()
    await p.warming[0]
    (pid,) = p.pids()
    in_flight = asyncio.ensure_future(p.run(_slow, 7, 0.3))
    await asyncio.sleep(0.05)
    queued = asyncio.ensure_future(p.run(_square, 2))
    await asyncio.sleep(0)
    await p.close()
    assert await in_flight == 7
    with pytest.raises(Unavailable):
        await queued
    with pytest.raises(Unavailable):
        await p.run(_square, 3)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_no_workers_means_unavailable_at_once() -> None:
    p = PipePool("test pool", 0, _setup)
    p.start()
    with pytest.raises(Unavailable):
        await p.run(_square, 2)
    assert p.pids() == [] and pipe_pool.HEADER.size == 4


async def test_a_job_past_its_timeout_is_dropped_and_its_hung_worker_replaced(pool: PipePool) -> None:
    (hung,) = pool.pids()
    with pytest.raises(TimeoutError):
        await pool.run(_slow, 1, 30.0, timeout=0.3)
    await _until_ready(pool, gone=hung)
    assert await pool.run(_square, 4) == 16  # a new worker: the hung one is gone
    assert hung not in pool.pids() and len(pool.restarts) == 1


async def test_a_job_that_timed_out_mostly_waiting_in_the_queue_ends_no_worker(pool: PipePool) -> None:
    """Most of its time was spent behind another job: the worker is busy, not hung, and keeps its life."""
    (worker,) = pool.pids()
    busy = asyncio.ensure_future(pool.run(_slow, 1, 0.3))
    await asyncio.sleep(0.05)
    with pytest.raises(TimeoutError):  # queued 0.25 s, then 0.15 s in hand of the 0.4 it needs: not hung
        await pool.run(_slow, 2, 0.4, timeout=0.4)
    assert await busy == 1 and await pool.run(_square, 5) == 25
    assert pool.pids() == [worker] and not pool.restarts
