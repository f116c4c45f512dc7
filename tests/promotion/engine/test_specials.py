"""Engine tests for Promotion's row-1 specials: SPIN90°, Down!, Change! and Wild! (docs/rules/promotion.md, Promotion).

Apart from :mod:`tests.promotion.engine.test_engine` (set-up, rows 2-4, Kings, hidden picks, the contract and
the rule options) because each special's resolution order and choices make a chapter of their own.
"""

from __future__ import annotations

import json

import pytest

from bot.engine import Event, IllegalAction, NotYourTurn
from cogs.promotion import rules
from cogs.promotion.rules import postcard
from cogs.promotion.rules.postcard import SUITS

from ..util import DODGE, DOWN, DOWN_PICKS, LOW, TWO_OF_THREE, by_kind, kinds, pick_all, staged


def test_seats_face_sides_counter_clockwise_and_spin_turns_clockwise() -> None:
    """docs/rules/promotion.md §2: seat s faces side (r - s) mod 4; SPIN90° (r + 1) hands each player the side
    their right-hand neighbour (the previous seat) faced."""
    for r in range(4):
        faced = [postcard.side_index(s, r) for s in range(4)]
        assert faced == [(r - s) % 4 for s in range(4)]
        after = [postcard.side_index(s, r + 1) for s in range(4)]
        assert after == [faced[(s - 1) % 4] for s in range(4)]
        for side in range(4):
            for seat in range(4):
                assert postcard.side_index(seat, postcard.orientation_for(seat, side)) == side
    # The next seat in turn order faces the previous order number: numbers ascend counter-clockwise.
    sides = postcard.LAYOUTS["rules_md_v1"]
    orders = [postcard.facing(sides, s, 0).order for s in range(4)]
    assert orders == [1, 4, 3, 2]


def test_spin_worked_example_order_never_goes_back() -> None:
    """The source's example: all four on row 1. SPIN, then Change!, then Wild!; Down! never happens.

    At r=0 seat 0 holds SPIN90°, its right-hand neighbour seat 3 Down!, seat 2 Change!, seat 1 Wild!.
    The card turns clockwise: seat 3 (Down!) now faces Change! -- exactly the source's example.
    """
    st, events = pick_all(staged(LOW), [1, 1, 1, 1])
    assert kinds(events)[-5:] == ["revealed", "special", "spin", "special", "await"]
    assert by_kind(events, "special") == [
        {"seat": 0, "special": "spin", "order": 1},
        {"seat": 3, "special": "change", "order": 3},  # seat 3 faced Down!, now faces Change!
    ]
    (spin,) = by_kind(events, "spin")
    assert spin["sides"] == [1, 0, 3, 2]  # SPIN player now faces Down!, Wild! player faces SPIN90°
    assert st["r"] == 1 and rules.to_act(st) == [3] and st["pending"]["kind"] == "change"
    t = rules.apply(st, 3, {"type": "change", "seat": 2, "suit": "S"})
    events2 = list(t.events)
    assert by_kind(events2, "special")[0] == {"seat": 2, "special": "wild", "order": 4}
    st = t.state
    assert rules.to_act(st) == [2] and st["pending"]["kind"] == "wild"
    t = rules.apply(st, 2, {"type": "wild", "suit": "D"})
    events3 = list(t.events)
    # Seat 1 faced Wild! but now faces SPIN90° (order 1, already past): nothing.
    assert by_kind(events3, "special_missed") == [{"seat": 1, "special": "spin", "order": 1}]
    everything = events + events2 + events3
    assert not {"down_move", "down_none"} & set(kinds(everything))
    assert [a["special"] for a in by_kind(everything, "special")] == ["spin", "change", "wild"]
    assert t.state["round"] == 2


