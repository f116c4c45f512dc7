"""Strong stays strong, or says why: a queue longer than the pool shortens searches, and every move is counted.

Before: searches queued past their answer's due time were replaced by the
normal heuristic, logged at DEBUG and counted nowhere; nothing adapted to a
queue longer than the workers could answer in time.
"""

from __future__ import annotations

import asyncio
import itertools
import logging

import pytest

from bot.core.ai import Budget, pool, strain
from tests.ai.helpers import positions, spec


def test_a_search_gets_its_share_of_the_workers_never_under_the_floor() -> None:
    full = Budget(0.9, 6000, extend=0.9)
    assert strain.shrunk(full, 1, 1) == full and strain.shrunk(full, 2, 2) == full  # no queue: the whole search
    half = strain.shrunk(full, 2, 1)
    assert half.seconds == pytest.approx(0.45) and half.extend == pytest.approx(0.45) and half.max_sims == 6000
    assert strain.shrunk(full, 8, 2).seconds == pytest.approx(0.225)
    assert strain.shrunk(full, 50, 1).seconds == strain.FLOOR_SECONDS  # the floor
    assert strain.shrunk(Budget(0.1, None), 5, 1).seconds == 0.1  # never longer than asked
    assert strain.shrunk(Budget(None, 24), 5, 1) == Budget(None, 24)  # a rollout count is not a time
    # with a visible pause before the answer, a search may queue through it: two fit, three share the time
    assert strain.shrunk(full, 2, 1, window=1.85) == full
    assert strain.shrunk(full, 3, 1, window=1.85).seconds == pytest.approx(1.85 / 3)


async def test_degraded_moves_are_said_once_a_minute_at_info(caplog: pytest.LogCaptureFixture,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strain, "LOG_EVERY", 0.05)  # the minute, shortened
    counted = strain.Strain()
    with caplog.at_level(logging.INFO, logger="bot.core.ai.pool"):
        counted.note("full", 900)
        await asyncio.sleep(0.1)
        assert not caplog.records, "nothing degraded: nothing said"
        for outcome in ("shortened", "shortened", "queued", "late", "full"):
            counted.note(outcome, 100)
        await asyncio.sleep(0.1)
    (line,) = [r for r in caplog.records if "strong AI under load" in r.getMessage()]
    assert line.levelno == logging.INFO
    assert "4 of 6 strong moves degraded" in line.getMessage()  # the one before the window counts too
    assert "(full 2, shortened 2, queued 1, late 1)" in line.getMessage()
    assert counted.total == {"full": 2, "shortened": 2, "queued": 1, "late": 1} and counted.rollouts == 1400


async def test_searches_queued_together_are_shortened_and_every_one_is_counted(one_worker: pool.ThinkPool) -> None:
    s = spec("getgem")
    asked = [(state, seat) for state, seat in itertools.islice(positions("getgem", 3, [2, 4, 6], every=3), 4)]
    budget = Budget(0.3, 6000)
    moves = await asyncio.gather(*(one_worker.choose(s, st, seat, "strong", 7 + i, budget)
                                   for i, (st, seat) in enumerate(asked)))
    assert len(moves) == len(asked)
    counted = one_worker.strain.total
    assert sum(counted.values()) == len(asked), counted  # none answered silently
    assert counted["shortened"] >= len(asked) - 1, counted  # the ones queued behind the first got their share
    assert one_worker.strain.rollouts > 0
    assert one_worker.in_flight == 0
