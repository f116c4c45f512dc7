"""The strong AI under load: how much search each move gets, and every move that got less, said out loud.

Why: when the workers' queue grows beyond what the cores answer in time,
something has to give.  Before, nothing adapted: searches queued past their
answer's due time and were replaced by the normal heuristic, logged at DEBUG
and counted nowhere, so a "strong" table quietly played the normal level.

Now (:mod:`bot.core.ai.pool`):

* a search asked while more searches are in flight than the workers can
  run at full length before its answer is due gets its share of that time,
  never under :data:`FLOOR_SECONDS` (:func:`shrunk`): the queue drains in
  time, so answers stay on their due time and a search is shortened rather
  than dropped;
* every strong move is counted by how it was answered (:data:`OUTCOMES`), in
  the metrics (``kado_ai_strong_moves_total{outcome}``, with the rollouts it
  ran in ``kado_ai_rollouts_total``) and in one INFO line a minute while any
  move was degraded (:class:`Strain`);
* ``bench.ai.fair`` reports the answers' p50/p90/max, the degraded share and
  the rollouts kept per move against an idle run.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import Counter

from bot.runtime import metrics

from .search import Budget

log = logging.getLogger("bot.core.ai.pool")

FLOOR_SECONDS = 0.2
"""The least think time a strong search is shortened to under load (of the default 0.9 s: 22 %).

Below it a search samples too few worlds to beat the normal heuristic it
starts from (``docs/ai.md``); a search that cannot get even that in time is
answered by the heuristic and counted as such (``queued`` or ``late``)."""
LOG_EVERY = 60.0
"""Seconds between two INFO lines about degraded strong moves (none while nothing was degraded)."""

OUTCOMES = ("full", "shortened", "queued", "late", "thread")
"""How a strong move was answered: a whole search; a search shortened for the queue (:func:`shrunk`); the
normal heuristic because the job never left the queue by its due time, or because its worker did not answer by
then; a search in a thread of the bot (no worker pool to be had)."""
DEGRADED = frozenset({"shortened", "queued", "late"})


def shrunk(budget: Budget, in_flight: int, workers: int, window: float | None = None) -> Budget:
    """``budget``, or its share of the workers if every search in flight could not have its whole think time.

    ``in_flight``: the searches sharing ``workers`` processes, this one
    included; ``window``: seconds until this one's answer is due (None: its
    think time).  While all of them fit into the window at full length (a
    search may queue through the visible pause before the move), nothing
    changes; beyond, each gets ``window * workers / in_flight`` seconds, never
    under :data:`FLOOR_SECONDS` and never longer than asked.
    """
    if budget.seconds is None or workers < 1:
        return budget
    window = budget.seconds if window is None else window
    if budget.seconds * in_flight / workers <= window:
        return budget
    seconds = max(min(FLOOR_SECONDS, budget.seconds), min(budget.seconds, window * workers / in_flight))
    return Budget(seconds, budget.max_sims, extend=budget.extend * seconds / budget.seconds)


class Strain:
    """Counts strong moves by outcome (and their rollouts); one INFO line a minute while any was degraded."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()  # since the last line
        self.total: Counter[str] = Counter()  # since the start (tests, the benchmark through the metrics)
        self.rollouts = 0
        self._lock = threading.Lock()  # moves end in the event loop, a thread's search in a thread
        self._flush: asyncio.TimerHandle | None = None

    def note(self, outcome: str, rollouts: int = 0) -> None:
        """One strong move answered ``outcome`` (one of :data:`OUTCOMES`) after ``rollouts`` rollouts."""
        with self._lock:
            self.counts[outcome] += 1
            self.total[outcome] += 1
            self.rollouts += rollouts
        metrics.strong_move(outcome, rollouts)
        if outcome in DEGRADED and self._flush is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._flush = loop.call_later(LOG_EVERY, self.say)

    def say(self) -> None:
        """The INFO line of the minute: how many strong moves were answered how (then counted afresh)."""
        with self._lock:
            counts, self.counts = self.counts, Counter()
            self._flush = None
        degraded = sum(n for outcome, n in counts.items() if outcome in DEGRADED)
        if degraded:
            moves = sum(counts.values())
            told = ", ".join(f"{outcome} {counts[outcome]}" for outcome in OUTCOMES if counts[outcome])
            log.info("strong AI under load: %d of %d strong moves degraded in the last minute (%s); "
                     "the search floor is %.2f s", degraded, moves, told, FLOOR_SECONDS)

    def close(self) -> None:
        """Say what is left (the bot stops) and stop the timer."""
        if self._flush is not None:
            self._flush.cancel()
        self.say()
