"""Every worked example of the source text (originals/bluehour-interrupts.txt).

Seats 0..3 are the source's players ①..④; seat 0 is the flipper.
"""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from cogs.eminit import cards, rules

from ..helpers import Game, build, card, kinds, slot_of

GOLDS = [("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1), ("drop", 2), ("ancient", 3)]
"""Filler field cards (no Gold Coins, so tests can count those)."""


def scramble(hands, field=(("gold", 1), *GOLDS), **kw) -> Game:
    return Game(build(4, hands=hands, field=field, phase="scramble", seat=0, **kw))


def test_nobody_declares_flipper_gets_the_coin() -> None:
    g = scramble([["gold"], ["suck"], ["suck"], ["suck"]])
    g.do(0, "flip", slot=1)
    for seat in range(4):
        g.do(seat, "pass")
    assert kinds(g.s["treasures"][0]) == ["gold"]
    assert g.kinds_of("no_declarations")


def test_two_three_four_all_suck_four_receives() -> None:
    """Source: ② then ③ then ④ Suck; ① declared nothing and is skipped → ④."""
    g = scramble([["gold"], ["suck"], ["suck"], ["suck"]])
    g.do(0, "flip", slot=1)
    assert rules.to_act(g.s) == [0, 1, 2, 3]  # everyone, simultaneous
    g.do(0, "pass")
    # answer in a scrambled order: resolution order does not depend on it
    g.declare(3, "suck")
    g.declare(1, "suck")
    g.declare(2, "suck")
    assert rules.to_act(g.s) == [0]  # live: the declarations re-opened ①'s choice
    g.do(0, "pass")
    revealed = g.kinds_of("revealed")
    assert [r["seat"] for r in revealed] == [1, 2, 3]
    assert [r["receiver"] for r in revealed] == [1, 2, 3]
    assert g.s["last_contest"]["receiver"] == 3
    assert kinds(g.s["treasures"][3]) == ["gold"]
    assert all(g.s["treasures"][i] == [] for i in range(3))


def test_last_word_goes_to_the_flippers_right_hand_neighbour() -> None:
    """Source: whatever ② and ③ did, ④'s Reflect or Suck is what finally applies."""
    g = scramble([[], ["reflect"], ["suck"], ["reflect"]])
    g.do(0, "flip", slot=1)
    g.declare(1, "reflect", seat=0)
    g.declare(2, "suck")
    g.declare(3, "reflect", seat=1)
    assert [r["receiver"] for r in g.kinds_of("revealed")] == [0, 2, 1]
    assert kinds(g.s["treasures"][1]) == ["gold"]


def test_resolution_starts_at_the_flipper_and_wraps() -> None:
    g = Game(
        build(4, hands=[["suck"], ["suck"], ["suck"], ["suck"]], field=[("gold", 0), *GOLDS], phase="scramble", seat=2)
    )
    g.do(2, "flip", slot=1)
    for seat in (0, 1, 2, 3):
        g.declare(seat, "suck")
    assert [r["seat"] for r in g.kinds_of("revealed")] == [2, 3, 0, 1]
    assert kinds(g.s["treasures"][1]) == ["gold"]  # ②: the right-hand neighbour of flipper ③


def test_flipper_nullify_cancels_two_to_four() -> None:
    """Source: ① Nullify; ② to ④ declaring (even Nullify) has no effect."""
    g = scramble([["nullify"], ["suck"], ["nullify"], ["reflect"]])
    g.do(0, "flip", slot=1)
    g.declare(0, "nullify")
    g.declare(1, "suck")
    g.declare(2, "nullify")
    g.declare(3, "reflect", seat=1)
    effects = [r["effect"] for r in g.kinds_of("revealed")]
    assert effects == ["nullify", "nullified", "nullified", "nullified"]
    assert kinds(g.s["treasures"][0]) == ["gold"]
    # every declared card went to the discard pile
    assert {"nullify", "suck", "reflect"} <= set(kinds(g.s["discard"]))


def test_nullify_keeps_what_resolved_before_it() -> None:
    g = scramble([[], ["suck"], ["nullify"], ["suck"]])
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    g.declare(2, "nullify")
    g.declare(3, "suck")
    assert kinds(g.s["treasures"][1]) == ["gold"]


def test_nullify_cancels_false_info_too() -> None:
    """Source: 偽情報の効果も無効化で打ち消されます."""
    g = scramble([["nullify"], ["false_info"], [], []])
    g.do(0, "flip", slot=1)
    g.declare(0, "nullify")
    g.declare(1, "false_info", slot=3)
    assert g.s["queue"] == []
    assert [e["slot"] for e in g.kinds_of("flipped")] == [1]
    assert g.s["step"] == {"kind": "flip", "seat": 1}  # ①'s turn simply ended


def test_false_info_queue_order_two_four_then_three() -> None:
    """Source: ② and ④ False Info, then ③ during the first extra flip → ②, ④, ③."""
    field = [("gold", 1), ("gold", 1), ("gold", 2), ("gold", 3), *GOLDS]
    g = scramble([[], ["false_info"], ["false_info"], ["false_info"]], field=field)
    g.do(0, "flip", slot=1)
    g.declare(1, "false_info", slot=2)
    g.do(2, "pass")  # ③ keeps its False Info for later
    g.declare(3, "false_info", slot=3)
    g.do(2, "pass")  # live: ④'s declaration re-opened ③, who stays Done
    # ① received slot 1, then flips ②'s card (slot 2) at once, with fresh declarations
    assert [e["slot"] for e in g.kinds_of("flipped")] == [1, 2]
    assert g.s["contest"]["extra"] is True and g.s["contest"]["flipper"] == 0
    assert rules.to_act(g.s) == [2]  # only ③ still holds a card
    g.declare(2, "false_info", slot=4)
    flips = g.kinds_of("flipped")
    assert [(e["slot"], e["seat"], e["by"]) for e in flips] == [(1, 0, None), (2, 0, 1), (3, 0, 3), (4, 0, 2)]
    assert kinds(g.s["treasures"][0]) == ["gold"] * 4
    assert g.s["step"] == {"kind": "flip", "seat": 1}  # then ②'s regular turn


def test_false_info_on_a_card_already_gone_does_nothing() -> None:
    g = scramble([[], ["false_info"], [], ["false_info"]])
    g.do(0, "flip", slot=1)
    g.declare(1, "false_info", slot=2)
    g.declare(3, "false_info", slot=2)
    assert [e["slot"] for e in g.kinds_of("flipped")] == [1, 2]
    assert g.kinds_of("false_info_gone") == [{"slot": 2, "by": 3}]
    assert g.s["step"] == {"kind": "flip", "seat": 1}


def test_two_time_skips_drawn_in_a_row_by_false_info_skip_one_turn() -> None:
    """Source: two Time Skips drawn in a row by False Info → the turn is skipped once;
    the extra flips themselves are never skipped."""
    field = [("gold", 1), ("time_skip", 1), ("time_skip", 2), *GOLDS, ("gold", 3)]
    g = scramble([[], ["false_info"], ["false_info"], []], field=field)
    g.do(0, "flip", slot=1)
    g.declare(1, "false_info", slot=2)
    g.declare(2, "false_info", slot=3)
    received = [(r["seat"], cards.kind(r["card"])) for r in g.kinds_of("received")]
    assert received == [(0, "gold"), (0, "time_skip"), (0, "time_skip")]
    assert g.s["skip"] == [True, False, False, False]
    order = []
    while g.s["field"]:
        for seat in rules.to_act(g.s) if g.s["step"]["kind"] == "declare" else ():
            g.do(seat, "pass")
        seat = g.s["step"]["seat"]
        order.append(seat)
        g.do(seat, "flip", slot=g.s["field"][0]["slot"])
    assert order == [1, 2, 3, 1, 2, 3, 0]
    assert [e["seat"] for e in g.kinds_of("skipped")] == [0]


def test_time_skip_cast_in_gathering_carries_into_the_scramble() -> None:
    """Source: the scramble starts before the skipped turn came: the scramble turn is
    skipped (no flip that turn)."""
    field = [("gold", 1), ("gold", 2), ("drop", 1), ("switch", 2)]
    g = Game(build(3, hands=[["time_skip", "gold"], ["gold"], ["gold"]], field=field, seat=0))
    g.do(0, "cast", card=card(g.s, 0, "time_skip"))
    g.do(0, "skip_target", seat=1)
    g.do(0, "place", card=card(g.s, 0, "gold"))  # 5 = quota (3 + 2)
    assert g.s["phase"] == "scramble"
    assert g.kinds_of("skipped") == [{"seat": 1, "phase": "scramble"}]
    assert g.s["step"] == {"kind": "flip", "seat": 2}
    assert g.s["skip"] == [False, False, False]


def test_big_release_acquired_discards_every_copy_of_the_named_interrupt() -> None:
    g = scramble([["suck", "suck", "reflect", "gold"], [], [], []], field=[("big_release", 1), *GOLDS])
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    assert g.s["step"] == {"kind": "name", "seat": 0}
    assert rules.legal(g.s, 0) == [{"type": "name", "kind": "suck"}, {"type": "name", "kind": "reflect"}]
    g.do(0, "name", kind="suck")
    assert kinds(g.s["hands"][0]) == ["gold", "reflect"]
    assert kinds(g.kinds_of("named")[0]["cards"]) == ["suck", "suck"]
    assert g.s["step"] == {"kind": "flip", "seat": 1}


def test_big_release_acquired_with_one_interrupt_kind_is_still_asked() -> None:
    """docs/rules/eminit.md: the choice stays the player's even with one possible answer (privacy)."""
    g = scramble([["nullify", "nullify", "gold"], [], [], []], field=[("big_release", 1), *GOLDS])
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    assert g.s["step"]["kind"] == "name" and rules.to_act(g.s) == [0]
    assert rules.legal(g.s, 0) == [{"type": "name", "kind": "nullify"}]
    assert kinds(g.s["hands"][0]) == ["gold", "nullify", "nullify"]  # nothing happened by itself
    g.do(0, "name", kind="nullify")
    assert kinds(g.s["hands"][0]) == ["gold"]


def test_big_release_acquired_without_interrupts_asks_once_then_is_ignored() -> None:
    g = scramble([["gold"], [], [], []], field=[("big_release", 1), *GOLDS])
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    assert g.s["step"]["kind"] == "name" and rules.legal(g.s, 0) == [{"type": "done"}]
    assert not g.kinds_of("no_effect")
    g.do(0, "done")
    assert kinds(g.s["hands"][0]) == ["gold"]
    assert g.kinds_of("no_effect")
    assert g.s["step"] == {"kind": "flip", "seat": 1}


def test_told_to_discard_two_with_one_card_discards_one() -> None:
    """Source: 手札が1枚しか無いのに2枚捨てる → 1枚捨てる."""
    g = scramble([["suck"], [], [], []], field=[("supply", 1), *GOLDS])
    g.do(0, "flip", slot=1)
    g.do(0, "pass")  # the Suck is kept for discarding
    assert g.s["step"]["kind"] == "supply_discard"  # asked even with a single card (privacy)
    g.do(0, "discard", card=card(g.s, 0, "suck"))
    assert g.s["hands"][0] == []
    assert [kinds(d["cards"]) for d in g.kinds_of("discarded")] == [["suck"]]


def test_told_to_discard_with_an_empty_hand_is_ignored() -> None:
    """Source: 手札が1枚も無い → 効果を無視."""
    g = scramble([[], [], [], []], field=[("supply", 1), *GOLDS])
    g.do(0, "flip", slot=1)  # every hand empty: no declarations at all
    assert g.s["step"]["kind"] == "supply_discard" and rules.legal(g.s, 0) == [{"type": "done"}]
    g.do(0, "done")
    assert g.kinds_of("no_effect")
    assert g.s["step"] == {"kind": "flip", "seat": 1}


def test_supply_acquired_with_a_choice_discards_one_at_a_time() -> None:
    g = scramble([["suck", "reflect", "gold"], [], [], []], field=[("supply", 1), *GOLDS])
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    assert g.s["step"] == {"kind": "supply_discard", "seat": 0, "left": 2}
    g.do(0, "discard", card=card(g.s, 0, "gold"))
    assert g.s["step"]["left"] == 1
    g.do(0, "discard", card=card(g.s, 0, "reflect"))
    assert kinds(g.s["hands"][0]) == ["suck"]
    assert g.s["step"] == {"kind": "flip", "seat": 1}


def test_interrupt_flipped_from_the_field_is_discarded_and_the_flipper_flips_again() -> None:
    g = scramble([["suck"], [], [], []], field=[("suck", 1), ("gold", 2), *GOLDS])
    g.do(0, "flip", slot=1)
    assert kinds(g.s["discard"]).count("suck") == 1
    assert g.kinds_of("interrupt_flipped")
    assert g.s["step"] == {"kind": "flip", "seat": 0} and g.s["contest"] is None
    g.do(0, "flip", slot=2)
    assert g.s["contest"]["card"] == g.kinds_of("flipped")[1]["card"]


def test_interrupt_flipped_as_the_last_field_card_ends_the_scramble() -> None:
    g = scramble([[], [], [], []], field=[("reflect", 1)])
    g.do(0, "flip", slot=1)
    assert g.s["phase"] == "gathering"
    assert g.s["seat"] == 1


def test_interrupts_can_never_be_placed() -> None:
    s = build(4, hands=[["suck", "gold"], [], [], []])
    assert {"type": "place", "card": card(s, 0, "suck")} not in rules.legal(s, 0)
    with pytest.raises(RuleError) as err:
        rules.apply(s, 0, {"type": "place", "card": card(s, 0, "suck")})
    assert err.value.code == "interrupt_not_placeable"


def test_effects_never_place_interrupts_drop_discards_them() -> None:
    """Source: an interrupt an effect would put on the field goes to the discard pile."""
    g = Game(build(4, hands=[["drop", "gold"], [], [], []], deck_top=["reflect", "ancient"]))
    g.do(0, "cast", card=card(g.s, 0, "drop"))
    assert [cards.kind(e["card"]) for e in g.s["field"]] == ["ancient"]
    assert kinds(g.kinds_of("dropped")[0]["discarded"]) == ["reflect"]
    assert "reflect" in kinds(g.s["discard"])


def test_bluff_declarations_are_discarded_without_effect() -> None:
    """Source: magic or treasure cards may be declared like interrupts; no effect, discarded."""
    g = scramble([[], ["gold"], ["time_skip"], ["eminit"]])
    g.do(0, "flip", slot=1)
    g.declare(1, "gold")
    g.declare(2, "time_skip")
    g.declare(3, "eminit")
    assert [r["effect"] for r in g.kinds_of("revealed")] == ["bluff"] * 3
    assert kinds(g.s["treasures"][0]) == ["gold"]
    assert {"time_skip", "eminit"} <= set(kinds(g.s["discard"]))
    assert g.s["skip"] == [False] * 4
    assert g.s["treasures"][2] == [] and g.s["treasures"][3] == []


def test_a_bluff_draws_out_a_real_interrupt() -> None:
    """The source's technique: a bluff can make a rival waste an interrupt."""
    g = scramble([[], ["gold"], ["suck"], []])
    g.do(0, "flip", slot=1)
    g.declare(1, "gold")
    g.declare(2, "suck")
    assert [r["effect"] for r in g.kinds_of("revealed")] == ["bluff", "suck"]
    assert kinds(g.s["treasures"][2]) == ["gold"]


def test_shared_top_score_is_a_draw() -> None:
    """Source: making two players' treasure points equal brings the game to a draw."""
    g = Game(
        build(
            3,
            hands=[[], [], []],
            field=[("gold", 1)],
            treasures=[["ancient"], ["ancient"], []],
            phase="scramble",
            seat=2,
            deck=False,
        )
    )
    g.do(2, "flip", slot=1)  # the last field card, the deck is empty: game over
    r = rules.result(g.s)
    assert r is not None and r.draw and r.winners == ()
    assert r.scores == (3.0, 3.0, 1.0) and r.reason == "deck_empty"


def test_unique_top_score_wins() -> None:
    g = Game(
        build(
            3,
            hands=[[], [], []],
            field=[("gold", 1)],
            treasures=[["ancient"], ["ancient"], []],
            phase="scramble",
            seat=0,
            deck=False,
        )
    )
    g.do(0, "flip", slot=1)
    r = rules.result(g.s)
    assert r is not None and r.winners == (0,) and r.scores == (4.0, 3.0, 0.0)
    assert g.s["hands"] == [[], [], []] and slot_of is not None