def test_spin_changes_rows_for_the_rest_of_the_round() -> None:
    # Seat 0 (SPIN) picks row 1; the others' rows 2-4 are read from the side they face *after* the turn.
    st, events = pick_all(staged(LOW), [1, 2, 3, 4])
    assert st["round"] == 2  # no choice was needed
    rows = {a["row"]: a for a in by_kind(events, "row")}
    sides = postcard.LAYOUTS["rules_md_v1"]
    assert rows[2]["suits"] == [list(sides[0].row(2))]  # seat 1 now faces A (seat 0's side): ♠♥, not D's ♦♠
    assert rows[3]["suits"] == [list(sides[3].row(3))]  # seat 2 now faces D
    assert rows[4]["suits"] == [list(sides[2].row(4))]  # seat 3 now faces C
    raised = {(a["seat"], a["suit"]) for a in by_kind(events, "raise")}
    assert (1, "S") in raised and (1, "H") in raised and (1, "D") not in raised


def _down_round() -> tuple[dict, list[Event]]:
    return pick_all(staged(DOWN), DOWN_PICKS)


def test_down_with_tie_and_with_no_lower_card() -> None:
    st, events = _down_round()
    assert by_kind(events, "special")[0]["special"] == "down"
    # Affected players go in the order number now facing them: seat 0 (1), seat 2 (3), seat 1 (4).
    assert rules.to_act(st) == [0] and st["pending"] == {"kind": "down", "seat": 0, "by": 3, "suits": ["S", "H", "D"]}
    assert [a["suit"] for a in rules.legal(st, 0)] == ["S", "H", "D"]
    assert rules.timeout_action(st, 0) == {"type": "down", "suit": "S"}
    t = rules.apply(st, 0, {"type": "down", "suit": "D"})
    st = t.state
    moves = by_kind(list(t.events), "down_move")
    assert moves[0] == {"seat": 0, "suit": "D", "old": 10, "new": 9, "skipped": [], "round": 1}  # the answer
    assert moves[1] == {"seat": 2, "suit": "H", "old": 11, "new": 9, "skipped": [[10, 0]]}
    assert by_kind(list(t.events), "down_none") == [{"seat": 1, "suit": "C", "value": 8}]
    assert st["field"][0] == {"S": 10, "H": 10, "D": 9, "C": 5}
    assert st["field"][1]["C"] == 8
    assert st["pending"]["kind"] == "change" and rules.to_act(st) == [2]


def test_down_tie_without_any_lower_card_needs_no_choice() -> None:
    fields = [
        {"S": 5, "H": 5, "D": 8, "C": 8},  # ♦8/♣8 tie, but ♦5-7 and ♣5-7 are all held
        {"S": 8, "H": 8, "D": 7, "C": 7},
        {"S": 7, "H": 7, "D": 6, "C": 6},
        {"S": 6, "H": 6, "D": 5, "C": 5},  # plays Down! (faces B at r=0)
    ]
    for down_tie in ("any", "must_move"):
        st, events = pick_all(staged(fields, options={"down_tie": down_tie}), [4, 4, 4, 1])
        assert "await" not in kinds(events) and st["round"] == 2
        assert by_kind(events, "down_none") == [
            {"seat": 0, "suit": "D", "value": 8},
            {"seat": 2, "suit": "S", "value": 7},
            {"seat": 1, "suit": "S", "value": 8},
        ]


def test_down_tie_any_lets_the_player_dodge() -> None:
    """Default ``down_tie`` = ``any``: a tied card with nothing lower may be chosen, and Down! misses."""
    st, _ = pick_all(staged(DODGE), DOWN_PICKS)
    assert st["pending"]["kind"] == "down" and st["pending"]["seat"] == 0
    assert [a["suit"] for a in rules.legal(st, 0)] == ["S", "H"]
    t = rules.apply(st, 0, {"type": "down", "suit": "H"})
    assert {"seat": 0, "suit": "H", "value": 8, "round": 1} in by_kind(list(t.events), "down_none")
    assert t.state["field"][0]["S"] == 8 and t.state["field"][0]["H"] == 8  # dodged entirely


