"""Reviews find choices that lose at once by the rules, in the games with hidden cards and more seats.

The positions come from seeded games of the normal AI: at each decision every
choice is tried on the true state, and a choice after which the game is over
with the player not winning is a **known loss** (exact: the rules say so, no
search).  It must be a loss the player could know: the choice loses at once in every
world their view leaves possible too (sampled), not only because of cards
they could not see.  It is a known *blunder* where another choice keeps a
clearly better expected result by a deep review (four times the worlds of
the review under test, another seed).  The review under test is given only the
player's view, as always, and must label the known blunder a mistake or a
blunder at least nine times in ten.

Eminit is not here: its seeded games gave no such position (its choices that
lose at once come when the game is lost anyway); its reviews are covered by
the view-only and end-to-end tests.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.core import ai, games
from bot.core.review import decisions, score
from bot.core.review.judge import standing
from bot.core.review.score import Effort
from bot.engine import State
from tests.gamekit import every
from tests.review.games import QUICK

DEEP = Effort(worlds=48, seconds=None)
"""The deep review that says a choice which keeps the game going is clearly better (a 0.3 gap at least)."""
CLEAR = 0.3
WANTED = 8


def _known_blunders(game: str, seats: int) -> list[tuple[State, int, list[Any], int]]:
    """Up to :data:`WANTED` (state, seat, legal, the losing choice) from seeded normal-AI games."""
    spec = games.get(game)
    rules = spec.rules
    found: list[tuple[State, int, list[Any], int]] = []
    for seed in range(40):
        rng = random.Random(seed)
        state = rules.new(seats, seed, None)
        step = 0
        while rules.result(state) is None and len(found) < WANTED:
            acting = rules.to_act(state)
            for seat in acting:
                legal = rules.legal(state, seat)
                ends = [_end(rules, state, seat, a) for a in legal]
                losing = [i for i, e in enumerate(ends)
                          if e is not None and e < 0.5 and _always_lost(rules, state, seat, legal[i])]
                if len(legal) > 1 and losing and _clearly_better(spec, state, seat, legal, ends, losing[0]):
                    found.append((state, seat, legal, losing[0]))
            seat = acting[rng.randrange(len(acting))]
            state = rules.apply(state, seat, ai.choose(spec, state, seat, "normal", seed * 31 + step)).state
            step += 1
        if len(found) >= WANTED:
            break
    return found


def _end(rules: Any, state: State, seat: int, action: Any) -> float | None:
    """The seat's standing if ``action`` ends the game at once, else None."""
    result = rules.result(rules.apply(state, seat, action).state)
    return None if result is None else standing(result.winners, result.scores, seat)


def _always_lost(rules: Any, state: State, seat: int, action: Any) -> bool:
    """The choice also loses at once in every world the player's view leaves possible (16 sampled): a loss it
    could know, not one that only the hidden cards decide."""
    view = rules.view(state, seat)
    for k in range(16):
        world = rules.determinize(view, seat, 900 + k)
        end = _end(rules, world, seat, action)
        if end is None or end >= 0.5:
            return False
    return True


def _clearly_better(spec: Any, state: State, seat: int, legal: list[Any], ends: list[float | None],
                    losing: int) -> bool:
    """The deep review rates the best other choice :data:`CLEAR` higher than the loss."""
    deep = score.values(spec, spec.rules.view(state, seat), seat, legal, 4242, DEEP)["means"]
    others = [v for i, v in enumerate(deep) if i != losing and v is not None]
    return bool(others) and max(others) >= (ends[losing] or 0.0) + CLEAR


@pytest.mark.parametrize(
    ("game", "seats"), [(e.game, e.review_loss_seats) for e in every() if e.review_loss_seats]
)
def test_the_review_finds_a_choice_that_loses_at_once(game: str, seats: int) -> None:
    spec = games.get(game)
    known = _known_blunders(game, seats)
    assert len(known) >= 4, f"only {len(known)} known blunders found in {game}"
    hits = 0
    for k, (state, seat, legal, losing) in enumerate(known):
        view = spec.rules.view(state, seat)
        estimate = score.values(spec, view, seat, legal, 17 + k, QUICK)
        (judged,) = decisions.assemble([decisions.Decision(1, view, legal, losing)], [estimate])["decisions"]
        hits += judged["label"] in ("mistake", "blunder")
    assert hits >= 0.9 * len(known), (hits, len(known))
