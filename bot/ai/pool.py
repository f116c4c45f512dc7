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
* the deadline is the ask time plus the think time: a job that queued behind
  other tables' searches thinks for what is left, so an AI's answer time does
  not depend on how busy the pool is (nor on its hand: ``bot.sessions.ai_seats``);
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
        self, spec: GameSpec, state: State, seat: int, level: str, seed: int, budget: ai.Budget | None = None
    ) -> Action:
        """The AI's move, as :func:`bot.ai.choose` would choose it, thought in a worker process.

        The search stops at ``budget``'s seconds after this call, however long
        the job waited for a free worker.
        """
        legal = spec.rules.legal(state, seat)
        if self.executor is None or level != "strong" or len(legal) < 2:
            return await asyncio.to_thread(ai.choose, spec, state, seat, level, seed, budget)
        budget = budget or ai.DEFAULT_BUDGET
        started = time.perf_counter()
        deadline = time.monotonic() + budget.seconds if budget.seconds is not None else None
        job = worker.encode(spec.id, spec.rules.view(state, seat), seat, legal, level, seed, budget, deadline)
        for _ in range(2):  # a dead worker: a new pool, the job once more
            executor = self.executor
            if executor is None:
                break
            try:
                index = await asyncio.get_running_loop().run_in_executor(executor, worker.think, job)
            except BrokenProcessPool:
                self._restart(executor)
                continue
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
