"""AI seats: choose an action from the seat's own view, never the full state.

Levels: ``easy`` picks a legal action at random; ``normal`` runs the game's
own heuristic (``cogs/<game>/ai.py``); ``strong`` searches (determinized
Monte Carlo with sequential halving, :mod:`bot.core.ai.search`) over worlds
sampled from the view with ``rules.determinize``.  Every level receives only
``rules.view(state, seat)`` and the seat's legal actions, so an AI cannot
read hidden cards even by accident: ``choose`` is the one place that touches
the true state, and it hands nothing else on.
"""

from __future__ import annotations

import copy
import random
import time
from typing import Any

from bot.engine import Action, State
from bot.gamefacts import Game
from bot.runtime import metrics

from . import search, tuning
from .search import DEFAULT_BUDGET, Budget, SearchReport

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"

__all__ = ["DEFAULT_BUDGET", "DEFAULT_LEVEL", "LEVELS", "Budget", "SearchReport", "choose", "choose_from_view", "think"]


def choose(spec: Game, state: State, seat: int, level: str, seed: int, budget: Budget | None = None) -> Action:
    """One legal action for ``seat`` at ``level``; deterministic in ``seed`` (and a sim-count ``budget``).

    ``budget`` only matters for ``strong`` (default :data:`DEFAULT_BUDGET`,
    under 1 s).  Runs synchronously: the session layer calls it in a worker
    thread so a thinking AI does not hold up the event loop.
    """
    started = time.perf_counter()
    legal = spec.rules.legal(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    view: dict[str, Any] = spec.rules.view(state, seat)
    action = choose_from_view(spec, view, seat, legal, level, seed, budget)
    metrics.ai_thought(spec.id, level, time.perf_counter() - started)  # the think time operators see
    return action


def choose_from_view(
    spec: Game,
    view: dict[str, Any],
    seat: int,
    legal: list[Action],
    level: str,
    seed: int,
    budget: Budget | None = None,
    **tuning_overrides: Any,
) -> Action:
    """The level's choice from what the seat may know: its view and its legal actions.

    Split from :func:`choose` so the benchmark and tests can pass tuning
    overrides (e.g. ``rollout="random"``) without a true state in reach.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    if level == "strong" and len(legal) > 1:
        return think(spec, view, seat, legal, seed, budget, **tuning_overrides).action
    rng = random.Random(seed)
    if level == "easy" or len(legal) == 1:
        return rng.choice(legal)
    action = spec.ai.choose(view, seat, legal, rng)
    return action if action in legal else rng.choice(legal)


def think(
    spec: Game,
    view: dict[str, Any],
    seat: int,
    legal: list[Action],
    seed: int,
    budget: Budget | None = None,
    **tuning_overrides: Any,
) -> SearchReport:
    """The strong level's search, with its report (rollouts run, means) for the benchmark.

    The normal heuristic's move, computed first from a copy of the view (the
    search samples worlds from the view afterwards), is the search's prior:
    it wins ties and is the answer when no world can be sampled.
    """
    rng = random.Random(seed)
    prior = spec.ai.choose(copy.deepcopy(view), seat, legal, rng)
    settings = tuning.for_game(spec, **tuning_overrides)
    return search.search(
        spec.rules, view, seat, legal, seed, budget or DEFAULT_BUDGET, settings, prior=prior if prior in legal else None
    )
