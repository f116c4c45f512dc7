"""One test (or a few) per PORTAS rule in docs/rules/portas.md §1, and per option's alternative."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bot.engine import Engine, GameOver, IllegalAction, NotYourTurn, Result, RuleError
from cogs.portas import rules
from cogs.portas.rules import PortasError

from ..helpers import build, deep_copy, port, random_game, won


def kinds(transition) -> list[str]:
    return [e.kind for e in transition.events]


# --------------------------------------------------------------------------- contract


def test_module_satisfies_the_engine_protocol() -> None:
    assert isinstance(rules, Engine)
    assert (rules.GAME, rules.MIN_SEATS, rules.MAX_SEATS) == ("portas", 2, 2)


def test_every_decision_is_an_option_with_the_rules_md_default() -> None:
    defaults = {opt.name: opt.default for opt in rules.OPTIONS}
    assert defaults == {
        "first_player": "random",
        "overshoot": "illegal",
        "pass_rule": "forced",
        "tiebreak": "treasures_then_last",
    }
    for opt in rules.OPTIONS:
        assert opt.default in opt.choices and len(opt.choices) >= 2 and opt.doc


def test_new_rejects_wrong_seat_counts_and_unknown_options() -> None:
    for seats in (1, 3):
        with pytest.raises(ValueError):
            rules.new(seats, 1)
    with pytest.raises(ValueError):
        rules.new(2, 1, {"overshoot": "sometimes"})
    with pytest.raises(ValueError):
        rules.new(2, 1, {"no_such_rule": 1})


def test_timeout_has_no_rule_default() -> None:
    assert rules.timeout_action(rules.new(2, 1), 0) is None


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", range(20))
def test_setup_counts(seed: int) -> None:
    state = rules.new(2, seed)
    assert [t["value"] for t in state["open"]] and len(state["open"]) == 2
    assert all(t["total"] == 0 and t["ports"] == [[], []] for t in state["open"])
    treasures = [t["value"] for t in state["open"]] + state["treasure_deck"]
    assert sorted(treasures) == [11, 12, 13, 14, 15]
    for seat in (0, 1):
        hand, deck = state["hands"][seat], state["decks"][seat]
        assert len(hand) == 4 and hand == sorted(hand)
        assert len(deck) == 10
        assert Counter(hand + deck) == Counter({1: 3, 2: 3, 3: 2, 4: 2, 5: 2, 6: 2})
        assert sum(hand + deck) == 45
    assert state["scores"] == [0, 0] and state["taken"] == [[], []]
    assert state["result"] is None and rules.result(state) is None
    assert rules.to_act(state) == [state["turn"]] == [state["first"]]


def test_first_player_is_random_by_default() -> None:
    firsts = {rules.new(2, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1}


def test_first_player_option_seat0() -> None:
    assert {rules.new(2, seed, {"first_player": "seat0"})["turn"] for seed in range(40)} == {0}


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a = list(random_game(7))
    b = list(random_game(7))
    assert a == b
    assert rules.new(2, 7) != rules.new(2, 8)


def test_state_survives_a_json_round_trip_at_every_step() -> None:
    previous = None
    for state in random_game(3):
        restored = json.loads(json.dumps(state))
        assert restored == state
        if previous is not None:
            # the same action on the restored previous state gives the same next state
            seat = previous["turn"]
            for action in rules.legal(previous, seat):
                if rules.apply(previous, seat, action).state == state:
                    again = rules.apply(json.loads(json.dumps(previous)), seat, action).state
                    assert again == state
                    break
            else:
                pytest.fail("no legal action reproduces the next state")
        previous = state


# --------------------------------------------------------------------------- turn


def test_port_moves_the_card_and_the_next_player_draws_back_to_four() -> None:
    state = build(
        hands=([1, 2, 3, 4], [1, 2, 3]),
        decks=([5, 6], [4, 6]),
        open_=[(13, [], []), (11, [], [])],
    )
    t = rules.apply(state, 0, port(3, 13))
    new = t.state
    assert new["hands"][0] == [1, 2, 4]  # no draw until seat 0's next turn
    assert new["decks"][0] == [5, 6]
    assert new["hands"][1] == [1, 2, 3, 6]  # seat 1 drew its top card (the last one)
    assert new["decks"][1] == [4]
    assert new["open"][0] == {"value": 13, "total": 3, "ports": [[3], []]}
    assert rules.to_act(new) == [1]
    assert kinds(t) == ["ported"]
    assert t.events[0].args == {"seat": 0, "card": 3, "treasure": 13, "total": 3}


def test_no_draw_from_an_empty_deck() -> None:
    state = build(hands=([1, 2], [3]), open_=[(13, [], []), (11, [], [])])
    new = rules.apply(state, 0, port(1, 13)).state
    assert new["hands"] == [[2], [3]]


def test_duplicate_cards_give_one_action_and_legal_lists_every_fitting_port() -> None:
    state = build(hands=([1, 1, 5, 6], [2, 2, 2, 2]), open_=[(13, [5], [4]), (11, [], [])])
    assert rules.legal(state, 0) == [port(1, 13), port(1, 11), port(5, 11), port(6, 11)]
    assert rules.legal(state, 1) == []


def test_exact_sum_takes_the_treasure_for_the_last_porter() -> None:
    state = build(hands=([2, 3, 4, 5], [1, 1, 1, 1]), open_=[(13, [6], [4]), (11, [], [])], treasure_deck=[12])
    t = rules.apply(state, 0, port(3, 13))
    new = t.state
    assert [tr["value"] for tr in new["open"]] == [11, 12]
    assert new["taken"][0] == [{"value": 13, "ports": [[6, 3], [4]], "points": 9}]
    assert new["scores"] == [9, 0]
    assert new["last_taker"] == 0
    assert kinds(t) == ["ported", "took", "revealed"]
    assert t.events[1].args == {"seat": 0, "treasure": 13, "value": 13, "points": 9, "lost": 4}
    assert t.events[2].args == {"treasure": 12}


def test_only_your_own_ports_score_on_a_treasure_you_take() -> None:
    state = build(hands=([1, 1, 1, 1], [1, 2, 2, 2]), open_=[(13, [5, 4], [3]), (11, [], [])], turn=1)
    new = rules.apply(state, 1, port(1, 13)).state
    assert new["scores"] == [0, 4]  # seat 1: 3 + 1; seat 0's 9 vanish
    assert new["taken"] == [[], [{"value": 13, "ports": [[5, 4], [3, 1]], "points": 4}]]


def test_a_port_that_does_not_reach_the_value_takes_nothing() -> None:
    state = build(hands=([1, 2, 3, 4], [1, 1, 1, 1]), open_=[(13, [6], []), (11, [], [])])
    new = rules.apply(state, 0, port(4, 13)).state
    assert new["taken"] == [[], []] and new["open"][0]["total"] == 10


def test_no_overshoot_by_default() -> None:
    state = build(hands=([2, 3, 4, 5], [1, 1, 1, 1]), open_=[(13, [6, 4], []), (11, [], [])])
    assert port(4, 13) not in rules.legal(state, 0)
    assert port(3, 13) in rules.legal(state, 0)
    before = deep_copy(state)
    with pytest.raises(PortasError) as err:
        rules.apply(state, 0, port(4, 13))
    assert err.value.code == "overshoot" and isinstance(err.value, IllegalAction)
    assert state == before


def test_overshoot_option_allows_any_port_but_an_overshot_treasure_is_never_taken() -> None:
    opts = {"overshoot": "allowed"}
    state = build(hands=([5, 6], [4]), open_=[(13, [6, 4], []), (11, [], [])], options=opts)
    assert port(5, 13) in rules.legal(state, 0)
    new = rules.apply(state, 0, port(5, 13)).state
    assert new["open"][0]["total"] == 15 and new["taken"] == [[], []]
    new = rules.apply(new, 1, port(4, 13)).state
    assert new["open"][0]["total"] == 19 and new["taken"] == [[], []]


def test_overshoot_option_game_ends_when_both_players_run_out_of_cards() -> None:
    opts = {"overshoot": "allowed"}
    state = build(hands=([6], [5]), open_=[(12, [6, 6], []), (11, [], [])], options=opts)
    t = rules.apply(state, 0, port(6, 12))
    assert rules.to_act(t.state) == [1]
    t = rules.apply(t.state, 1, port(5, 12))
    assert kinds(t) == ["ported", "passed", "passed", "game_over"]
    assert rules.result(t.state).winners == () and t.state["result"]["reason"] == "both_passed"


def test_refill_reveals_the_top_of_the_treasure_deck() -> None:
    state = build(hands=([3, 1, 1, 1], [1, 1, 1, 1]), open_=[(11, [8], []), (14, [], [])], treasure_deck=[12, 15])
    new = rules.apply(state, 0, port(3, 11)).state
    assert [t["value"] for t in new["open"]] == [14, 15]  # top = last
    assert new["treasure_deck"] == [12]
    assert new["open"][1] == {"value": 15, "total": 0, "ports": [[], []]}


def test_no_refill_from_an_empty_treasure_deck() -> None:
    state = build(
        hands=([3, 1, 1, 1], [1, 1, 1, 1]),
        open_=[(11, [8], []), (14, [], [])],
        treasure_deck=[],
        taken=([won(12, [12], [], 0)], [won(13, [13], [], 1), won(15, [15], [], 1)]),
    )
    new = rules.apply(state, 0, port(3, 11)).state
    assert [t["value"] for t in new["open"]] == [14]
    assert new["result"] is None


def test_taking_the_fifth_treasure_ends_the_game() -> None:
    state = build(
        hands=([3, 1, 1, 1], [1, 1, 1, 1]),
        open_=[(11, [8], [])],
        treasure_deck=[],
        taken=([won(12, [12], [], 0)], [won(13, [13], [], 1), won(14, [14], [], 1), won(15, [15], [], 1)]),
    )
    t = rules.apply(state, 0, port(3, 11))
    assert kinds(t) == ["ported", "took", "game_over"]
    assert rules.to_act(t.state) == [] and rules.legal(t.state, 1) == []
    assert rules.result(t.state) == Result((1,), (23, 42), "all_taken")
    assert t.events[-1].args == {"winners": [1], "scores": [23, 42], "reason": "all_taken", "decided_by": "score"}


# --------------------------------------------------------------------------- passing and the end


def test_forced_pass_is_automatic_and_the_turn_comes_back() -> None:
    # after seat 0 ports, seat 1 (holding only 5s and 6s) fits nowhere
    state = build(hands=([1, 2, 2, 3], [5, 5, 6, 6]), open_=[(12, [9], []), (11, [7], [])])
    t = rules.apply(state, 0, port(1, 12))
    assert kinds(t) == ["ported", "passed"]
    assert t.events[1].args == {"seat": 1, "forced": True}
    assert rules.to_act(t.state) == [0] and t.state["passes"] == 1


def test_a_port_resets_the_pass_count() -> None:
    state = build(hands=([1, 2, 2, 3], [5, 5, 6, 6]), open_=[(12, [9], []), (11, [7], [])])
    new = rules.apply(state, 0, port(1, 12)).state  # seat 1 is forced to pass
    new = rules.apply(new, 0, port(2, 11)).state  # seat 1 still cannot port and passes again
    assert new["passes"] == 1 and new["result"] is None
    assert rules.to_act(new) == [0]


def test_both_players_passing_in_succession_ends_the_game() -> None:
    state = build(hands=([1, 6], [5, 6]), open_=[(12, [10], []), (11, [8], [])], turn=0)
    t = rules.apply(state, 0, port(1, 12))  # 11/12 and 8/11 left: nobody fits any more
    assert kinds(t) == ["ported", "passed", "passed", "game_over"]
    assert [e.args["seat"] for e in t.events if e.kind == "passed"] == [1, 0]
    assert t.state["result"]["reason"] == "both_passed"
    assert rules.to_act(t.state) == []


def test_pass_is_not_an_action_under_the_default_rule() -> None:
    state = build(hands=([1, 2], [1, 2]), open_=[(12, [], []), (11, [], [])])
    assert {"type": "pass"} not in rules.legal(state, 0)
    with pytest.raises(PortasError) as err:
        rules.apply(state, 0, {"type": "pass"})
    assert err.value.code == "must_port"


def test_voluntary_pass_option() -> None:
    opts = {"pass_rule": "voluntary"}
    state = build(hands=([1, 2], [1, 2]), open_=[(12, [], []), (11, [], [])], options=opts)
    assert rules.legal(state, 0)[-1] == {"type": "pass"}
    t = rules.apply(state, 0, {"type": "pass"})
    assert kinds(t) == ["passed"] and t.events[0].args == {"seat": 0, "forced": False}
    assert rules.to_act(t.state) == [1]
    t = rules.apply(t.state, 1, {"type": "pass"})
    assert kinds(t) == ["passed", "game_over"]
    assert t.state["result"]["reason"] == "both_passed"


def test_voluntary_pass_is_not_offered_when_no_port_fits() -> None:
    # a seat with nothing to port is passed for automatically, so it never gets a lone "pass" button
    opts = {"pass_rule": "voluntary"}
    state = build(hands=([1, 2], [6]), open_=[(12, [9], []), (11, [9], [])], options=opts)
    t = rules.apply(state, 0, port(1, 12))
    assert kinds(t) == ["ported", "passed"] and rules.to_act(t.state) == [0]


# --------------------------------------------------------------------------- refusals


BAD_ACTIONS = [
    (None, "bad_action"),
    ([], "bad_action"),
    ("port", "bad_action"),
    ({}, "bad_action"),
    ({"type": "fly"}, "bad_action"),
    ({"type": "port"}, "bad_action"),
    ({"type": "port", "card": 3}, "bad_action"),
    ({"type": "port", "card": "3", "treasure": 13}, "bad_action"),
    ({"type": "port", "card": 3.0, "treasure": 13}, "bad_action"),
    ({"type": "port", "card": True, "treasure": 13}, "bad_action"),
    ({"type": "port", "card": 3, "treasure": 13, "extra": 1}, "bad_action"),
    ({"type": "pass", "card": 3}, "bad_action"),
    ({"type": "port", "card": 6, "treasure": 13}, "card_not_in_hand"),
    ({"type": "port", "card": 3, "treasure": 15}, "no_such_treasure"),
    ({"type": "port", "card": 3, "treasure": 0}, "no_such_treasure"),
    ({"type": "port", "card": 5, "treasure": 13}, "overshoot"),
    ({"type": "pass"}, "must_port"),
]


@pytest.mark.parametrize(("action", "code"), BAD_ACTIONS)
def test_illegal_input_raises_a_typed_error_and_changes_nothing(action, code: str) -> None:
    state = build(hands=([1, 3, 5, 5], [2, 2, 2, 2]), open_=[(13, [9], []), (11, [], [])])
    before = deep_copy(state)
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, 0, action)
    assert err.value.code == code
    assert code in rules.ERROR_CODES
    assert state == before


@pytest.mark.parametrize("seat", [1, None, "0", True, 2, -1])
def test_wrong_seat_is_not_your_turn(seat) -> None:
    state = build(hands=([1, 3], [2, 2]), open_=[(13, [], []), (11, [], [])], turn=0)
    if seat is True:  # True == 1, which is not seat 0's turn either way
        state["turn"] = 1
    before = deep_copy(state)
    with pytest.raises(NotYourTurn) as err:
        rules.apply(state, seat, port(2, 13))
    assert err.value.code == "not_your_turn"
    assert state == before


def test_acting_after_the_end_is_game_over() -> None:
    final = list(random_game(5))[-1]
    with pytest.raises(GameOver):
        rules.apply(final, 0, port(1, 11))
    with pytest.raises(RuleError):
        rules.apply(final, 1, {"type": "pass"})


def test_apply_never_mutates_its_input() -> None:
    for state in random_game(11):
        if state["result"] is not None:
            break
        before = deep_copy(state)
        for action in rules.legal(state, state["turn"]):
            rules.apply(state, state["turn"], action)
        assert state == before


# --------------------------------------------------------------------------- views


def test_view_hides_only_deck_order() -> None:
    state = list(random_game(2))[6]
    for seat in (None, 0, 1):
        v = rules.view(state, seat)
        assert "decks" not in v and "treasure_deck" not in v and "rng" not in v
        assert v["deck_sizes"] == [len(d) for d in state["decks"]]
        assert v["deck_cards"] == [sorted(d) for d in state["decks"]]
        assert v["treasures_left"] == len(state["treasure_deck"])
        assert v["hands"] == state["hands"] and v["open"] == state["open"]
        assert v["viewer"] == seat and v["to_act"] == rules.to_act(state)
    assert {k: v for k, v in rules.view(state, 0).items() if k != "viewer"} == {
        k: v for k, v in rules.view(state, None).items() if k != "viewer"
    }


def test_changing_a_view_does_not_touch_the_state() -> None:
    state = list(random_game(2))[6]
    before = deep_copy(state)
    v = rules.view(state, 0)
    v["hands"][0].clear()
    v["open"][0]["ports"][0].append(99)
    v["options"]["overshoot"] = "allowed"
    assert state == before


def test_determinize_keeps_everything_public_and_reshuffles_decks() -> None:
    state = list(random_game(4))[3]
    v = rules.view(state, 1)
    sample = rules.determinize(v, 1, seed=123)
    assert rules.view(sample, 1) == v
    assert sample["hands"] == state["hands"]
    assert [sorted(d) for d in sample["decks"]] == [sorted(d) for d in state["decks"]]
    assert sorted(sample["treasure_deck"]) == sorted(state["treasure_deck"])
    assert rules.determinize(v, 1, seed=123) == sample
    orders = {json.dumps(rules.determinize(v, 1, seed=s)["decks"]) for s in range(10)}
    assert len(orders) > 1
    # a sample is a playable state
    seat = sample["turn"]
    rules.apply(sample, seat, rules.legal(sample, seat)[0])
