"""What runs inside an AI worker process (:mod:`bot.core.ai.pool`): one strong search per job, from JSON.

The worker is handed what the seat may know — its view and its legal list,
as JSON, with the game's id, the seed and the budget — never the true state,
which stays in the bot's process (the same no-peeking line as
:func:`bot.core.ai.choose`).  It loads the game by id (``bot.core.games``, once per
process) and answers with the index of its choice in the legal list.

It runs only on CPU time nothing else wants (Linux's ``SCHED_IDLE``;
elsewhere at nice +10): on a busy machine the bot's clicks and pictures go
first and the AIs take what is left — they answer on their deadline either
way, with a shorter search.  At nice +10 alone a click still waited for a
search's slice now and then: with tables of AIs thinking, the click's
answer was slower at the 99th percentile than with ``SCHED_IDLE``
(docs/performance.md, "Figures behind the code").  Its rollouts also pause while the bot handles a
player's click (:mod:`bot.core.ai.gate`), which pushes their end back, up to
the job's deadline (:func:`budget_for`).  The rest of a worker's life
(signals, its parent watched) is :func:`bot.runtime.workers.setup_worker`'s.
"""

from __future__ import annotations

import json
import time
from typing import Any

from bot.core import games
from bot.runtime import workers

from . import choose_from_view, gate
from . import think as search_think
from .search import Budget

NICE = 10
SLACK = 0.4
"""Seconds a search lengthened by its pauses (``Budget.extend``) leaves before its deadline.

A worker at ``SCHED_IDLE`` on a busy machine may be kept off the CPU for a
while (``bench.ai.paused``, with the cores loaded by others): a search that
ran up to its deadline would then miss it, and the
normal heuristic would answer, with a warning.  A search that is not
lengthened keeps its whole think time, as before; and a search's rollouts do
not depend on how long it may be lengthened (:mod:`bot.core.ai.gate`)."""
MIN_SECONDS = 0.01
"""A search picked up after its deadline still samples a few worlds (its answer is then
the normal heuristic's move or close to it) rather than none: it is late already."""


def init(*gate_args: Any) -> None:
    """The worker process's start: a worker of the bot, at the lowest priority, pausing for clicks, every game loaded.

    ``gate_args``: :meth:`bot.core.ai.gate.ClickGate.worker_args` (none: searches never pause).
    """
    workers.setup_worker(nice=NICE, idle=True)
    if gate_args:
        gate.install(*gate_args)
    games.available()  # import every game now, not in the first search


def budget_for(
    seconds: float | None, max_sims: int | None, deadline: float | None, extend: float = 0.0, now: float | None = None
) -> Budget:
    """The job's budget: its own, cut at ``deadline`` (``time.monotonic``, one clock for the whole machine).

    The deadline is the bot's: when the search was asked for, plus the think
    time, plus the visible pause.  A job that waited in the queue behind other
    searches gets what is left, so every AI still answers on time, as a
    thread's search would.  ``extend`` (seconds the search's pauses for clicks
    may lengthen it, :mod:`bot.core.ai.gate`) is cut the same way, with
    :data:`SLACK` to spare: the search ends by the deadline even if every
    pause is forgiven, so it is not late nor taken for a hung worker.
    ``now``: the current ``time.monotonic()`` (a test's own).
    """
    if deadline is not None:
        now = time.monotonic() if now is None else now
        left = max(MIN_SECONDS, deadline - now)
        seconds = left if seconds is None else min(seconds, left)
        extend = min(extend, max(0.0, deadline - SLACK - now - seconds))
    return Budget(seconds=seconds, max_sims=max_sims, extend=extend if seconds is not None else 0.0)


def think(payload: str) -> tuple[int, int, bool]:
    """One strong search from :func:`encode`'s JSON: (index into its legal list, rollouts run, cut by its deadline).

    "Cut": the job waited so long in the queue that what was left before its
    answer's due time was less than its think time (counted as a shortened
    move: :mod:`bot.core.ai.strain`).
    """
    job: dict[str, Any] = json.loads(payload)
    spec = games.get(job["game"])
    legal = job["legal"]
    budget = budget_for(job["seconds"], job["max_sims"], job["deadline"], job.get("extend", 0.0))
    cut = job["seconds"] is not None and budget.seconds is not None and budget.seconds < job["seconds"] - 1e-3
    if job["level"] == "strong" and len(legal) > 1:
        report = search_think(spec, job["view"], job["seat"], legal, job["seed"], budget)
        return int(legal.index(report.action)), int(report.sims), cut
    action = choose_from_view(spec, job["view"], job["seat"], legal, job["level"], job["seed"], budget)
    return int(legal.index(action)), 0, cut


def encode(
    game: str, view: Any, seat: int, legal: list[Any], level: str, seed: int, budget: Budget, deadline: float | None
) -> str:
    """The job as JSON: what the seat knows and how long it may think (nothing else crosses)."""
    return json.dumps(
        {
            "game": game, "view": view, "seat": seat, "legal": legal, "level": level, "seed": seed,
            "seconds": budget.seconds, "max_sims": budget.max_sims, "extend": budget.extend, "deadline": deadline,
        },
        separators=(",", ":"),
    )