def test_down_tie_must_move_offers_only_cards_that_can_go_down() -> None:
    must = {"down_tie": "must_move"}
    st, events = pick_all(staged(DODGE, options=must), DOWN_PICKS)
    # Only ♠8 can go down, so there is nothing to choose: it moves at once.
    assert {"seat": 0, "suit": "S", "old": 8, "new": 7, "skipped": []} in by_kind(events, "down_move")
    assert st["field"][0]["H"] == 8 and not (st["pending"] and st["pending"]["kind"] == "down")
    st, _ = pick_all(staged(TWO_OF_THREE, options=must), DOWN_PICKS)
    assert [a["suit"] for a in rules.legal(st, 0)] == ["H", "D"]
    st, _ = pick_all(staged(TWO_OF_THREE), DOWN_PICKS)
    assert [a["suit"] for a in rules.legal(st, 0)] == ["S", "H", "D"]


def test_change_is_mandatory() -> None:
    st, _ = _down_round()
    st = rules.apply(st, 0, {"type": "down", "suit": "D"}).state
    assert rules.to_act(st) == [2]
    legal = rules.legal(st, 2)
    assert len(legal) == 12 and {a["type"] for a in legal} == {"change"}
    assert {a["seat"] for a in legal} == {0, 1, 3}
    assert rules.timeout_action(st, 2) is None  # no neutral default: the AI chooses
    before = json.dumps(st, sort_keys=True)
    for bad in (
        {"type": "change", "seat": 2, "suit": "S"},  # yourself
        {"type": "change"},
        {"type": "pick", "row": 1},
        {"type": "wild", "suit": "S"},
        {"type": "pass"},
    ):
        with pytest.raises(IllegalAction):
            rules.apply(st, 2, bad)
    with pytest.raises(NotYourTurn):
        rules.apply(st, 3, legal[0])
    assert json.dumps(st, sort_keys=True) == before
    t = rules.apply(st, 2, {"type": "change", "seat": 0, "suit": "S"})
    (change,) = by_kind(list(t.events), "change")
    assert change == {"seat": 2, "target": 0, "suit": "S", "gave": 8, "took": 10, "round": 1}
    assert t.state["field"][2]["S"] == 10 and t.state["field"][0]["S"] == 8


def test_wild_past_held_cards() -> None:
    st, _ = _down_round()
    st = rules.apply(st, 0, {"type": "down", "suit": "D"}).state
    st = rules.apply(st, 2, {"type": "change", "seat": 0, "suit": "S"}).state
    assert rules.to_act(st) == [1] and st["pending"]["kind"] == "wild"
    assert [a["suit"] for a in rules.legal(st, 1)] == list(SUITS)
    # ♠: seat 0 holds 8, seat 2 holds 10, supply 6, 9, 11.. -> seat 1's ♠7 jumps 8 to 9.
    t = rules.apply(st, 1, {"type": "wild", "suit": "S"})
    (wild,) = by_kind(list(t.events), "wild")
    assert wild == {"seat": 1, "suit": "S", "old": 7, "new": 9, "skipped": [[8, 0]], "round": 1}
    # Then row 4 (seat 0, side A: ♣♠): ♠8 -> 11 skipping 9 (seat 1) and 10 (seat 2).
    (up,) = [a for a in by_kind(list(t.events), "raise") if a["suit"] == "S"]
    assert (up["old"], up["new"], up["skipped"]) == (8, 11, [[9, 1], [10, 2]])


def test_wild_timeout_raises_highest_card_that_can_rise() -> None:
    fields = [LOW[0], LOW[3], LOW[2], LOW[1]]
    st, _ = pick_all(staged(fields), [4, 1, 4, 4])  # seat 1 faces D (Wild!) at r=0
    assert rules.to_act(st) == [1]
    # Seat 1 holds ♠8 ♥5 ♦8 ♣8: the highest that can rise, first in ♠♥♦♣ order.
    assert rules.timeout_action(st, 1) == {"type": "wild", "suit": "S"}


