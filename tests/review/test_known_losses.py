"""Reviews find choices that clearly lose, in the games with hidden cards and more seats.

Two sources of positions, each a **known blunder**: a choice that loses where
another choice keeps a clearly better expected result by a deep review (four
times the worlds of the review under test, another seed).  The review under
test is given only the player's view, as always, and must label the known
blunder a mistake or a blunder at least nine times in ten.

* **Seeded games** of the normal AI (a game's ``REVIEW_LOSS_SEATS``): at each
  decision every choice is tried on the true state, and a choice after which
  the game is over with the player not winning is a known loss (exact: the
  rules say so, no search).  It must be a loss the player could know: the
  choice loses at once in every world their view leaves possible too
  (sampled), not only because of cards they could not see.
* **Positions built by hand** (a game's ``REVIEW_POSITIONS``), where seeded
  games hold none beside a clearly better choice (Eminit: a choice that loses
  at once comes there when the game is lost anyway).  The game's own test
  folder builds them and says why the choice loses from what the player can
  see; here each must be valid (the choice is legal, every choice can be
  played) and the deep review must agree.
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
from tests.gamekit import every, expectations
from tests.review.games import QUICK

DEEP = Effort(worlds=48, seconds=None)
"""The deep review that says another choice is clearly better than the known loss (a 0.3 gap at least)."""
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
    return _best_other(_deep(spec, state, seat, legal), losing) >= (ends[losing] or 0.0) + CLEAR


def _deep(spec: Any, state: State, seat: int, legal: list[Any]) -> list[float | None]:
    """Each choice's expected standing by the deep review, from the seat's view."""
    return score.values(spec, spec.rules.view(state, seat), seat, legal, 4242, DEEP)["means"]


def _best_other(deep: list[float | None], losing: int) -> float:
    """The best estimate in ``deep`` of a choice other than the ``losing``-th (-1 when there is none)."""
    others = [v for i, v in enumerate(deep) if i != losing and v is not None]
    return max(others, default=-1.0)


def _called_a_mistake(spec: Any, state: State, seat: int, legal: list[Any], losing: int, seed: int) -> bool:
    """The review under test (:data:`QUICK`, the seat's view only) labels ``legal[losing]`` a mistake or a blunder."""
    view = spec.rules.view(state, seat)
    estimate = score.values(spec, view, seat, legal, seed, QUICK)
    (judged,) = decisions.assemble([decisions.Decision(1, view, legal, losing)], [estimate])["decisions"]
    return judged["label"] in ("mistake", "blunder")


@pytest.mark.parametrize(
    ("game", "seats"), [(e.game, e.review_loss_seats) for e in every() if e.review_loss_seats]
)
def test_the_review_finds_a_choice_that_loses_at_once(game: str, seats: int) -> None:
    spec = games.get(game)
    known = _known_blunders(game, seats)
    assert len(known) >= 4, f"only {len(known)} known blunders found in {game}"
    hits = sum(_called_a_mistake(spec, state, seat, legal, losing, 17 + k)
               for k, (state, seat, legal, losing) in enumerate(known))
    assert hits >= 0.9 * len(known), (hits, len(known))


@pytest.mark.parametrize("game", [e.game for e in every() if e.review_positions])
def test_the_review_finds_a_blunder_in_positions_built_by_hand(game: str) -> None:
    spec = games.get(game)
    rules = spec.rules
    build = expectations(game).review_positions
    assert build is not None
    built = build()
    assert len(built) >= WANTED, f"only {len(built)} positions built for {game}"
    hits = 0
    for k, (state, seat, action) in enumerate(built):
        legal = rules.legal(state, seat)
        assert action in legal, (k, action, legal)
        for choice in legal:  # valid by the rules: every choice plays
            rules.apply(state, seat, choice)
        losing = legal.index(action)
        deep = _deep(spec, state, seat, legal)
        loss = deep[losing]
        assert loss is not None and _best_other(deep, losing) >= loss + CLEAR, (k, action, deep)
        hits += _called_a_mistake(spec, state, seat, legal, losing, 17 + k)
    assert hits >= 0.9 * len(built), (hits, len(built))
