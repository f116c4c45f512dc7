"""The strong AI decides from what its seat may know, never from the hidden cards.

For each game: take real positions, and for the deciding seat build a second
true state with the same view but the hidden cards dealt differently
(``rules.determinize(view, seat, other_seed)``: other hands, deck orders, the
others' secret row picks or declarations).  The two true states give the seat
the identical view — checked — and differ in what it cannot see — checked, so
the test is not vacuous.  The strong AI, with the same seed and budget, must
choose the same action in both.

A control shows the test has teeth: a deliberately cheating search that
plays its rollouts on the true state instead of sampled worlds does change
its mind between such pairs.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.core import ai
from bot.core.ai import Budget, search, tuning
from bot.engine import State
from tests.gamekit import expectations

from .helpers import TABLES, available, positions, spec

BUDGET = Budget(seconds=None, max_sims=12)
SEATS = {game: seats[-1] for game, seats in TABLES.items()}  # the larger table of each game's declared seats


def hidden(game: str, state: State, seat: int) -> Any:
    """What ``seat`` cannot see in ``state`` (to prove the twin states really differ): the game's ``HIDDEN``
    (tests/<game>/expectations.py), else the whole state."""
    of = expectations(game).hidden
    return state if of is None else of(state, seat)


@pytest.mark.parametrize("game", available())
def test_decision_ignores_hidden_cards(game: str) -> None:
    s = spec(game)
    rules = s.rules
    checked = differing = 0
    for index, (state, seat) in enumerate(itertools.islice(positions(game, SEATS[game], range(3), every=5), 10)):
        view = rules.view(state, seat)
        twin = rules.determinize(view, seat, 10_000 + index)
        assert rules.view(twin, seat) == view
        assert rules.legal(twin, seat) == rules.legal(state, seat)
        differing += hidden(game, twin, seat) != hidden(game, state, seat)
        seed = 77 + index
        assert ai.choose(s, state, seat, "strong", seed, BUDGET) == ai.choose(s, twin, seat, "strong", seed, BUDGET)
        checked += 1
    assert checked == 10
    assert differing >= 5, "the twin states should hide different cards"


class _Cheat:
    """A rules wrapper whose 'determinize' returns the true state: the peeking a search must not do."""

    def __init__(self, rules: Any, truth: State) -> None:
        self._rules, self._truth = rules, truth

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def determinize(self, view: Any, seat: int, seed: int) -> State:
        return self._truth


def test_the_property_catches_a_peeking_search() -> None:
    s = spec("portas")
    rules = s.rules
    settings = tuning.for_game(s)
    changed = 0
    for index, (state, seat) in enumerate(itertools.islice(positions("portas", 2, range(6), every=2), 25)):
        view = rules.view(state, seat)
        twin = rules.determinize(view, seat, 5_000 + index)
        legal = rules.legal(state, seat)
        picks = [
            search.search(_Cheat(rules, truth), view, seat, legal, 1, BUDGET, settings).action
            for truth in (state, twin)
        ]
        changed += picks[0] != picks[1]
    assert changed >= 1
