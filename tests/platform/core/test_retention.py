"""HISTORY_DAYS in the periodic sweep: pruning runs at once after start-up, then at most once an hour."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from bot.app import SWEEP_EVERY, KadoBot
from bot.core import retention


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


class PruneSpy:
    """A store that records every prune_history cutoff."""

    def __init__(self) -> None:
        self.cutoffs: list[float] = []

    async def prune_history(self, ended_before: float) -> int:
        self.cutoffs.append(ended_before)
        return 2


class Sessions:
    def __init__(self) -> None:
        self.sweeps = 0

    async def sweep(self) -> int:
        self.sweeps += 1
        return 0


def _bot(days: int, clock: Clock) -> tuple[SimpleNamespace, PruneSpy]:
    store = PruneSpy()
    return SimpleNamespace(sessions=Sessions(), pruner=retention.HistoryPruner(store, days, clock=clock)), store


async def test_the_sweep_prunes_at_start_then_no_more_than_once_an_hour(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    bot, store = _bot(30, clock)
    start = clock.now
    caplog.set_level(logging.INFO, logger="bot.core.retention")
    for _ in range(int(2 * 3600 / SWEEP_EVERY) + 1):  # two hours of sweeps, one a minute
        await KadoBot._sweep_once(bot)  # type: ignore[arg-type]
        clock.now += SWEEP_EVERY
    assert bot.sessions.sweeps == 121  # the sweep itself still runs every time
    assert store.cutoffs == [start + h * 3600 - 30 * 86400 for h in (0, 1, 2)]
    assert "pruned the moves of 2 games that ended over 30 days ago" in caplog.text


async def test_no_pruning_when_history_days_is_0() -> None:
    clock = Clock()
    bot, store = _bot(0, clock)
    for _ in range(3):
        await KadoBot._sweep_once(bot)  # type: ignore[arg-type]
        clock.now += 3600
    assert store.cutoffs == [] and bot.sessions.sweeps == 3


async def test_a_failing_prune_is_logged_retried_an_hour_later_and_never_stops_the_sweep(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    bot, store = _bot(7, clock)
    calls = 0

    async def broken(ended_before: float) -> int:
        nonlocal calls
        calls += 1
        raise OSError("disk full")

    store.prune_history = broken  # type: ignore[method-assign]
    for _ in range(61):  # an hour of sweeps, one a minute
        await KadoBot._sweep_once(bot)  # type: ignore[arg-type]
        clock.now += SWEEP_EVERY
    assert calls == 2 and bot.sessions.sweeps == 61
    assert "pruning old games failed" in caplog.text
