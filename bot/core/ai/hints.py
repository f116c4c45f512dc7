"""A hint: the strong AI's suggestion for one seat, from that seat's view alone, within a deadline.

Why from the view: a hint must never use what its player cannot see, so it
goes through the same door as an AI seat's move (:func:`bot.core.ai.think`
gets ``rules.view(state, seat)`` and the legal list, nothing else); the true
state never reaches the search nor the worker process.

Why a deadline: a player waiting for a hint must not wait longer than an AI
seat's move would take, so the answer is due at the strong AI's think time
plus :data:`SLACK`.  The search runs in the AI workers (off the click path, at
their low priority); when it has not answered by then (a queue full of other
tables' searches), the normal AI's choice answers, and the hint says so.

What a hint says: the best choice, its estimated chance (the search's mean
payoff: the seat's win share over the sampled worlds, 0–1) and the next-best
alternative with its own; the words are the game's own move labels
(:mod:`bot.frontend.inbound.hint_answers`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any

from bot.core import ai, games
from bot.core.ai import worker
from bot.engine import Action, State
from bot.gamefacts import Game
from bot.runtime.workers import Late, Unavailable

SLACK = 1.0
"""Seconds a hint may take beyond the strong AI's think time (its answer is due then, searched or not)."""

THINK_SECONDS = ai.DEFAULT_BUDGET.seconds or 0.9
"""The strong AI's think time per move: a hint searches as long as an AI seat does."""

RETURN_MARGIN = 0.1
"""Seconds before the answer is due that the search stops: time for its answer to come back."""


@dataclass(frozen=True)
class Hint:
    """The suggestion, as indices into the seat's legal list; ``searched`` False: the normal AI's choice."""

    best: int
    chance: float | None = None
    alternative: int | None = None
    alternative_chance: float | None = None
    searched: bool = True


def advise(spec: Game, view: Any, seat: int, legal: list[Action], seed: int, budget: ai.Budget) -> Hint:
    """The strong search's best and next-best choices for ``seat`` from ``view`` (deterministic in a sim budget)."""
    if len(legal) == 1:
        return Hint(0)
    report = ai.think(spec, view, seat, legal, seed, budget)
    scored = sorted(report.means, key=lambda i: report.means[i], reverse=True)
    best = legal.index(report.action)
    chance = {legal.index(report.candidates[i]): _share(report.means[i]) for i in scored}
    others = [legal.index(report.candidates[i]) for i in scored if legal.index(report.candidates[i]) != best]
    alternative = others[0] if others else None
    return Hint(best, chance.get(best), alternative, chance.get(alternative) if alternative is not None else None)


def _share(mean: float) -> float:
    """A mean payoff as a chance (the payoff adds a small score-margin term to the win share: clipped to 0–1)."""
    return min(1.0, max(0.0, mean))


def job(payload: str) -> dict[str, Any]:
    """One hint search in an AI worker: ``payload`` is :func:`encode`'s JSON; the answer, JSON-ready."""
    data = json.loads(payload)
    spec = games.get(data["game"])
    budget = worker.budget_for(data["seconds"], data["max_sims"], data["deadline"])
    hint = advise(spec, data["view"], data["seat"], data["legal"], data["seed"], budget)
    return dataclasses.asdict(hint)


def encode(game: str, view: Any, seat: int, legal: list[Action], seed: int, seconds: float, deadline: float) -> str:
    """What a hint's worker gets: the seat's view and legal list (never the state), the budget and the deadline."""
    return json.dumps(
        {
            "game": game, "view": view, "seat": seat, "legal": legal, "seed": seed,
            "seconds": seconds, "max_sims": ai.DEFAULT_BUDGET.max_sims, "deadline": deadline,
        },
        separators=(",", ":"),
    )  # fmt: skip


async def ask(pool: Any, spec: Game, state: State, seat: int, seed: int, think: float = THINK_SECONDS) -> Hint:
    """A hint for ``seat`` in ``state``, answered by ``think + SLACK`` seconds from now whatever the workers do.

    ``pool``: the AI workers (:class:`bot.core.ai.pool.ThinkPool`), or None
    to search in a thread (``AI_WORKERS=0``, tests).
    """
    legal = spec.rules.legal(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no choice to hint")
    view = spec.rules.view(state, seat)
    if len(legal) == 1:
        return Hint(0)
    due = time.monotonic() + think + SLACK
    payload = encode(spec.id, view, seat, legal, seed, think, due - RETURN_MARGIN)
    try:
        if pool is not None and getattr(pool, "executor", None) is not None:
            answer = await pool.run(job, payload, timeout=max(0.0, due - time.monotonic()))
        else:
            answer = await asyncio.wait_for(asyncio.to_thread(job, payload), max(0.0, due - time.monotonic()))
        return Hint(**answer)
    except (TimeoutError, Late, Unavailable):
        action = await asyncio.to_thread(ai.choose_from_view, spec, view, seat, legal, "normal", seed)
        return Hint(legal.index(action), searched=False)
