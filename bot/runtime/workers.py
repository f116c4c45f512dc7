"""Worker processes started with the bot: the strong AI's searches and the pictures are done in them.

Why processes: CPU-bound Python in a thread of the bot holds the GIL in 5-ms
slices, so every click arriving meanwhile waits for it at each step of its
path.  A process of its own holds neither the GIL nor the event loop, and a
machine's other cores do the work.  Two pools use this module, each with its
own jobs and fallbacks: :mod:`bot.core.ai.pool` (long searches, at a lower CPU
priority) and :mod:`bot.frontend.drawing.picture_pool` (short drawings on the click's path).

What both need, written once here:

* the workers are started once, with the bot (:meth:`WorkerPool.start`), with
  the ``spawn`` start method: a fresh interpreter, safe beside a running
  asyncio loop and its threads (``fork`` would copy them mid-flight);
* a worker that dies (killed, out of memory) breaks the pool: it is replaced
  and the job asked again (:meth:`WorkerPool.run`); after :data:`MAX_RESTARTS`
  restarts within :data:`RESTART_WINDOW` seconds the pool is given up
  (:class:`Unavailable`), and the caller does the job in a thread — a worker
  that cannot live would otherwise be respawned for every job;
* a worker that does not answer is watched (a SIGSTOPped AI worker
  was never replaced, 17 strong moves fell back in silence, and SIGTERM did
  not stop the bot): a job still *running* :data:`HANG_GRACE` seconds after
  its caller's deadline means a hung worker, which is killed and replaced
  (:meth:`WorkerPool.run`, counted in the metrics); the caller has meanwhile
  answered by its fallback, with a warning (:class:`Late`).  Closing never
  waits on a hung worker longer than :data:`CLOSE_GRACE`: it is killed, and
  every worker is reaped (no zombie);
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

from bot.runtime import metrics

log = logging.getLogger(__name__)
START_METHOD = "spawn"
MAX_RESTARTS = 3
RESTART_WINDOW = 60.0
WATCH_EVERY = 1.0  # seconds between two looks at the parent process
HANG_GRACE = 3.0
"""Seconds a job may run past its deadline before its worker counts as hung and is killed.

An AI search stops at its own deadline (:mod:`bot.core.ai.worker`), so a late
answer is milliseconds late; but the workers run at ``SCHED_IDLE``, and on a
machine busy for a moment they may get no CPU for a while.  Three seconds
tells a stopped process from a starved one."""
CLOSE_GRACE = 1.0
"""Seconds closing waits for a worker to finish its job before killing it (the bot's stop: 5 s drain + 1 s)."""
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


class Late(TimeoutError):
    """A job was running in a worker when its deadline passed: the caller falls back, *with a warning*.

    (A plain ``TimeoutError`` is a job that never left the queue: a pool busier than its cores, no fault.)
    """


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
        for _ in range(2):
            executor = self.executor
            if executor is None:
                break
            try:
                done = executor.submit(job, *args)
            except (BrokenProcessPool, RuntimeError):  # broken, or shut down by a restart meanwhile
                self.restart(executor)
                continue
            answer = asyncio.wrap_future(done)
            answer.add_done_callback(_retrieved)  # (a late job's end, a broken pool, is nobody's news)
            try:
                return await asyncio.wait_for(asyncio.shield(answer), timeout)
            except BrokenProcessPool:
                self.restart(executor)
            except TimeoutError:
                if done.cancel():  # still in the queue: dropped, nothing wrong with the workers
                    raise
                # running in a worker at its deadline: late, and hung if it still runs HANG_GRACE later
                detached_watch = asyncio.get_running_loop().call_later(HANG_GRACE, self._hung, executor, done)
                done.add_done_callback(lambda _f, w=detached_watch: w.cancel())
                raise Late(self.name) from None
        raise Unavailable(self.name)

    def _hung(self, executor: ProcessPoolExecutor, job: Future[Any]) -> None:
        """A job ran :data:`HANG_GRACE` past its deadline: its worker is hung.  Kill the pool's workers, replace it.

        ``concurrent.futures`` does not say which worker holds which job, so
        every worker of that pool is killed (the others' jobs are asked again
        of the new pool, :meth:`run`); a pool has a worker per spare core.
        """
        if job.done() or self.executor is not executor:
            return
        log.warning("%s: a worker did not answer within %g s of its deadline; killing and replacing it",
                    self.name, HANG_GRACE)
        metrics.worker_replaced(self.name, "hung")
        _kill(self.pids_of(executor))
        self.restart(executor, hung=True)

    def restart(self, broken: ProcessPoolExecutor, *, hung: bool = False) -> None:
        """Replace a broken pool (once, however many jobs saw it break); give up after too many restarts."""
        if self.executor is not broken:
            return  # another job's failure replaced it already
        processes = list((getattr(broken, "_processes", None) or {}).values())
        broken.shutdown(wait=False, cancel_futures=True)
        threading.Thread(target=_end, args=(processes,), name="kado-worker-reaper", daemon=True).start()
        if not hung:
            metrics.worker_replaced(self.name, "died")
        if not note_restart(self.restarts, time.monotonic()):
            log.error("%s: workers died %d times in %.0f s; threads do its jobs from now on",
                      self.name, len(self.restarts), RESTART_WINDOW)
            self.executor = None
            return
        log.warning("%s: a worker process %s; starting a new pool", self.name, "hung" if hung else "died")
        self.executor = self._new_executor()
        self.warming = [self.executor.submit(self.warm_up) for _ in range(self.workers)]  # up now, not at a job

    async def close(self) -> None:
        """Stop the workers (with the bot): a job in flight has :data:`CLOSE_GRACE` to finish, queued ones are dropped.

        Never waits on a hung worker: past the grace it is killed, then every worker is reaped.
        """
        executor, self.executor = self.executor, None
        if executor is None:
            return
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(_end, processes)

    def pids(self) -> list[int]:
        """The live worker processes' ids (for tests and the log)."""
        return self.pids_of(self.executor)

    @staticmethod
    def pids_of(executor: ProcessPoolExecutor | None) -> list[int]:
        """The live processes of ``executor`` (from its private table: the executor offers no public one)."""
        processes: dict[int, Any] = getattr(executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.is_alive()]


def _retrieved(answer: asyncio.Future[Any]) -> None:
    if not answer.cancelled():
        answer.exception()


def _end(processes: list[Any]) -> None:
    """Give the workers :data:`CLOSE_GRACE` seconds (all together) to exit, kill the rest, reap them all.

    (Reaped through their ``Process`` objects, as multiprocessing would: no zombie is left, and none is
    waited for twice.)
    """
    give_up = time.monotonic() + CLOSE_GRACE
    for p in processes:
        p.join(max(0.0, give_up - time.monotonic()))
    for p in processes:
        if p.is_alive():
            with contextlib.suppress(OSError, AttributeError):
                p.kill()
    for p in processes:
        p.join(1.0)


def _kill(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)  # (a stopped process dies of SIGKILL too)


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
