"""PORTAS's winner and its tie-breaks (docs/rules/portas.md §1), each option's alternative included.

Apart from :mod:`tests.portas.engine.test_rules` (one test per rule of play) because the end of a game, with
its three tie-break options, is read on its own.
"""

from __future__ import annotations

from bot.engine import Result
from cogs.portas import rules

from ..helpers import build, port, won


def _last_take(options: dict | None, taken0: list, taken1: list, mover: int) -> Result:
    """``mover`` takes the last treasure (11), scoring 8 + 3 of their own; return the result."""
    own = ([8], []) if mover == 0 else ([], [8])
    state = build(
        hands=([3, 1, 1, 1], [3, 1, 1, 1]),
        open_=[(11, *own)],
        treasure_deck=[],
        taken=(taken0, taken1),
        turn=mover,
        options=options,
    )
    t = rules.apply(state, mover, port(3, 11))
    assert [e.kind for e in t.events][-1] == "game_over"
    res = rules.result(t.state)
    assert res is not None and res.reason == "all_taken"
    assert t.events[-1].args["winners"] == list(res.winners)
    return res


# seat 0 ends on 12 + 11 = 23 from 2 treasures when it takes the last one
TWO_FOR_12 = [won(12, [12], [], 0)]
# 23 points from 3 treasures / from 2 treasures, for seat 1
THREE_FOR_23 = [won(13, [10], [3], 1), won(14, [8], [6], 1), won(15, [5], [10], 1)]
TWO_FOR_23 = [won(13, [12], [1], 1), won(14, [11], [3], 1)]


def test_higher_score_wins() -> None:
    res = _last_take(None, TWO_FOR_12, [won(13, [13], [], 1)], mover=0)
    assert res.scores == (23, 13) and res.winners == (0,)


def test_tie_break_more_treasures() -> None:
    res = _last_take(None, TWO_FOR_12, THREE_FOR_23, mover=0)
    assert res.scores == (23, 23) and res.winners == (1,)


def test_tie_break_then_whoever_took_the_last_treasure() -> None:
    res = _last_take(None, TWO_FOR_12, TWO_FOR_23, mover=0)
    assert res.scores == (23, 23) and res.winners == (0,)
    mirrored = _last_take(None, [won(12, [12], [], 0), won(13, [11], [2], 0)], [won(14, [12], [2], 1)], mover=1)
    assert mirrored.scores == (23, 23) and mirrored.winners == (1,)


def test_tiebreak_option_treasures_only_draws_when_counts_tie() -> None:
    res = _last_take({"tiebreak": "treasures"}, TWO_FOR_12, TWO_FOR_23, mover=0)
    assert res.scores == (23, 23) and res.draw
    res = _last_take({"tiebreak": "treasures"}, TWO_FOR_12, THREE_FOR_23, mover=0)
    assert res.winners == (1,)


def test_tiebreak_option_last_taker_ignores_treasure_counts() -> None:
    res = _last_take({"tiebreak": "last_taker"}, TWO_FOR_12, THREE_FOR_23, mover=0)
    assert res.scores == (23, 23) and res.winners == (0,)


def test_tiebreak_option_none_is_a_draw() -> None:
    res = _last_take({"tiebreak": "none"}, TWO_FOR_12, THREE_FOR_23, mover=0)
    assert res.scores == (23, 23) and res.draw


def test_a_tie_with_no_treasure_taken_is_a_draw() -> None:
    state = build(hands=([1], [6]), open_=[(12, [10], []), (11, [8], [])])
    t = rules.apply(state, 0, port(1, 12))
    assert t.state["result"] == {"winners": [], "scores": [0, 0], "reason": "both_passed", "decided_by": "draw"}
    assert rules.result(t.state).draw


