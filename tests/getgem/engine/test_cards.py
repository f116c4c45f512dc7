"""Each GETGEM card's effect, Barrier prompts, 3-gem steals and element cards."""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from cogs.getgem import rules as R
from tests.getgem.helpers import accounted, act, build, ids_of, kinds, pick_type, picks, play_card, types

NO = {"type": "barrier", "use": False}
YES = {"type": "barrier", "use": True}


def test_new_deals_four_each_and_first_player_draws() -> None:
    for n in range(2, 6):
        s = R.new(n, 42)
        accounted(s)
        sizes = sorted(len(h) for h in s["hands"])
        assert sizes == [4] * (n - 1) + [5]
        assert len(s["hands"][s["turn"]]) == 5
        assert len(s["deck"]) == 30 - 4 * n - 1
        assert all(v is None for v in s["elements"].values())
        assert R.to_act(s) == [s["turn"]]
    assert {R.new(3, seed)["turn"] for seed in range(40)} == {0, 1, 2}


def test_steal_takes_a_random_card_seen_only_by_taker_and_victim() -> None:
    s = build(3, [["steal", "fire"], ["water", "thunder", "curse"], ["rainbow"]])
    s, ev = play_card(s, 0, "steal")
    assert s["pending"]["kind"] == "target" and len(s["hands"][0]) == 2  # nothing committed yet
    assert {a["seat"] for a in R.legal(s, 0) if a["type"] == "target"} == {1, 2}
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    assert "barrier_ask" in kinds(ev)
    assert R.to_act(s) == [1]
    s, ev = act(s, 1, NO)
    assert len(s["hands"][0]) == 2 and len(s["hands"][1]) == 2
    stolen = next(e for e in ev if e.kind == "stolen")
    assert stolen.to == (0, 1)
    assert stolen.args["card"] in s["hands"][0]
    public = next(e for e in ev if e.kind == "steal")
    assert public.to is None and "card" not in public.args
    assert s["cat"][s["discard"][-1]] == "steal"
    assert s["known"][1][0] == [stolen.args["card"]]  # the victim knows where its card went
    accounted(s)


def test_full_exchange_swaps_hands_and_both_know_what_they_gave() -> None:
    s = build(2, [["exchange", "fire"], ["water", "thunder", "curse"]])
    fire = ids_of(s, 0, "fire")
    old1 = list(s["hands"][1])
    s, _ = play_card(s, 0, "exchange")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, NO)
    assert "exchange" in kinds(ev)
    assert sorted(s["hands"][0]) == sorted(old1)
    assert s["hands"][1] == fire
    assert s["known"][0][1] == fire
    assert sorted(s["known"][1][0]) == sorted(old1)
    accounted(s)


def test_excavation_arm_digs_then_discards_never_a_curse_nor_itself() -> None:
    s = build(2, [["arm", "curse", "fire"], ["water"]], discard=["rainbow", "steal"])
    s, _ = play_card(s, 0, "arm")
    assert s["pending"]["kind"] == "dig"
    assert picks(s, 0) == ["rainbow", "steal"]  # the Arm is not in the pile yet: it cannot dig itself
    assert {"type": "cancel"} in R.legal(s, 0)
    s, ev = pick_type(s, 0, "rainbow")
    assert kinds(ev)[:2] == ["play", "dig"]
    assert types(s, 0) == ["curse", "fire", "rainbow"]
    assert s["pending"]["kind"] == "arm_discard"
    assert picks(s, 0) == ["fire", "rainbow"]  # never the curse
    assert {"type": "cancel"} not in R.legal(s, 0)  # committed now
    s, _ = pick_type(s, 0, "fire")
    assert types(s, 0) == ["curse", "rainbow"]
    assert [s["cat"][c] for c in s["discard"]] == ["steal", "arm", "fire"]
    assert s["known"][1][0] == ids_of(s, 0, "rainbow")  # everyone saw the dug card
    accounted(s)


def test_arm_needs_a_card_in_the_discard_pile() -> None:
    s = build(2, [["arm", "fire"], ["water"]])
    assert not [a for a in R.legal(s, 0) if a["type"] == "play"]


