"""Unit behaviour of the strong search: budgets, determinism, no backtracking, fallbacks."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.core import ai
from bot.core.ai import Budget, search, tuning
from bot.engine import RuleError

from .helpers import positions, spec


def test_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget(seconds=None, max_sims=None)
    with pytest.raises(ValueError):
        Budget(seconds=0)
    with pytest.raises(ValueError):
        Budget(seconds=None, max_sims=0)
    assert ai.DEFAULT_BUDGET.seconds is not None and ai.DEFAULT_BUDGET.seconds <= 1.0


def test_same_seed_same_choice_and_sims_respected() -> None:
    s = spec("portas")
    rules = s.rules
    budget = Budget(seconds=None, max_sims=30)
    for state, seat in itertools.islice(positions("portas", 2, range(2)), 6):
        view, legal = rules.view(state, seat), rules.legal(state, seat)
        first = ai.think(s, view, seat, legal, 11, budget)
        again = ai.think(s, rules.view(state, seat), seat, legal, 11, budget)
        assert first.action == again.action and first.means == again.means
        assert first.sims <= 30
        assert first.action in legal


def test_a_time_budget_stops_the_search() -> None:
    """A wall-clock budget is honoured even with no sim cap (fake clock: no timing in tests)."""
    s = spec("portas")
    rules = s.rules
    state, seat = next(iter(positions("portas", 2, [3])))
    ticks = itertools.count()
    report = search.search(
        rules,
        rules.view(state, seat),
        seat,
        rules.legal(state, seat),
        0,
        Budget(seconds=1.0),
        tuning.for_game(s),
        clock=lambda: next(ticks) * 0.01,  # 10 ms per clock read
    )
    assert 0 < report.sims <= 100


def test_never_backs_out_of_a_sub_step() -> None:
    """At a GETGEM target prompt, 'cancel' is never the answer (it could loop play/cancel forever)."""
    s = spec("getgem")
    rules = s.rules
    seen = 0
    for state, seat in itertools.islice(positions("getgem", 2, range(6)), 400):
        legal = rules.legal(state, seat)
        if {"type": "cancel"} not in legal or len(legal) < 3:
            continue
        action = ai.choose(s, state, seat, "strong", seen, Budget(seconds=None, max_sims=6))
        assert action["type"] != "cancel"
        seen += 1
        if seen >= 4:
            break
    assert seen >= 1


class _Broken:
    """Rules whose determinize always fails: the search must fall back to the heuristic's move."""

    def __init__(self, rules: object) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> object:
        return getattr(self._rules, name)

    def determinize(self, view: object, seat: int, seed: int) -> object:
        raise RuleError("inconsistent")


def test_falls_back_to_the_prior_when_no_world_can_be_sampled() -> None:
    s = spec("portas")
    rules = s.rules
    state, seat = next(iter(positions("portas", 2, [5])))
    view, legal = rules.view(state, seat), rules.legal(state, seat)
    prior = s.ai.choose(view, seat, legal, random.Random(0))
    report = search.search(
        _Broken(rules), view, seat, legal, 0, Budget(seconds=None, max_sims=10), tuning.for_game(s), prior
    )
    assert report.action == prior and report.sims == 0


def test_rewards() -> None:
    from bot.engine import Result

    plain = tuning.Tuning()
    assert plain.reward(Result((1,), (0, 0)), {}, 1) == 1.0
    assert plain.reward(Result((1,), (0, 0)), {}, 0) == 0.0
    assert plain.reward(Result((), (0, 0, 0, 0)), {}, 0) == 0.25
    assert plain.reward(Result((0, 2), (0, 0, 0, 0)), {}, 2) == 0.5
    shaped = tuning.Tuning(score_weight=0.2, score_scale=10.0)
    assert shaped.reward(Result((0,), (15, 10)), {}, 0) == pytest.approx(1.1)
    assert shaped.reward(Result((0,), (15, 10)), {}, 1) == pytest.approx(-0.1)
