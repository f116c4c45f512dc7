"""Strong searches in worker processes, off the bot's GIL (``AI_WORKERS``).

Why: the strong AI searches in pure Python for its whole think time.  In a
thread of the bot's process it holds the GIL slice after slice, so every
click arriving meanwhile waits for it at each step of its path, and it takes
one of the default executor's few threads: with a few tables of strong AIs
thinking, a human's click took seconds to show on its board
(``bench/ai/load.py``; docs/performance.md).  A process of its own holds neither.

How (the processes' life — spawn, restart, close — is :mod:`bot.runtime.workers`'):

* a job carries what the seat may know — its view and legal list as JSON, the
  game's id, the seed, the budget and a deadline (:mod:`bot.core.ai.worker`) — so
  the true state never leaves the bot, and the same seed gives the same move
  as in a thread (``tests/ai/workers/test_pool.py``);
* a job has a deadline, just before its AI's answer is due (after the
  visible pause and the think time): a job that queued behind other tables'
  searches thinks for what is left, and one not answered when due gives way
  to the normal heuristic.  The search pauses while players' clicks are
  handled and those pauses do not count as think time, up to :data:`EXTEND`
  think times and never past the deadline (:mod:`bot.core.ai.gate`).  So an
  AI's answer time depends neither on how busy the pool is nor on its hand
  (``bot.core.sessions.parts.ai_seats``), and a pool busier than its cores trades
  search depth, not answer time;
* a worker that has not answered by the due time leaves the move to the
  normal heuristic *with a warning*, and is killed and replaced if it still
  has not answered :data:`~bot.runtime.workers.HANG_GRACE` later (stopped, not dead);
* a dead worker is replaced and the job asked again; if that fails too, or
  the pool was given up, the move is chosen in a thread — an AI never loses
  its move to a dead worker;
* only strong searches with a real choice go to the pool: the easy and normal
  levels answer in milliseconds, and a lone legal move needs no thought;
* while more jobs are in flight than the workers can search at full length
  before the answer is due, a strong search is shortened to its share (never
  under :data:`bot.core.ai.strain.FLOOR_SECONDS`),
  and every strong move is counted by how it was answered, with one INFO line
  a minute while any was degraded (:mod:`bot.core.ai.strain`).

``AI_WORKERS=0`` keeps every search in a thread, as before the pool.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from typing import Any

from bot.core import ai
from bot.engine import Action, State
from bot.gamefacts import Game
from bot.runtime import metrics
from bot.runtime.workers import START_METHOD, Late, Unavailable, WorkerPool

from . import strain, worker
from .gate import ClickGate

log = logging.getLogger(__name__)
MARGIN = 0.05
"""Seconds before its answer is due that a search stops: time for the answer to come back."""
EXTEND = 1.0
"""How much a search's pauses for clicks may lengthen it, in think times (:mod:`bot.core.ai.gate`).

