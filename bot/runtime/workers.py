"""Worker processes started with the bot: the strong AI's searches and the pictures are done in them.

Why processes: CPU-bound Python in a thread of the bot holds the GIL in 5-ms
slices, so every click arriving meanwhile waits for it at each step of its
path.  A process of its own holds neither the GIL nor the event loop, and a
machine's other cores do the work.  Two pools use this module, each with its
own jobs and fallbacks: :mod:`bot.core.ai.pool` (long searches, at a lower CPU
priority) and :mod:`bot.frontend.ui.picture_pool` (short drawings on the click's path).

What both need, written once here:

* the workers are started once, with the bot (:meth:`WorkerPool.start`), with
  the ``spawn`` start method: a fresh interpreter, safe beside a running
  asyncio loop and its threads (``fork`` would copy them mid-flight);
* a worker that dies (killed, out of memory) breaks the pool: it is replaced
  and the job asked again (:meth:`WorkerPool.run`); after :data:`MAX_RESTARTS`
  restarts within :data:`RESTART_WINDOW` seconds the pool is given up
  (:class:`Unavailable`), and the caller does the job in a thread — a worker
  that cannot live would otherwise be respawned for every job;
* a worker belongs to the bot process that started it (:func:`setup_worker`):
  it ignores SIGINT and SIGTERM (a Ctrl-C or a service manager's stop reaches
  the whole process group; the bot then closes its pools, letting a job in
  flight finish, instead of seeing its workers die under it), and it exits on
  its own when that process is gone (a ``kill -9``, a crash), so no orphan
  lingers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
START_METHOD = "spawn"
MAX_RESTARTS = 3
RESTART_WINDOW = 60.0
WATCH_EVERY = 1.0  # seconds between two looks at the parent process
T = TypeVar("T")


def ready() -> int:
    """A no-op job: submitting one per worker makes the pool start them all (at the bot's start)."""
    return os.getpid()


def note_restart(restarts: list[float], now: float) -> bool:
    """Count a restart at ``now`` in ``restarts`` (kept to the window); False once there were too many."""
    restarts[:] = [t for t in restarts if now - t < RESTART_WINDOW] + [now]
    return len(restarts) <= MAX_RESTARTS


class Unavailable(Exception):
    """The pool has no workers (none asked for, closed, or given up after dying too often): use a thread."""


class Pool:
    """What every pool of workers is told: its name (for the log), how many processes, their set-up and first job."""

    def __init__(
        self,
        name: str,
        workers: int,
        initializer: Callable[..., None],
        *,
        initargs: tuple[Any, ...] = (),
        warm_up: Callable[[], Any] = ready,
        start_method: str = START_METHOD,
    ) -> None:
        if workers < 0:
            raise ValueError("workers must be 0 (threads) or more")
        self.name = name
        self.workers = workers
        self.initializer = initializer
        self.initargs = initargs
        self.warm_up = warm_up
        self.start_method = start_method
        self.restarts: list[float] = []  # monotonic times of the recent restarts (see note_restart)


class WorkerPool(Pool):
    """``workers`` processes for one kind of job; none when ``workers`` is 0 (every job then raises Unavailable).

    Jobs go through ``concurrent.futures``' process pool: fine for the AI's
    long searches (a queued one that timed out is dropped before it starts);
    the pictures' short jobs use :class:`bot.runtime.pipe_pool.PipePool`, without its
    two threads.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.executor: ProcessPoolExecutor | None = None
        self.warming: list[Future[Any]] = []

    def start(self) -> None:
        """Start the worker processes now (not at the first job); returns at once.

        The executor spawns a worker per job while none is idle: one ``warm_up``
        job each (a no-op, or a first use of the worker's caches) starts them all.
        """
        if self.workers == 0 or self.executor is not None:
            return
        self.executor = self._new_executor()
        self.warming = [self.executor.submit(self.warm_up) for _ in range(self.workers)]
        log.info("%s: %d worker process(es) starting", self.name, self.workers)

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context(self.start_method),
            initializer=self.initializer,
            initargs=self.initargs,
        )

    async def run(self, job: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``job(*args)`` in a worker; a dead worker: a new pool and the job once more.

        Raises :class:`Unavailable` when there is no pool (or it broke again),
        and ``TimeoutError`` after ``timeout`` seconds (the job is dropped from
        the queue if it has not started).
        """
        loop = asyncio.get_running_loop()
        for _ in range(2):
            executor = self.executor
            if executor is None:
                break
            try:
                return await asyncio.wait_for(loop.run_in_executor(executor, job, *args), timeout)
            except BrokenProcessPool:
                self.restart(executor)
        raise Unavailable(self.name)

    def restart(self, broken: ProcessPoolExecutor) -> None:
        """Replace a broken pool (once, however many jobs saw it break); give up after too many restarts."""
        if self.executor is not broken:
            return  # another job's failure replaced it already
        broken.shutdown(wait=False, cancel_futures=True)
        if not note_restart(self.restarts, time.monotonic()):
            log.error("%s: workers died %d times in %.0f s; threads do its jobs from now on",
                      self.name, len(self.restarts), RESTART_WINDOW)
            self.executor = None
            return
        log.warning("%s: a worker process died; starting a new pool", self.name)
        self.executor = self._new_executor()

    async def close(self) -> None:
        """Stop the workers (with the bot): a job in flight may finish, queued ones are dropped."""
        executor, self.executor = self.executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)

    def pids(self) -> list[int]:
        """The live worker processes' ids (for tests and the log)."""
        executor = self.executor
        processes: dict[int, Any] = getattr(executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.is_alive()]


# -- inside a worker ----------------------------------------------------------------------------------------------


def setup_worker(*, nice: int = 0, idle: bool = False) -> None:
    """A worker process's start: stop signals left to the bot, ``nice`` added to its priority, the parent watched.

    ``idle``: the process runs only when no other wants the CPU (Linux's
    ``SCHED_IDLE``), where the system has it; ``nice`` still applies elsewhere.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(AttributeError, OSError):  # no nice() on Windows
            os.nice(nice)
    if idle:
        with contextlib.suppress(AttributeError, OSError):  # SCHED_IDLE is Linux's
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    parent = os.getppid()
    threading.Thread(target=_watch_parent, args=(parent,), name="kado-worker-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        if os.getppid() != parent:
            os._exit(0)
