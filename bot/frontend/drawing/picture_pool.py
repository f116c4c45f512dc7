"""Where the pictures are drawn: worker processes (``PICTURE_WORKERS``), off the bot's GIL and its core.

Why: drawing a picture (Pillow and Python) is most of a move's CPU.
In a thread of the bot it holds the GIL for much of that, so every other
channel's click waits behind it, and the whole bot gets one core's worth of
work done however many the machine has (docs/performance-journal.md, "Pictures in
worker processes").  In a worker process it costs the bot only the job's
trip: the inputs out and the PNG back, a fraction of the drawing's CPU, and
nothing of the event loop's while the worker draws.

How:

* a picture is first looked up in :mod:`bot.frontend.drawing.picture_cache`, on the event
  loop: a move that leaves a picture's inputs as they were sends no job;
* a missing one is drawn from its :class:`~bot.frontend.drawing.picture_jobs.Job` (what the
  viewer may see, and nothing else) in a worker, which loads the game by id
  and draws exactly what a thread would: the same bytes
  (``tests/pictures/pool/test_picture_pool.py``);
* the workers are started with the bot and warmed up (fonts, text caches:
  the first picture of a process costs many times a warm one), and a dead one is replaced
  (:mod:`bot.runtime.pipe_pool`); with no pool (``PICTURE_WORKERS=0``, or one that kept
  dying) a picture is drawn in a thread, as before.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Hashable

from bot import i18n
from bot.core import games, turns
from bot.frontend.drawing import picture_cache
from bot.frontend.drawing.picture_jobs import Job, draw
from bot.runtime import metrics, workers
from bot.runtime.pipe_pool import PipePool
from bot.runtime.workers import START_METHOD, Unavailable

log = logging.getLogger(__name__)
WARM_LOCALES = ("en", "ja")
DRAW_TIMEOUT = 2.0
"""Seconds a worker may take over one picture (they take milliseconds): past that it is hung, and is replaced.

A longer limit made a stopped worker cost its channel as long; two seconds
is still hundreds of pictures' time on a busy machine."""


class PicturePool(PipePool):
    """Draws the pictures the cache does not hold: in ``workers`` processes, or in threads when ``workers`` is 0."""

    def __init__(self, workers: int, *, start_method: str = START_METHOD) -> None:
        super().__init__("picture pool", workers, init, warm_up=warm_up, start_method=start_method)
        self._drawing: dict[Hashable, tuple[asyncio.Task[bytes | None], Hashable]] = {}  # key -> task, its slot

    async def picture(self, job: Job) -> bytes | None:
        """``job``'s picture: kept from an earlier move if its inputs are the same, else drawn and kept.

        A picture already being drawn (:meth:`prefetch`, or another slot with
        the same inputs) is waited for, not drawn twice.
        """
        key = job.key()
        held = picture_cache.lookup(job.slot, key)
        if held is not picture_cache.MISSING:
            return held  # type: ignore[return-value]
        drawing, into = self._drawing.get(key) or (self._start(job, key), job.slot)
        png = await turns.elsewhere(asyncio.shield(drawing))  # the channel's work slot is free meanwhile
        if into != job.slot:  # drawn for another slot with the same inputs: this one keeps it too
            picture_cache.keep(job.slot, key, png)
        return png

    def prefetch(self, job: Job) -> None:
        """Start drawing ``job``'s picture now, unless it is kept or being drawn; :meth:`picture` finds it."""
        key = job.key()
        if key not in self._drawing and picture_cache.lookup(job.slot, key) is picture_cache.MISSING:
            self._start(job, key)

    def _start(self, job: Job, key: Hashable) -> asyncio.Task[bytes | None]:
        task = asyncio.get_running_loop().create_task(self._draw(job, key))
        self._drawing[key] = (task, job.slot)

        def done(task: asyncio.Task[bytes | None]) -> None:
            self._drawing.pop(key, None)
            if not task.cancelled():
                task.exception()  # retrieved: a drawing ahead that failed fails again for whoever then asks

        task.add_done_callback(done)
        return task

    async def _draw(self, job: Job, key: Hashable) -> bytes | None:
        asked, where = time.perf_counter(), "worker"
        try:
            png = await self.run(draw, job, timeout=DRAW_TIMEOUT)
        except TimeoutError:
            log.warning("picture pool: no picture from a worker within %g s; drawn in a thread", DRAW_TIMEOUT)
            metrics.fallback(self.name, "late")
            where = "thread"
            png = await asyncio.to_thread(draw, job)
        except Unavailable:  # no workers, given up, or a replacement still starting (bot/runtime/pipe_pool.py)
            if self.workers:
                metrics.fallback(self.name, "unavailable")
            where = "thread"
            png = await asyncio.to_thread(draw, job)
        metrics.picture_drawn(job.game, where, time.perf_counter() - asked)
        picture_cache.keep(job.slot, key, png)
        return png


# -- inside a worker ----------------------------------------------------------------------------------------------


def init() -> None:
    """The worker process's start: a worker of the bot (at the bot's own priority: a click waits for it)."""
    workers.setup_worker()
    games.available()


def warm_up() -> int:
    """Each game's opening board in each language, drawn once: fonts loaded and text measured before any click."""
    for game in games.available():
        spec = games.get(game)
        if not hasattr(spec.picture, "board"):
            continue
        state = spec.rules.new(spec.min_seats, 0, spec.resolve_options({}))
        inputs = spec.board_inputs(spec.rules.view(state, None))
        names = [f"P{seat + 1}" for seat in range(spec.min_seats)]
        for locale in WARM_LOCALES:
            spec.draw_board(inputs, names, i18n.translator(locale))
    return os.getpid()
