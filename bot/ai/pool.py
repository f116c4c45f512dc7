"""Strong searches in worker processes, off the bot's GIL (``AI_WORKERS``).

Why: the strong AI searches in pure Python for up to 0.9 s per move.  In a
thread of the bot's process it holds the GIL in 5-ms slices, so every click
arriving meanwhile waits for it at each step of its path, and it takes one of
the default executor's few threads, which the boards' pictures are drawn in
too: with six tables of strong AIs thinking, a human's click took ~2 s to show
on its board (``bench/ai_load.py``; docs/performance.md).  A process of its
own holds neither.

How:

* the workers are started once, with the bot (:meth:`ThinkPool.start`), with
  the ``spawn`` start method: a fresh interpreter, safe beside a running
  asyncio loop and its threads (``fork`` would copy them mid-flight);
* a job carries what the seat may know — its view and legal list as JSON, the
  game's id, the seed, the budget and a deadline (:mod:`bot.ai.worker`) — so
  the true state never leaves the bot, and the same seed gives the same move
  as in a thread (``tests/ai/test_pool.py``);
* a job has a deadline, just before its AI's answer is due (after the
  visible pause and the think time): a job that queued behind other tables'
  searches thinks for what is left, and one not answered when due gives way
  to the normal heuristic.  So an AI's answer time depends neither on how busy
  the pool is nor on its hand (``bot.sessions.ai_seats``), and a pool busier
  than its cores trades search depth, not answer time;
* a worker that dies (killed, out of memory) breaks the pool: it is replaced
  and the job asked again, and if that fails too the move is chosen in a
  thread — an AI never loses its move to a dead worker.  After
  :data:`MAX_RESTARTS` restarts within :data:`RESTART_WINDOW` seconds the pool
  is given up for threads (a worker that cannot live would otherwise be
  respawned for every move);
* only strong searches with a real choice go to the pool: the easy and normal
  levels answer in milliseconds, and a lone legal move needs no thought.

``AI_WORKERS=0`` keeps every search in a thread, as before the pool.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import ai, metrics
from bot.engine import Action, State
from bot.games import GameSpec

from . import worker

log = logging.getLogger(__name__)
START_METHOD = "spawn"
MAX_RESTARTS = 3
RESTART_WINDOW = 60.0
MARGIN = 0.05
"""Seconds before its answer is due that a search stops: time for the answer to come back."""


class ThinkPool:
    """Where the strong AI thinks: ``workers`` processes, or threads when ``workers`` is 0."""

    def __init__(self, workers: int, *, start_method: str = START_METHOD) -> None:
        if workers < 0:
            raise ValueError("workers must be 0 (threads) or more")
        self.workers = workers
        self.start_method = start_method
        self.executor: ProcessPoolExecutor | None = None
        self.restarts: list[float] = []  # monotonic times of the recent restarts
        self.warming: list[Future[int]] = []

    def start(self) -> None:
        """Start the worker processes now (not at the first strong move); returns at once."""
        if self.workers == 0 or self.executor is not None:
            return
        self.executor = self._new_executor()
        # The pool spawns a worker per job while none is idle: one no-op job each starts them all.
        self.warming = [self.executor.submit(worker.ready) for _ in range(self.workers)]
        log.info("AI pool: %d worker process(es) starting", self.workers)

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context(self.start_method),
            initializer=worker.init,
        )

    async def choose(
        self,
        spec: GameSpec,
        state: State,
        seat: int,
        level: str,
        seed: int,
        budget: ai.Budget | None = None,
        *,
        due: float | None = None,
    ) -> Action:
        """The AI's move, as :func:`bot.ai.choose` would choose it, thought in a worker process.

        The search thinks for ``budget``'s seconds at most.  ``due``
        (``time.monotonic()``) is when the AI seat will answer: the search
        stops :data:`MARGIN` before it, however long the job queued, and a job
        still unanswered at ``due`` (a pool far busier than its cores) is
        answered by the normal heuristic, as a search that sampled nothing
        would be — so the answer is never late, whether the seat had a choice
        or not.  Without ``due`` (tests, benchmarks) the search stops at
        ``budget``'s seconds from now and its answer is awaited.
        """
        legal = spec.rules.legal(state, seat)
        if self.executor is None or level != "strong" or len(legal) < 2:
            return await asyncio.to_thread(ai.choose, spec, state, seat, level, seed, budget)
        budget = budget or ai.DEFAULT_BUDGET
        started = time.perf_counter()
        deadline = due - MARGIN if due is not None else None
        if deadline is None and budget.seconds is not None:
            deadline = time.monotonic() + budget.seconds
        job = worker.encode(spec.id, spec.rules.view(state, seat), seat, legal, level, seed, budget, deadline)
        loop = asyncio.get_running_loop()
        for _ in range(2):  # a dead worker: a new pool, the job once more
            executor = self.executor
            if executor is None:
                break
            try:
                thinking = loop.run_in_executor(executor, worker.think, job)
                index = await asyncio.wait_for(thinking, None if due is None else max(0.0, due - time.monotonic()))
            except BrokenProcessPool:
                self._restart(executor)
                continue
            except TimeoutError:  # the job is dropped from the queue (or stops at its deadline)
                log.debug("AI pool: a %s search was not answered by its due time: the heuristic answers", spec.id)
                return await asyncio.to_thread(ai.choose, spec, state, seat, "normal", seed)
            metrics.ai_thought(spec.id, level, time.perf_counter() - started)
            return legal[index]
        log.warning("AI pool unavailable: this move is chosen in a thread")
        return await asyncio.to_thread(ai.choose, spec, state, seat, level, seed, budget)

    def _restart(self, broken: ProcessPoolExecutor) -> None:
        """Replace a broken pool (once, however many jobs saw it break); give up after too many restarts."""
        if self.executor is not broken:
            return  # another job's failure replaced it already
        broken.shutdown(wait=False, cancel_futures=True)
        now = time.monotonic()
        self.restarts = [t for t in self.restarts if now - t < RESTART_WINDOW] + [now]
        if len(self.restarts) > MAX_RESTARTS:
            log.error("AI pool: workers died %d times in %.0f s; the AI thinks in threads from now on",
                      len(self.restarts), RESTART_WINDOW)
            self.executor = None
            return
        log.warning("AI pool: a worker process died; starting a new pool")
        self.executor = self._new_executor()

    async def close(self) -> None:
        """Stop the workers (with the bot): a search in flight may finish, queued ones are dropped."""
        executor, self.executor = self.executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)

    def pids(self) -> list[int]:
        """The live worker processes' ids (for tests and the log)."""
        executor = self.executor
        processes: dict[int, Any] = getattr(executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.is_alive()]
