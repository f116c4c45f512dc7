"""Shared helpers for the AI tests: seeded games through ``bot.core.ai.choose``, sampled positions."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import gamefacts
from bot.core import ai, games
from bot.core.ai import Budget
from bot.engine import Action, State
from bot.gamefacts import Game
from tests.gamekit import expectations

TABLES: dict[str, tuple[int, ...]] = {
    f.id: (f.min_seats, f.min_seats + 1) if f.max_seats > f.min_seats else (f.min_seats,) for f in gamefacts.found()
}
"""Seat counts exercised per game, from the games' own declarations (``cogs/<game>/game.py``): the smallest
table, and one more player where the game allows it.  Every installed game is in it: none is skipped."""

TINY = Budget(seconds=None, max_sims=4)
"""A strong-AI budget counted in rollouts only: tests never depend on the machine's speed."""


def spec(game: str) -> Game:
    return games.get(game)


def available() -> list[str]:
    """Every installed game (each loaded), in order; :data:`TABLES` has them all."""
    found = games.available()
    assert set(found) == set(TABLES), (found, TABLES)
    return found


def decision_kind(game: str, state: State, seat: int, legal: Sequence[Action]) -> str:
    """A label for the kind of decision (for coverage checks): the game's ``DECISION_KIND``, else the action type."""
    kind = expectations(game).decision_kind
    return str(legal[0]["type"]) if kind is None else kind(state, seat, list(legal))


@dataclass
class Played:
    """One finished game: who won, and per level the decision kinds it took with a real choice."""

    winners: tuple[int, ...]
    levels: tuple[str, ...]
    kinds: dict[str, set[str]] = field(default_factory=dict)
    steps: int = 0


def play(
    game: str, levels: Sequence[str], seed: int, budget: Budget = TINY, options: dict[str, Any] | None = None
) -> Played:
    """A seeded game with ``levels[seat]`` at each seat, every move through :func:`bot.core.ai.choose`.

    Asserts each chosen action is in the mover's legal list before applying
    it (``apply`` would raise anyway; the assertion names the culprit).  The
    mover is taken in turn among ``to_act`` so simultaneous pickers all move.
    """
    s = spec(game)
    rules = s.rules
    state = rules.new(len(levels), seed, options)
    out = Played((), tuple(levels))
    while rules.result(state) is None:
        acting = rules.to_act(state)
        seat = acting[out.steps % len(acting)]
        legal = rules.legal(state, seat)
        level = levels[seat]
        action = ai.choose(s, state, seat, level, seed * 7919 + out.steps, budget)
        assert action in legal, (game, level, action, legal)
        if len(legal) > 1:
            out.kinds.setdefault(level, set()).add(decision_kind(game, state, seat, legal))
        state = rules.apply(state, seat, action).state
        out.steps += 1
    result = rules.result(state)
    assert result is not None
    out.winners = tuple(result.winners)
    return out


def positions(game: str, seats: int, seeds: Sequence[int], every: int = 1) -> Iterator[tuple[State, int]]:
    """(true state, acting seat) pairs with a real choice, from seeded games of normal AIs.

    Every ``every``-th such decision is yielded; simultaneous and
    out-of-turn deciders are included (every seat in ``to_act``).
    """
    s = spec(game)
    rules = s.rules
    count = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new(seats, seed)
        step = 0
        while rules.result(state) is None:
            acting = rules.to_act(state)
            for seat in acting:
                if len(rules.legal(state, seat)) > 1:
                    if count % every == 0:
                        yield state, seat
                    count += 1
            seat = acting[rng.randrange(len(acting))]
            level = "normal" if rng.random() < 0.8 else "easy"
            action = ai.choose(s, state, seat, level, seed * 31 + step)
            state = rules.apply(state, seat, action).state
            step += 1
