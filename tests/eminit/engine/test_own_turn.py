"""``rules.is_own_turn``: whose turn it is, so the platform counts only an own turn's timeout.

The gathering player and the scramble's flipper are on their own turn, even
while others declare in a contest they opened; a receiver who is not the
flipper answers an acquired Big Release or Supply in the flipper's turn.
Over random games: exactly one seat is on its turn while the game runs and
none once it is over, every seat asked to act is on its turn, in a reaction
window, or answering an acquired effect, and the query is a pure function.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import State
from cogs.eminit import rules

from ..helpers import Game, build

FILLER = [("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("ancient", 3)]


def owners(s: State) -> list[int]:
    return [p for p in range(s["n"]) if rules.is_own_turn(s, p)]


def scramble(hands: list[list[str]], field: list[tuple[str, int]]) -> Game:
    return Game(build(4, hands=hands, field=field + FILLER, phase="scramble", seat=0))


def test_the_gathering_player_is_on_its_turn_and_nobody_else() -> None:
    s = build(4, hands=[["gold", "supply"], ["gold"], ["gold"], ["gold"]], seat=2)
    assert owners(s) == [2] and rules.to_act(s) == [2]


def test_the_flipper_stays_on_its_turn_through_the_contest_it_opened() -> None:
    g = scramble([["gold"], ["suck"], ["suck"], ["reflect"]], [("gold", 1)])
    assert owners(g.s) == [0]
    g.do(0, "flip", slot=1)
    assert g.s["step"]["kind"] == "declare" and owners(g.s) == [0]
    assert all(rules.is_reaction(g.s, p) for p in rules.to_act(g.s))


def test_a_receiver_who_is_not_the_flipper_answers_big_release_outside_its_turn() -> None:
    g = scramble([["gold"], ["suck", "reflect"], ["gold"], ["gold"]], [("big_release", 1)])
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    for p in (0, 2, 3):
        g.do(p, "pass")
    assert g.s["step"] == {"kind": "name", "seat": 1} and rules.to_act(g.s) == [1]
    assert not rules.is_own_turn(g.s, 1) and not rules.is_reaction(g.s, 1)
    assert owners(g.s) == [0]  # still the flipper's turn
    g.do(1, "name", kind="reflect")
    assert g.s["step"] == {"kind": "flip", "seat": 1} and rules.is_own_turn(g.s, 1)  # now bob's own flip


def test_a_receiver_who_is_not_the_flipper_discards_for_supply_outside_its_turn() -> None:
    g = scramble([["gold"], ["gold"], ["reflect", "gold", "ancient"], ["gold"]], [("supply", 1)])
    g.do(0, "flip", slot=1)
    g.declare(2, "reflect", seat=3)  # carol sends it to dave
    for p in (0, 1, 3):
        g.do(p, "pass")
    assert g.s["step"]["kind"] == "supply_discard" and rules.to_act(g.s) == [3]
    assert not rules.is_own_turn(g.s, 3) and owners(g.s) == [0]


def test_the_flipper_receiving_an_acquired_effect_is_on_its_own_turn() -> None:
    g = scramble([["suck", "gold"], ["gold"], ["gold"], ["gold"]], [("supply", 1)])
    g.do(0, "flip", slot=1)
    for p in range(4):
        g.do(p, "pass")
    assert g.s["step"]["kind"] == "supply_discard" and rules.to_act(g.s) == [0]
    assert rules.is_own_turn(g.s, 0)


def test_nobody_is_on_a_turn_once_the_game_is_over() -> None:
    s = build(3, hands=[[], [], []], deck=False)
    s["phase"] = "over"
    assert owners(s) == []


@settings(max_examples=30, deadline=None)
@given(n=st.integers(3, 5), seed=st.integers(0, 2**40), sealed=st.booleans())
def test_one_seat_is_on_its_turn_and_every_asked_seat_is_accounted_for(n: int, seed: int, sealed: bool) -> None:
    rng = random.Random(seed)
    s = rules.new(n, seed, {"declarations": "sealed" if sealed else "live"})
    for _ in range(5000):
        frozen = copy.deepcopy(s)
        answers = owners(s)
        assert owners(s) == answers and s == frozen  # a pure function of the state
        if rules.result(s) is not None:
            assert answers == []
            return
        assert answers == [s["seat"]]
        for p in rules.to_act(s):
            # asked outside its own turn: only in a reaction window, or as the receiver of an acquired effect
            assert rules.is_own_turn(s, p) or rules.is_reaction(s, p) or s["step"]["kind"] in ("name", "supply_discard")
        seat = rng.choice(rules.to_act(s))
        s = rules.apply(s, seat, rng.choice(rules.legal(s, seat))).state
    raise AssertionError("random game did not end")
