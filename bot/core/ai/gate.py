"""Players first: the AI workers' searches pause while a player's click is being handled (a bounded time a move).

Why: the workers already run on CPU time nothing else wants (``SCHED_IDLE``,
:mod:`bot.core.ai.worker`), so the scheduler hands a click's picture or event loop
a core at once.  A search running beside a click still slows it: it fills the
caches and memory bandwidth the click's code then misses: with tables of
strong AIs beside human games (``bench.ai.load``), the click's answer was
slower at the 99th percentile than with none, and pausing the searches while
a click is in hand won most of that back (docs/performance.md, "Figures
behind the code").

What the AIs lose: nothing.  A search's think time counts only the time it
ran (:func:`bot.core.ai.search.think_time_spent`): each pause pushes its end
back, by ``Budget.extend`` seconds in all (:data:`bot.core.ai.pool.EXTEND`:
one think time at most, cut so the search still ends
:data:`bot.core.ai.worker.SLACK` before its answer is due).  Once a search has
paused that long it stops pausing (:func:`allowing`) and runs beside the
clicks, still at ``SCHED_IDLE``.  So it always runs its whole think time: the
hard bound on its wall-clock time is ``seconds + extend`` (twice its think
time at most), and its answer comes
when due, as before (``ai_delay`` + think time).  The extension only says how
long the clicks are spared it.  When the pauses came out of the search's
time, back-to-back clicks left a search a small part of its idle rollouts;
since, it runs nearly all of them (``bench.ai.paused``).

How: one counter in shared memory, read by the search at every step
of a rollout (a ctypes read, a small fraction of a step).  While it
is set, a worker looks again every :data:`POLL` seconds.  The bot's side
(:class:`ClickGate`) only writes the counter: no lock, no system call.  It
used a ``multiprocessing.Event`` first, whose ``set()`` waits until every
sleeping worker has woken, and a worker at ``SCHED_IDLE`` wakes only when a
core is free: the event loop then stood still behind the lowest-priority
processes on the machine (``set()`` took milliseconds with workers asleep
and both cores busy, against microseconds with none asleep).  The workers'
side (:func:`install`, :func:`wait_while_closed`) runs inside them.

Never a hang: a worker waits at most :data:`LONGEST_PAUSE` for one closed
stretch, then searches on until the gate opens and closes again.  A click
stuck on a slow request, or a bug that left the gate shut, costs the AIs that
much once, not their moves.  Nor is a paused search taken for a hung worker:
it still ends before its job's deadline, so the pool's watchdog
(:data:`bot.runtime.workers.HANG_GRACE` past it) sees only a stopped process.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing.context
import time
from collections.abc import Callable, Iterator
from typing import Any

from . import search

LONGEST_PAUSE = 0.1
"""Seconds a worker waits for one closed stretch at most (several times a click's answer)."""

POLL = 0.001
"""Seconds between a paused worker's looks at the gate: it searches again at most this long after the click."""


class ClickGate:
    """The bot's side: :meth:`held` around each player's click; :meth:`worker_args` for the workers' start."""

    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        # 0: open; otherwise the number of the current closed stretch (so a worker can tell a new one).
        self._stretch = context.RawValue("Q", 0)
        self._holders = 0
        self._stretches = 0

    def worker_args(self) -> tuple[Any]:
        """What a worker needs to obey the gate (passed at its start, as the pool's ``initargs``)."""
        return (self._stretch,)

    @property
    def closed(self) -> bool:
        return self._holders > 0

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Shut while the block runs (nested and overlapping holds: shut until the last one ends)."""
        self._holders += 1
        if self._holders == 1:
            self._stretches += 1
            self._stretch.value = self._stretches
        try:
            yield
        finally:
            self._holders -= 1
            if self._holders == 0:
                self._stretch.value = 0


# -- inside a worker ----------------------------------------------------------------------------------------------

_stretch: Any = None
_waited_out = 0  # the closed stretch this worker stopped waiting for (LONGEST_PAUSE)
_left = math.inf  # seconds the current search may still spend paused (no search in hand: no limit)
_paused = 0.0  # seconds the current search has spent paused

clock: Callable[[], float] = time.monotonic
sleep: Callable[[float], None] = time.sleep
"""The wait's clock and sleep (module attributes so a test can run the wait on a clock of its own)."""


def install(stretch: Any) -> None:
    """In a worker process: make the search's rollouts wait while the bot's gate is shut."""
    global _stretch
    _stretch = stretch
    search.pause_point = wait_while_closed
    search.pausing = allowing


@contextlib.contextmanager
def allowing(extend: float) -> Iterator[Callable[[], float]]:
    """Around one search: its rollouts pause for clicks ``extend`` seconds in all; yields the seconds paused so far.

    Past that the search runs beside the clicks: its pauses are forgiven only
    up to ``extend`` (:func:`bot.core.ai.search.think_time_spent`), and a
    pause that no longer moves its end back would cost the AI its rollouts.
    """
    global _left, _paused
    _left, _paused = extend, 0.0
    try:
        yield lambda: _paused
    finally:
        _left, _paused = math.inf, 0.0


def wait_while_closed() -> None:
    """Return at once if the gate is open; else wait for it to open, at most LONGEST_PAUSE per closed stretch.

    A new stretch begun meanwhile ends this wait too: the next step waits for it, with a pause of its own.
    Within a search (:func:`allowing`) it waits only as long as the search may still pause.
    """
    global _waited_out, _left, _paused
    stretch = _stretch.value
    if not stretch or stretch == _waited_out or _left <= 0:
        return
    began = clock()
    give_up = began + min(LONGEST_PAUSE, _left)
    try:
        while _stretch.value == stretch:
            if clock() >= give_up:
                _waited_out = stretch
                return
            sleep(POLL)
    finally:
        waited = clock() - began
        _paused += waited
        _left -= waited