@pytest.mark.parametrize("card", ["push_peep", "push_barrier"])
def test_steal_and_push_takes_randomly_then_gives_a_chosen_card(card: str) -> None:
    s = build(3, [[card, "curse", "fire"], ["water"], ["thunder"]])
    s, _ = play_card(s, 0, card, "push")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, NO)
    assert types(s, 0) == ["curse", "fire", "water"]
    assert s["pending"]["kind"] == "push"
    assert picks(s, 0) == ["curse", "fire"]  # not the card just taken
    s, ev = pick_type(s, 0, "curse")  # curses can be pushed
    assert types(s, 1) == ["curse"]
    pushed = next(e for e in ev if e.kind == "pushed")
    assert pushed.to == (0, 1)
    assert "card" not in next(e for e in ev if e.kind == "push").args
    assert s["known"][0][1] == ids_of(s, 1, "curse")
    accounted(s)


def test_push_skipped_when_only_the_taken_card_is_left() -> None:
    s = build(2, [["push_peep"], ["water"]])
    s, _ = play_card(s, 0, "push_peep", "push")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, _ = act(s, 1, NO)
    assert s["pending"] is None and types(s, 0) == ["water"]


def test_peeping_draw_shows_the_hand_to_the_peeper_only_and_draws() -> None:
    s = build(3, [["push_peep", "push_peep"], ["water", "fire"], ["curse"]], deck_top=["thunder"])
    s, _ = play_card(s, 0, "push_peep", "peep")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, NO)
    peeked = next(e for e in ev if e.kind == "peeked")
    assert peeked.to == (0,)
    assert sorted(peeked.args["cards"]) == sorted(s["hands"][1])
    assert sorted(s["known"][0][1]) == sorted(s["hands"][1])
    assert types(s, 0) == ["push_peep", "thunder"]
    assert s["peeped"]


def test_peeping_draw_once_per_turn() -> None:
    s = build(2, [["push_peep", "push_peep", "steal"], ["water", "fire"]])
    s, _ = play_card(s, 0, "push_peep", "peep")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, _ = act(s, 1, NO)
    modes = [a.get("mode") for a in R.legal(s, 0) if a["type"] == "play"]
    assert "peep" not in modes and "push" in modes
    with pytest.raises(RuleError) as err:
        play_card(s, 0, "push_peep", "peep")
    assert err.value.code == "peep_used"
    # a new turn allows it again
    s, _ = act(s, 0, {"type": "end"})
    s, _ = act(s, 1, {"type": "end"})
    assert R.to_act(s) == [0] and s["pending"] is None and not s["peeped"]
    assert any(a.get("mode") == "peep" for a in R.legal(s, 0))


def test_barred_peep_still_counts() -> None:
    s = build(2, [["push_peep", "push_peep"], ["push_barrier", "fire"]])
    s, _ = play_card(s, 0, "push_peep", "peep")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, _ = act(s, 1, YES)
    assert s["peeped"]
    assert types(s, 0) == ["push_peep"]  # no draw: the whole effect was cancelled


def test_barrier_cancels_an_action_card() -> None:
    s = build(2, [["steal", "fire"], ["push_barrier", "water"]])
    s, _ = play_card(s, 0, "steal")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    assert R.legal(s, 1) == [NO, YES]
    assert R.timeout_action(s, 1) == NO
    assert R.timeout_action(s, 0) is None
    s, ev = act(s, 1, YES)
    assert "barrier" in kinds(ev) and "steal" not in kinds(ev)
    assert types(s, 0) == ["fire"] and types(s, 1) == ["water"]
    assert sorted(s["cat"][c] for c in s["discard"]) == ["push_barrier", "steal"]
    assert s["pending"] is None and R.to_act(s) == [0]


def test_barrier_prompt_is_asked_even_without_a_barrier() -> None:
    s = build(2, [["exchange"], ["fire", "water"]])
    s, _ = play_card(s, 0, "exchange")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    assert R.to_act(s) == [1]
    assert R.legal(s, 1) == [NO]
    assert R.legal(s, 0) == []
    with pytest.raises(RuleError) as err:
        act(s, 1, YES)
    assert err.value.code == "no_barrier"


