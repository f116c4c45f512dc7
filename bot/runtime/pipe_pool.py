"""Worker processes the event loop talks to over pipes, with no thread in between: the pictures' pool.

Why not ``concurrent.futures``' process pool (:class:`bot.runtime.workers.WorkerPool`,
which the AI's long searches still use): it moves every job through two
threads of the bot, a feeder that writes it to the worker and a manager that
reads the answer back.  Each needs the GIL, which the busy event loop holds
slice after slice, so under load a board waited for its trip several times
as long as its drawing took (docs/performance-journal.md, "Where a click
waits, and the picture's trip").  Here the loop writes the job
itself and reads the answer when the pipe says it is there
(``loop.add_reader``): nothing waits for a thread.

How:

* each worker has two pipes: jobs in (``Connection.send_bytes``: a pickle),
  answers out (a 4-byte length and a pickle, written whole by the worker).
  A worker is sent its next job only when it has answered the last (one in
  flight each), so it is always reading when the loop writes, and the write
  never stalls the loop; jobs wait in the pool's queue and go to whichever
  worker is free;
* the answer pipe is read without blocking, a frame at a time as its bytes
  arrive (a 150-KB picture crosses a 64-KB pipe in pieces);
* a worker is a fresh interpreter (``spawn``) set up by
  :func:`bot.runtime.workers.setup_worker`; it exits when its job pipe closes (the bot
  closed the pool, or died);
* a worker that dies is replaced, and its job in flight asked once more of
  another; a replacement is *starting* until it has done its ``warm_up``
  (an interpreter, the imports, the fonts: seconds on a busy machine), and
  while no worker is ready every job -- the one asked
  again included -- raises :class:`~bot.runtime.workers.Unavailable` at once,
  so the caller draws in a thread rather than a move waiting for the new
  worker (which held up the first move after a killed worker); after
  :data:`~bot.runtime.workers.MAX_RESTARTS` deaths in
  :data:`~bot.runtime.workers.RESTART_WINDOW` seconds the pool gives up and every job
  raises :class:`~bot.runtime.workers.Unavailable` (the caller draws in a thread).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import pickle
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from bot.runtime import metrics
from bot.runtime.workers import Pool, Unavailable, note_restart

log = logging.getLogger(__name__)

HEADER = struct.Struct("!I")
CLOSE_GRACE = 1.0
"""Seconds a worker may take to finish its job and exit when the pool closes; then it is killed.

A picture takes milliseconds; the bot's stop is its 5 s drain plus a second, workers included
(a stopped worker held the stop for 5 s more)."""


@dataclass
class _Job:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    tries: int = 0
    sent: float = 0.0  # when a worker was given it (monotonic)


@dataclass
class _Worker:
    """One process, its two pipe ends on the bot's side, and the job it is doing (if any)."""

    process: Any  # multiprocessing's SpawnProcess
    jobs: Connection  # written by the loop
    answers: Connection  # read by the loop, without blocking
    doing: _Job | None = None
    received: bytearray = field(default_factory=bytearray)
    hung: bool = False  # killed for taking too long on one job (counted so in the metrics when it is replaced)
    ready: bool = True  # False for a replacement until it has answered its warm-up: no job waits for its start


