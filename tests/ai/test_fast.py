"""The rollout shortcuts in cogs/<game>/rollout.py make exactly the heuristics' decisions.

The strong AI's rollouts model the other players with each game's normal
heuristic.  For speed it uses faster twins (PORTAS, Promotion) and cheaper
views (GETGEM, Eminit).  These tests replay many positions and require the
same action, with the same rng, as ``cogs/<game>/ai.py`` fed the real
``rules.view`` — so a change to a heuristic that is not mirrored here fails
here, instead of quietly changing the opponents the strong AI imagines.
They also check the shortcuts never modify the state they read.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

from bot.engine import Action, State
from cogs.eminit import rollout as eminit_rollout
from cogs.portas import rollout as portas_rollout
from cogs.promotion import rollout as promotion_rollout

from .helpers import available, spec

Policy = Callable[[State, int, list[Action], random.Random], Action]


def _compare(game: str, seats: int, games: int, policy: Policy) -> int:
    s = spec(game)
    rules = s.rules
    compared = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new(seats, seed)
        while rules.result(state) is None:
            acting = rules.to_act(state)
            seat = acting[rng.randrange(len(acting))]
            legal = rules.legal(state, seat)
            if len(legal) > 1:
                before = copy.deepcopy(state)
                expected = s.ai.choose(rules.view(state, seat), seat, legal, random.Random(compared))
                got = policy(state, seat, legal, random.Random(compared))
                assert got == expected, (game, seed, seat, legal)
                assert state == before
                compared += 1
                action = expected if rng.random() < 0.7 else rng.choice(legal)
            else:
                action = legal[0]
            state = rules.apply(state, seat, action).state
    return compared


def _with_view(game: str, view: Callable[[State, int], dict]) -> Policy:
    heuristic = spec(game).ai.choose
    return lambda state, seat, legal, rng: heuristic(view(state, seat), seat, legal, rng)


def test_portas_twin() -> None:
    assert _compare("portas", 2, 60, portas_rollout.policy_factory()) > 500


def test_portas_twin_under_voluntary_passes() -> None:
    s = spec("portas")
    rules = s.rules
    policy = portas_rollout.policy_factory()
    for seed in range(20):
        state = rules.new(2, seed, {"pass_rule": "voluntary", "overshoot": "allowed"})
        while rules.result(state) is None:
            seat = rules.to_act(state)[0]
            legal = rules.legal(state, seat)
            expected = s.ai.choose(rules.view(state, seat), seat, legal, random.Random(seed))
            assert policy(state, seat, legal, random.Random(seed)) == expected
            state = rules.apply(state, seat, expected).state


def test_promotion_twin() -> None:
    # One policy object across games, as in a search: its evaluator cache must never go stale.
    assert _compare("promotion", 4, 25, promotion_rollout.policy_factory()) > 500


@pytest.mark.parametrize("seats", [2, 4])
def test_getgem_view(seats: int) -> None:
    if "getgem" not in available():
        pytest.skip("GETGEM not installed")
    from cogs.getgem import rollout as getgem_rollout

    assert _compare("getgem", seats, 12, _with_view("getgem", getgem_rollout.fast_view)) > 300


@pytest.mark.parametrize("seats", [3, 5])
def test_eminit_view(seats: int) -> None:
    assert _compare("eminit", seats, 6, _with_view("eminit", eminit_rollout.fast_view)) > 300


def test_every_game_registers_its_rollout_settings() -> None:
    """Each game's ``rollout.TUNING`` reaches its Game (bot.core.games), and the strong AI's settings use it."""
    from bot.core.ai import tuning

    for game in available():
        s = spec(game)
        assert s.tuning, game
        settings = tuning.for_game(s)
        assert settings.rollout == s.tuning["rollout"]
        assert settings.heuristic is s.ai
    assert tuning.for_game(spec("eminit")).horizon is eminit_rollout.horizon
    assert tuning.for_game(spec("portas")).fast_policy is portas_rollout.policy_factory