def test_barrier_cannot_stop_a_three_gem_steal_or_an_element_take() -> None:
    s = build(2, [["fire", "water", "rainbow", "curse"], ["push_barrier"]])
    s, _ = act(s, 0, {"type": "gem3"})
    assert picks(s, 0) == ["fire", "rainbow", "water"]  # never the curse
    for t in ("fire", "water", "rainbow"):
        s, _ = pick_type(s, 0, t)
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    assert "barrier_ask" not in kinds(ev)
    assert types(s, 0) == ["curse", "push_barrier"] and s["hands"][1] == []
    assert R.to_act(s) == [0]

    s = build(2, [["thunder", "thunder"], ["push_barrier"]], elements={"thunder": 1})
    s, ev = act(s, 0, {"type": "element", "elem": "thunder"})
    assert s["elements"]["thunder"] == 0 and R.to_act(s) == [0] and s["pending"] is None


def test_three_gem_steal_can_be_cancelled_until_the_target_is_chosen() -> None:
    s = build(2, [["fire", "water", "thunder", "curse"], ["steal"]])
    before = [list(h) for h in s["hands"]]
    s, _ = act(s, 0, {"type": "gem3"})
    s, _ = pick_type(s, 0, "fire")
    s, _ = pick_type(s, 0, "water")
    with pytest.raises(RuleError) as err:
        act(s, 0, {"type": "pick", "card": ids_of(s, 0, "curse")[0]})
    assert err.value.code == "curse_discard"
    s, _ = pick_type(s, 0, "thunder")
    assert {"type": "cancel"} in R.legal(s, 0)
    s, ev = act(s, 0, {"type": "cancel"})
    assert ev == [] and s["pending"] is None and s["hands"] == before


def test_element_from_the_centre_and_from_another_player() -> None:
    s = build(3, [["fire", "fire", "water", "water"], [], ["thunder"]], elements={"water": 2})
    s, ev = act(s, 0, {"type": "element", "elem": "fire"})
    assert s["elements"]["fire"] == 0
    assert next(e for e in ev if e.kind == "element").args["holder"] is None
    s, ev = act(s, 0, {"type": "element", "elem": "water"})
    assert s["elements"]["water"] == 0
    assert next(e for e in ev if e.kind == "element").args["holder"] == 2
    assert s["hands"][0] == [] and len(s["discard"]) == 4
    assert not [a for a in R.legal(s, 0) if a["type"] == "element"]
    accounted(s)


def test_rainbow_cannot_buy_an_element_and_an_owned_element_is_not_offered() -> None:
    s = build(2, [["fire", "rainbow", "water", "water"], []], elements={"water": 0})
    assert not [a for a in R.legal(s, 0) if a["type"] == "element"]
    with pytest.raises(RuleError) as err:
        act(s, 0, {"type": "element", "elem": "fire"})
    assert err.value.code == "need_pair"


def test_curse_is_stealable_and_exchangeable() -> None:
    s = build(2, [["steal", "exchange"], ["curse"]])
    s, _ = play_card(s, 0, "steal")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, _ = act(s, 1, NO)
    assert types(s, 0) == ["curse", "exchange"]
    s, _ = play_card(s, 0, "exchange")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, _ = act(s, 1, NO)  # an empty hand is asked too (docs/rules/getgem.md §3), and can only say no
    assert types(s, 1) == ["curse"] and s["hands"][0] == []


def test_targets_without_cards_are_not_offered_for_steals() -> None:
    s = build(3, [["steal", "exchange"], [], ["fire"]])
    s, _ = play_card(s, 0, "steal")
    assert [a["seat"] for a in R.legal(s, 0) if a["type"] == "target"] == [2]
    s, _ = act(s, 0, {"type": "cancel"})
    s, _ = play_card(s, 0, "exchange")
    assert [a["seat"] for a in R.legal(s, 0) if a["type"] == "target"] == [1, 2]
