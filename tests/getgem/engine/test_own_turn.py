"""``R.is_own_turn``: the turn player only, so a take-back out of turn is no AFK strike.

A declarer taking a card back in another player's end phase is asked a real
choice outside its own turn; the Barrier question is a reaction window.  Over
random games: exactly one seat is on its turn while the game runs and none
once it is over, every seat asked to act is on its turn, in the Barrier
window, or taking back, and the query is a pure function of the state.
"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.getgem import rules as R
from tests.getgem.helpers import act, build, pick_type, random_game

END = {"type": "end"}


def owners(s: dict) -> list[int]:
    return [p for p in range(s["n"]) if R.is_own_turn(s, p)]


def test_a_take_back_in_another_players_end_phase_is_not_ones_own_turn() -> None:
    s = build(2, [["fire", "water", "thunder", "steal"], ["exchange"]], options={"count_curse": 0, "count_rainbow": 0})
    assert owners(s) == [0]
    s, _ = act(s, 0, {"type": "declare"})
    for kind in ("fire", "water", "thunder"):
        s, _ = pick_type(s, 0, kind)
    assert owners(s) == [1]
    s, _ = act(s, 1, END)  # bob's end phase: alice takes one back, out of turn
    assert s["pending"] == {"kind": "takeback", "seat": 0} and R.to_act(s) == [0]
    assert not R.is_own_turn(s, 0) and not R.is_reaction(s, 0) and owners(s) == [1]
    s, _ = pick_type(s, 0, "fire")
    assert R.to_act(s) == [0] and R.is_own_turn(s, 0)  # then alice's own turn


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**40), match=st.booleans())
def test_one_seat_is_on_its_turn_and_every_asked_seat_is_accounted_for(n: int, seed: int, match: bool) -> None:
    last = None
    for before, _seat, _action, _events, after in random_game(n, seed, {"match_play": match}):
        for s in (before, after):
            frozen = copy.deepcopy(s)
            answers = owners(s)
            assert owners(s) == answers and s == frozen  # a pure function of the state
            if R.result(s) is not None:
                assert answers == []
                continue
            assert answers == [s["turn"]]
            for p in R.to_act(s):
                taking_back = s["pending"] is not None and s["pending"]["kind"] == "takeback"
                assert R.is_own_turn(s, p) or R.is_reaction(s, p) or taking_back
        last = after
    assert last is not None and R.result(last) is not None
