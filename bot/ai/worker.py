"""What runs inside an AI worker process (:mod:`bot.ai.pool`): one strong search per job, from JSON.

The worker is handed what the seat may know — its view and its legal list,
as JSON, with the game's id, the seed and the budget — never the true state,
which stays in the bot's process (the same no-peeking line as
:func:`bot.ai.choose`).  It loads the game by id (``bot.games``, once per
process) and answers with the index of its choice in the legal list.

A worker belongs to the bot process that started it:

* it ignores SIGINT and SIGTERM.  A Ctrl-C in a terminal or a service
  manager's stop reaches every process of the group at once; the bot then
  closes its pool (letting a search in flight finish) instead of seeing its
  workers die under it and restarting them mid-shutdown;
* it exits on its own when that process is gone (a ``kill -9``, a crash):
  a watchdog thread notices its parent changed, so no orphan lingers;
* it runs at a lower CPU priority (nice +10): on a busy machine the
  bot's clicks go first and the AIs take what is left — they answer on
  their deadline either way, with a shorter search.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
import time
from typing import Any

from bot import games

from . import choose_from_view
from .search import Budget

NICE = 10
WATCH_EVERY = 1.0  # seconds between two looks at the parent process
MIN_SECONDS = 0.01
"""A search picked up after its deadline still samples a few worlds (its answer is then
the normal heuristic's move or close to it) rather than none: it is late already."""


def init() -> None:
    """The worker process's start: signals, priority, the parent watchdog, every game loaded."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # no nice() on Windows
        os.nice(NICE)
    parent = os.getppid()
    threading.Thread(target=_watch_parent, args=(parent,), name="kado-ai-parent-watch", daemon=True).start()
    games.available()  # import every game now, not in the first search


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        if os.getppid() != parent:
            os._exit(0)


def ready() -> int:
    """A no-op job: submitting one per worker makes the pool start them all (at the bot's start)."""
    return os.getpid()


def budget_for(seconds: float | None, max_sims: int | None, deadline: float | None) -> Budget:
    """The job's budget: its own, cut at ``deadline`` (``time.monotonic``, one clock for the whole machine).

    The deadline is the bot's: when the search was asked for, plus the think
    time.  A job that waited in the queue behind other searches gets what is
    left, so every AI still answers on time, as a thread's search would.
    """
    if deadline is not None:
        left = max(MIN_SECONDS, deadline - time.monotonic())
        seconds = left if seconds is None else min(seconds, left)
    return Budget(seconds=seconds, max_sims=max_sims)


def think(payload: str) -> int:
    """One strong search: ``payload`` is :func:`encode`'s JSON; the answer is an index into its legal list."""
    job: dict[str, Any] = json.loads(payload)
    spec = games.get(job["game"])
    legal = job["legal"]
    budget = budget_for(job["seconds"], job["max_sims"], job["deadline"])
    action = choose_from_view(spec, job["view"], job["seat"], legal, job["level"], job["seed"], budget)
    return int(legal.index(action))


def encode(
    game: str, view: Any, seat: int, legal: list[Any], level: str, seed: int, budget: Budget, deadline: float | None
) -> str:
    """The job as JSON: what the seat knows and how long it may think (nothing else crosses)."""
    return json.dumps(
        {
            "game": game, "view": view, "seat": seat, "legal": legal, "level": level, "seed": seed,
            "seconds": budget.seconds, "max_sims": budget.max_sims, "deadline": deadline,
        },
        separators=(",", ":"),
    )