One: a strong search lasts at most twice its think time on the wall clock,
and ends :data:`bot.core.ai.worker.SLACK` before its answer's deadline
(``due - MARGIN``), so its answer is as punctual as before.  The visible
pause (``KADO_AI_DELAY``) bounds what is left of the extension: a shorter
pause leaves less, a longer one more.  Its rollouts do not depend on it: a search runs
its whole think time either way (:mod:`bot.core.ai.gate`); the extension is
how long the clicks are spared it."""


class ThinkPool(WorkerPool):
    """Where the strong AI thinks: ``workers`` processes (on CPU time nothing else wants), or threads if 0."""

    def __init__(self, workers: int, *, start_method: str = START_METHOD) -> None:
        # No workers, no gate: its shared counter is made only for workers to read.
        self.gate = ClickGate(multiprocessing.get_context(start_method)) if workers else None
        """Held around each player's click (:mod:`bot.frontend.inbound.clicks`): the workers' searches pause."""
        gate_args = self.gate.worker_args() if self.gate is not None else ()
        super().__init__("AI pool", workers, worker.init, initargs=gate_args, start_method=start_method)
        self.strain = strain.Strain()
        """Strong moves by how they were answered; its INFO line a minute while any was degraded."""
        self.in_flight = 0
        """Jobs submitted and not answered (strong moves, and any other job given to :meth:`run`)."""

    async def run(self, job: Any, *args: Any, timeout: float | None = None) -> Any:
        """:meth:`WorkerPool.run <bot.runtime.workers.WorkerPool.run>`, counted in :attr:`in_flight`."""
        self.in_flight += 1
        try:
            return await super().run(job, *args, timeout=timeout)
        finally:
            self.in_flight -= 1

    async def close(self) -> None:
        self.strain.close()
        await super().close()

    async def choose(
        self,
        spec: Game,
        state: State,
        seat: int,
        level: str,
        seed: int,
        budget: ai.Budget | None = None,
        *,
        due: float | None = None,
    ) -> Action:
        """The AI's move, as :func:`bot.core.ai.choose` would choose it, thought in a worker process.

        The search thinks for ``budget``'s seconds at most.  ``due``
        (``time.monotonic()``) is when the AI seat will answer: the search
        stops :data:`MARGIN` before it, however long the job queued, and a job
        still unanswered at ``due`` (a pool far busier than its cores) is
        answered by the normal heuristic, as a search that sampled nothing
        would be — so the answer is never late, whether the seat had a choice
        or not.  Without ``due`` (tests, benchmarks) the search stops at
        ``budget``'s seconds from now (plus the pauses it may make up for,
        :data:`EXTEND`) and its answer is awaited.
        """
        legal = spec.rules.legal(state, seat)
        if self.executor is None or level != "strong" or len(legal) < 2:
            if level == "strong" and len(legal) > 1:
                self.strain.note("thread")
            return await asyncio.to_thread(ai.choose, spec, state, seat, level, seed, budget)
        budget = budget or ai.DEFAULT_BUDGET
        if budget.seconds is not None:  # pauses for clicks may lengthen it this much (cut at the deadline: worker.py)
            budget = ai.Budget(budget.seconds, budget.max_sims, extend=EXTEND * budget.seconds)
        asked = budget
        deadline = due - MARGIN if due is not None else None
        window = deadline - time.monotonic() if deadline is not None else None
        budget = strain.shrunk(budget, self.in_flight + 1, self.workers, window)  # its share of a long queue
        started = time.perf_counter()
        if deadline is None and budget.seconds is not None:
            deadline = time.monotonic() + budget.seconds + budget.extend + worker.SLACK
        job = worker.encode(spec.id, spec.rules.view(state, seat), seat, legal, level, seed, budget, deadline)
        try:
            index, rollouts, cut = await self.run(
                worker.think, job, timeout=None if due is None else max(0.0, due - time.monotonic())
            )
        except Late:  # a worker had it and did not answer: slow, or hung (then killed and replaced: workers.py)
            log.warning("AI pool: a worker did not answer a %s search by its due time: the normal heuristic "
                        "answers", spec.id)
            metrics.fallback(self.name, "late")
            self.strain.note("late")
            return await asyncio.to_thread(ai.choose, spec, state, seat, "normal", seed)
        except TimeoutError:  # the job never left the queue: a pool busier than its cores (counted, said each minute)
            self.strain.note("queued")
            return await asyncio.to_thread(ai.choose, spec, state, seat, "normal", seed)
        except Unavailable:
            log.warning("AI pool unavailable: this move is chosen in a thread")
            metrics.fallback(self.name, "unavailable")
            self.strain.note("thread")
            return await asyncio.to_thread(ai.choose, spec, state, seat, level, seed, budget)
        self.strain.note("shortened" if cut or budget != asked else "full", rollouts)
        metrics.ai_thought(spec.id, level, time.perf_counter() - started)
        return legal[index]
