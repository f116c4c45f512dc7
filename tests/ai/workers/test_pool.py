"""The strong AI's worker processes (bot.core.ai.pool): same moves as a thread, a dead worker costs no move,
clean close.

One pool of one worker is shared by the tests of this module (spawning a
process imports every game: about a second on this machine).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import time
from collections.abc import AsyncIterator

import psutil
import pytest

from bot.core import ai, config
from bot.core.ai import Budget, gate, pool, search, worker
from bot.runtime import workers

from ..helpers import TABLES, available, positions, spec

SIMS = Budget(seconds=None, max_sims=24)  # counted in rollouts: the same work whatever the machine's speed


@pytest.fixture
async def one_worker() -> AsyncIterator[pool.ThinkPool]:
    p = pool.ThinkPool(1)
    p.start()
    await asyncio.wrap_future(p.warming[0])  # the worker is up (its games imported)
    try:
        yield p
    finally:
        await p.close()


async def test_pool_and_thread_choose_the_same_move(one_worker: pool.ThinkPool) -> None:
    """Same seed, same budget: the worker (view sent as JSON, game loaded by id) and a thread agree, every game."""
    compared = 0
    for game in available():
        s = spec(game)
        for seats in TABLES[game]:
            for state, seat in itertools.islice(positions(game, seats, [5], every=7), 3):
                seed = 1000 + compared
                in_thread = await asyncio.to_thread(ai.choose, s, state, seat, "strong", seed, SIMS)
                in_worker = await one_worker.choose(s, state, seat, "strong", seed, SIMS)
                assert in_worker == in_thread, (game, seats, seed)
                compared += 1
    assert compared >= 12
    assert one_worker.pids(), "the searches ran in the worker process"


async def test_a_killed_worker_costs_no_move(one_worker: pool.ThinkPool) -> None:
    """SIGKILL the worker mid-search: the pool is replaced, the job asked again, and the move still comes."""
    s = spec("getgem")
    state, seat = next(iter(positions("getgem", 3, [2])))
    (victim,) = one_worker.pids()
    asking = asyncio.create_task(one_worker.choose(s, state, seat, "strong", 9, Budget(seconds=2.0)))
    await asyncio.sleep(0.5)  # the job is in the worker, searching
    os.kill(victim, signal.SIGKILL)
    action = await asyncio.wait_for(asking, 30)
    assert action in s.rules.legal(state, seat)
    assert len(one_worker.restarts) == 1 and one_worker.executor is not None
    expected = await asyncio.to_thread(ai.choose, s, state, seat, "strong", 9, SIMS)
    assert await one_worker.choose(s, state, seat, "strong", 9, SIMS) == expected  # the new worker thinks alike
    assert one_worker.pids() and victim not in one_worker.pids()


ORPHAN = """
import asyncio, os
from bot.core.ai import pool
p = pool.ThinkPool(1)
p.start()
p.warming[0].result()
print(p.pids()[0], flush=True)
os._exit(0)  # the bot dies without closing its pool (a crash, a kill -9)
"""


def test_a_worker_does_not_outlive_its_bot() -> None:
    import subprocess
    import sys

    bot = subprocess.Popen([sys.executable, "-c", ORPHAN], stdout=subprocess.PIPE, text=True)
    assert bot.stdout is not None
    orphan = int(bot.stdout.readline())
    bot.wait(30)
    try:
        deadline = time.monotonic() + 10
        while psutil.pid_exists(orphan) and psutil.Process(orphan).status() != psutil.STATUS_ZOMBIE:
            assert time.monotonic() < deadline, "an AI worker lived on after its bot died"
            time.sleep(0.1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(orphan, signal.SIGKILL)  # a failed run leaves nothing behind


async def test_a_pool_that_keeps_dying_gives_way_to_threads(one_worker: pool.ThinkPool) -> None:
    s = spec("portas")
    state, seat = next(iter(positions("portas", 2, [1])))
    for _ in range(workers.MAX_RESTARTS + 1):
        broken = one_worker.executor
        assert broken is not None
        one_worker.restart(broken)
    assert one_worker.executor is None
    expected = await asyncio.to_thread(ai.choose, s, state, seat, "strong", 3, SIMS)
    assert await one_worker.choose(s, state, seat, "strong", 3, SIMS) == expected


async def test_close_stops_the_workers() -> None:
    p = pool.ThinkPool(2)
    p.start()
    await asyncio.gather(*(asyncio.wrap_future(f) for f in p.warming))
    pids = p.pids()
    assert len(pids) == 2
    await p.close()
    deadline = time.monotonic() + 10
    while any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE for pid in pids):
        assert time.monotonic() < deadline, "the workers outlived the pool"
        await asyncio.sleep(0.05)


async def test_no_workers_means_threads() -> None:
    p = pool.ThinkPool(0)
    p.start()
    assert p.executor is None and p.gate is None  # nor a gate for searches in threads to read
    s = spec("portas")
    state, seat = next(iter(positions("portas", 2, [1])))
    assert await p.choose(s, state, seat, "strong", 4, SIMS) == ai.choose(s, state, seat, "strong", 4, SIMS)


def test_a_queued_job_thinks_only_until_its_deadline() -> None:
    """The deadline is the ask time plus the think time: a job that waited gets what is left (a little at least)."""
    now = time.monotonic()
    assert worker.budget_for(0.9, 6000, now + 0.3).seconds == pytest.approx(0.3, abs=0.05)
    late = worker.budget_for(0.9, 6000, now - 5)
    assert late.seconds == worker.MIN_SECONDS and late.max_sims == 6000
    assert worker.budget_for(0.9, 6000, now + 60).seconds == 0.9
    assert worker.budget_for(None, 50, None) == Budget(seconds=None, max_sims=50)


def test_ai_workers_setting() -> None:
    env = {"DISCORD_TOKEN": "x"}
    assert config.load(env).ai_workers == config.default_ai_workers() >= 1
    assert config.load({**env, "AI_WORKERS": "0"}).ai_workers == 0
    assert config.load({**env, "AI_WORKERS": "3"}).ai_workers == 3
    for bad in ("-1", "two"):
        with pytest.raises(config.ConfigError, match="AI_WORKERS"):
            config.load({**env, "AI_WORKERS": bad})


async def test_a_search_not_answered_when_due_gives_way_to_the_heuristic(one_worker: pool.ThinkPool) -> None:
    """The worker is busy past the AI's due time: the move comes on time, the normal heuristic's (the prior)."""
    s = spec("getgem")
    state, seat = next(iter(positions("getgem", 3, [4])))
    hogging = asyncio.create_task(one_worker.choose(s, state, seat, "strong", 1, Budget(seconds=3.0)))
    await asyncio.sleep(0.3)  # the hog is in the worker
    asked = time.monotonic()
    action = await one_worker.choose(s, state, seat, "strong", 8, due=asked + 0.5)
    answered = time.monotonic() - asked
    assert action == ai.choose(s, state, seat, "normal", 8)
    assert answered < 2.0, f"the answer waited {answered:.1f} s for the busy worker"
    await hogging


def _pause_in_worker() -> tuple[bool, int, float]:
    """Run in the worker: is the gate installed, which closed stretch it sees, how long a rollout step waits."""
    installed = search.pause_point is gate.wait_while_closed
    seen = int(gate._stretch.value)
    started = time.perf_counter()
    gate.wait_while_closed()
    return installed, seen, time.perf_counter() - started


async def test_a_click_in_hand_pauses_the_workers_searches(one_worker: pool.ThinkPool) -> None:
    """The worker started with the pool's gate: while the bot holds it, a rollout step waits (bot/core/ai/gate.py)."""
    assert one_worker.gate is not None
    with one_worker.gate.held():
        installed, seen, waited = await one_worker.run(_pause_in_worker)
    assert installed, "the worker's searches do not pause for clicks"
    assert seen > 0, "the worker does not see the bot's gate"
    assert waited >= 0.9 * gate.LONGEST_PAUSE
    installed, seen, waited = await one_worker.run(_pause_in_worker)
    assert seen == 0 and waited < 0.9 * gate.LONGEST_PAUSE, "an open gate held the search"