class PipePool(Pool):
    """``workers`` processes doing one kind of job for the event loop; none when ``workers`` is 0."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.context = multiprocessing.get_context(self.start_method)
        self.live: list[_Worker] = []
        self.queue: collections.deque[_Job] = collections.deque()
        self.warming: list[asyncio.Future[Any]] = []
        self.closed = self.workers == 0
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- the bot's side ------------------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the workers now (from the running loop), each first doing ``warm_up``; returns at once."""
        if self.closed or self.live:
            return
        self._loop = asyncio.get_running_loop()
        for _ in range(self.workers):
            self._spawn()
        self.warming = [self._enqueue(self.warm_up, ()) for _ in range(self.workers)]
        log.info("%s: %d worker process(es) starting", self.name, self.workers)

    async def run(self, function: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        """``function(*args)`` in a worker (both picklable by reference: module-level); its exception re-raised.

        Raises :class:`~bot.runtime.workers.Unavailable` when there are no workers (none
        asked for, closed, or given up after dying too often), and
        ``TimeoutError`` after ``timeout`` seconds: the job is dropped, and a
        worker still doing it is ended and replaced (a hung worker would
        otherwise hold every later job, and the channel waiting for one).
        """
        if self.closed or not self.live or not self.ready:
            raise Unavailable(self.name)
        future = self._enqueue(function, args)
        if timeout is None:
            return await future
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            future.cancel()  # dropped from the queue, or not asked again when its worker's end is read (_died)
            for worker in self.live:
                job = worker.doing
                if job is not None and job.future is future and time.monotonic() - job.sent >= timeout:
                    # the whole time on this one job (not waiting in the queue behind others): hung
                    log.error("%s: a worker took over %g s on one job; ending it", self.name, timeout)
                    worker.hung = True
                    worker.process.kill()  # its pipe ends: _died replaces it
            raise

    async def close(self) -> None:
        """Stop the workers (with the bot): a job in flight may finish, queued ones are dropped."""
        self.closed = True
        self._fail_queue()
        workers, self.live = self.live, []
        for worker in workers:
            worker.jobs.close()  # the worker reads the end of its jobs, finishes the one in hand and exits
        await asyncio.gather(*(asyncio.to_thread(self._stop, worker) for worker in workers))
        for worker in workers:
            self._forget(worker, Unavailable(self.name))

    @property
    def ready(self) -> bool:
        """Whether a worker is ready for jobs (not only replacements still starting)."""
        return any(worker.ready for worker in self.live)

    def pids(self) -> list[int]:
        """The live worker processes' ids (for tests and the log)."""
        return [w.process.pid for w in self.live if w.process.is_alive()]

    # -- jobs ----------------------------------------------------------------------------------------------------

    def _enqueue(self, function: Callable[..., Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        assert self._loop is not None
        job = _Job(function, args, self._loop.create_future())
        self.queue.append(job)
        self._dispatch()
        return job.future

    def _dispatch(self) -> None:
        """Give queued jobs to free workers (a job whose caller stopped waiting is dropped)."""
        for worker in self.live:
            while worker.doing is None and self.queue:
                job = self.queue.popleft()
                if job.future.done():
                    continue
                try:
                    frame = pickle.dumps((job.function, job.args), pickle.HIGHEST_PROTOCOL)
                except Exception as exc:  # a job that cannot cross fails its caller, not the pool
                    job.future.set_exception(exc)
                    continue
                if not self._give(worker, job, frame):
                    self.queue.appendleft(job)
                    break

    @staticmethod
    def _give(worker: _Worker, job: _Job, frame: bytes) -> bool:
        """Send ``job`` to a free ``worker``; False if the worker is gone (its reader sees the end and replaces it)."""
        try:
            worker.jobs.send_bytes(frame)
        except OSError:
            return False
        job.tries += 1
        job.sent = time.monotonic()
        worker.doing = job
        return True

    def _readable(self, worker: _Worker) -> None:
        """Bytes on a worker's answer pipe: take what is there; a whole frame answers its job."""
        try:
            chunk = os.read(worker.answers.fileno(), 1 << 20)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._died(worker)
            return
        worker.received += chunk
        while len(worker.received) >= HEADER.size:
            (size,) = HEADER.unpack_from(worker.received)
            if len(worker.received) < HEADER.size + size:
                return
            frame = bytes(worker.received[HEADER.size:HEADER.size + size])
            del worker.received[:HEADER.size + size]
            self._answered(worker, frame)

    def _answered(self, worker: _Worker, frame: bytes) -> None:
        job, worker.doing = worker.doing, None
        worker.ready = True  # a replacement's first answer is its warm-up's
        ok, value = pickle.loads(frame)
        if job is not None and not job.future.done():
            if ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value)
        self._dispatch()

    # -- the workers' lives --------------------------------------------------------------------------------------

    def _spawn(self, *, replacing: bool = False) -> None:
        """Start a worker; a replacement is sent its warm-up first and is not ready until it has answered it."""
        jobs_in, jobs_out = self.context.Pipe(duplex=False)
        answers_in, answers_out = self.context.Pipe(duplex=False)
        process = self.context.Process(target=_serve, args=(jobs_in, answers_out, self.initializer),
                                       name=f"kado-{self.name.replace(' ', '-')}", daemon=True)
        process.start()
        jobs_in.close()
        answers_out.close()
        os.set_blocking(answers_in.fileno(), False)
        worker = _Worker(process, jobs_out, answers_in, ready=not replacing)
        self.live.append(worker)
        assert self._loop is not None
        self._loop.add_reader(answers_in.fileno(), self._readable, worker)
        if replacing:  # nobody waits on this job: it only marks the worker ready when answered
            warm = _Job(self.warm_up, (), self._loop.create_future())
            warm.future.add_done_callback(lambda f: f.cancelled() or f.exception())  # a failed warm-up is no error
            self._give(worker, warm, pickle.dumps((warm.function, warm.args), pickle.HIGHEST_PROTOCOL))

    def _died(self, worker: _Worker) -> None:
        """A worker's answer pipe ended: it died (or was closed).  Its job goes to another; it is replaced."""
        if worker not in self.live:  # closed by :meth:`close`: what it answered before the end was taken
            self._forget(worker, Unavailable(self.name))
            return
        self.live.remove(worker)
        job, worker.doing = worker.doing, None
        self._forget(worker, None)
        with contextlib.suppress(OSError):
            worker.jobs.close()
        self._reap(worker)
        if job is not None and not job.future.done():
            if job.tries < 2:
                self.queue.appendleft(job)  # asked once more, of a new worker
            else:
                job.future.set_exception(Unavailable(self.name))
        if self.closed:
            return
        if note_restart(self.restarts, time.monotonic()):
            log.warning("%s: a worker process ended; starting a new one", self.name)
            metrics.worker_replaced(self.name, "hung" if worker.hung else "died")
            self._spawn(replacing=True)
            if not self.ready:  # the callers' fallback now, not a wait for the new worker's start
                if self.queue:
                    log.warning("%s: %d job(s) left to the fallback while a new worker starts", self.name,
                                len(self.queue))
                self._fail_queue()
            self._dispatch()
            return
        log.error("%s: workers died %d times recently; threads do its jobs from now on", self.name,
                  len(self.restarts))
        self.closed = True
        others, self.live = self.live, []
        for other in others:
            other.jobs.close()  # its answer pipe's end is then read as a closed worker's (_died: forgotten)
            self._reap(other)  # (it exits at the end of its jobs; without a join it stayed a zombie)
        self._fail_queue()

    def _fail_queue(self) -> None:
        """Every queued job raises Unavailable in its caller (who then does it in a thread)."""
        for job in self.queue:
            if not job.future.done():
                job.future.set_exception(Unavailable(self.name))
        self.queue.clear()

    def _forget(self, worker: _Worker, reason: BaseException | None) -> None:
        """Stop reading a worker's answers and close its end; its job in flight fails with ``reason``."""
        if self._loop is not None and not worker.answers.closed:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(worker.answers.fileno())
            worker.answers.close()
        if reason is not None and worker.doing is not None and not worker.doing.future.done():
            worker.doing.future.set_exception(reason)
            worker.doing = None

    def _reap(self, worker: _Worker) -> None:
        """Join a worker that is ending, off the loop: no zombie is left (killed after CLOSE_GRACE if it hangs)."""
        worker.process.join(timeout=0)
        if worker.process.exitcode is None:
            threading.Thread(target=self._stop, args=(worker,), name="kado-worker-reaper", daemon=True).start()

    @staticmethod
    def _stop(worker: _Worker) -> None:
        worker.process.join(CLOSE_GRACE)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(1)


# -- inside a worker ----------------------------------------------------------------------------------------------


def _serve(jobs: Connection, answers: Connection, initializer: Callable[[], None]) -> None:
    """A worker's life: set up, then answer each job in turn until its job pipe ends."""
    initializer()
    while True:
        try:
            frame = jobs.recv_bytes()
        except (EOFError, OSError):
            return
        function, args = pickle.loads(frame)
        try:
            answer = pickle.dumps((True, function(*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            answer = _failure(exc)
        try:
            _write_all(answers.fileno(), HEADER.pack(len(answer)) + answer)
        except OSError:
            return


def _write_all(fd: int, data: bytes) -> None:
    """The whole of ``data`` to a blocking pipe, in as many writes as it takes (the bot reads it in pieces)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _failure(exc: Exception) -> bytes:
    """A job's exception as an answer; one that cannot be pickled is named in a RuntimeError."""
    try:
        return pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
    except Exception:
        return pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")), pickle.HIGHEST_PROTOCOL)
