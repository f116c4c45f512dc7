"""History retention: with ``HISTORY_DAYS`` set, the moves of games older than that are pruned, hourly.

Why: every finished game kept its whole action log and final state forever,
so a bot running for months grew without bound.  Replays need those rows;
history, stats and leaderboards do not (they read sessions, seats, results
and participants, which stay).  A server owner trades old replays for a
bounded database (``Store.prune_history`` says what goes).

Why hourly and not every sweep: the sweep runs every minute, and a minute's
worth of newly old games is not worth a query; an hour keeps the database
within an hour of the limit at the cost of one indexed query.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

PRUNE_EVERY = 3600.0  # seconds between two prunes
DAY = 86400.0


class Prunable(Protocol):
    """What the pruner needs of the store."""

    async def prune_history(self, ended_before: float) -> int: ...


class HistoryPruner:
    """Prunes games older than ``days`` at most once per ``every`` seconds; the first call prunes at once."""

    def __init__(
        self, store: Prunable, days: int, *, clock: Callable[[], float] = time.time, every: float = PRUNE_EVERY
    ) -> None:
        self.store = store
        self.days = days
        self.clock = clock
        self.every = every
        self.last: float | None = None  # when the last prune started

    @property
    def enabled(self) -> bool:
        return self.days > 0

    def due(self) -> bool:
        """Retention is on and no prune started in the last ``every`` seconds."""
        return self.enabled and (self.last is None or self.clock() - self.last >= self.every)

    async def run_if_due(self) -> int | None:
        """Prune now if it is due; how many sessions were pruned, or None when it was not due.

        The time is taken before pruning: a prune that fails is retried in an
        hour, not on every sweep (the sweep logs the failure).
        """
        if not self.due():
            return None
        now = self.clock()
        self.last = now
        pruned = await self.store.prune_history(now - self.days * DAY)
        log.info("pruned the moves of %d games that ended over %d days ago (HISTORY_DAYS)", pruned, self.days)
        return pruned
