"""Turn flow, end of game, input validation, JSON and determinism."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import GameOver, IllegalAction, NotYourTurn, RuleError
from cogs.eminit import cards, rules

from ..helpers import Game, all_cards, build, card, kinds, random_game


def test_new_deals_five_each_and_the_first_player_drew() -> None:
    for n in (3, 4, 5):
        s = rules.new(n, 7)
        first = s["seat"]
        sizes = [len(h) for h in s["hands"]]
        assert sizes == [6 if i == first else 5 for i in range(n)]
        assert len(s["deck"]) == 60 - 5 * n - 1
        assert s["step"] == {"kind": "main", "seat": first}
        assert sorted(all_cards(s)) == list(range(60))


def test_new_rejects_bad_seats_and_options() -> None:
    with pytest.raises(ValueError):
        rules.new(2, 1)
    with pytest.raises(ValueError):
        rules.new(6, 1)
    with pytest.raises(ValueError):
        rules.new(3, 1, {"nope": 1})
    with pytest.raises(ValueError):
        rules.new(3, 1, {"hand_limit": 5})


def test_every_decision_is_an_option_with_the_rules_default() -> None:
    d = {o.name: o.default for o in rules.OPTIONS}
    assert d["points_gold"] == 1 and d["points_ancient"] == 3 and d["points_eminit"] == 5
    assert d["quota_extra"] == 2 and d["hand_limit"] == 8 and d["hand_size"] == 5
    assert d["declare_timeout_s"] == 30 and d["max_turns"] > 0
    assert d["clairvoyance_looks"] == 2 and d["supply_draw"] == 2 and d["drop_count"] == 2


def test_quota_is_players_plus_two_and_the_scramble_starts_with_the_next_player() -> None:
    g = Game(build(3, hands=[["gold"], ["gold"], ["gold"]], field=[("drop", 1)] * 3, seat=1))
    assert rules.view(g.s, None)["quota"] == 5
    g.do(1, "place", card=card(g.s, 1, "gold"))  # 4/5: gathering goes on
    assert g.s["phase"] == "gathering" and g.s["seat"] == 2
    g.do(2, "place", card=card(g.s, 2, "gold"))  # 5/5
    assert g.s["phase"] == "scramble"
    assert g.s["step"] == {"kind": "flip", "seat": 0}
    assert g.kinds_of("quota_reached") == [{"count": 5, "quota": 5}]


def test_a_turn_draws_one_card_first() -> None:
    g = Game(build(3, hands=[["gold"], ["gold"], ["gold"]], deck_top=["eminit"]))
    g.do(0, "place", card=card(g.s, 0, "gold"))
    assert kinds(g.s["hands"][1]) == ["eminit", "gold"]
    drew = [e for e in g.events if e.kind in ("drew", "drew_cards")]
    assert [(e.kind, e.to) for e in drew] == [("drew", None), ("drew_cards", (1,))]


def test_a_player_with_only_interrupts_passes() -> None:
    g = Game(build(3, hands=[["gold"], ["suck"], ["gold"]], deck_top=["reflect"]))
    g.do(0, "place", card=card(g.s, 0, "gold"))
    assert g.kinds_of("passed") == [{"seat": 1}]
    assert g.s["seat"] == 2


def test_hand_limit_discards_one_at_a_time() -> None:
    hand = ["gold", "suck", "suck", "reflect", "reflect", "nullify", "false_info", "ancient", "eminit", "drop"]
    g = Game(build(3, hands=[hand, [], []]))
    g.do(0, "place", card=card(g.s, 0, "drop"))  # 9 left > 8
    assert g.s["step"] == {"kind": "limit", "seat": 0}
    g.do(0, "discard", card=card(g.s, 0, "suck"))
    assert len(g.s["hands"][0]) == 8 and g.s["seat"] == 1


def test_scramble_end_next_gathering_starts_after_the_last_flipper() -> None:
    g = Game(build(3, hands=[[], [], []], field=[("gold", 0), ("gold", 1)], phase="scramble", seat=1))
    g.do(1, "flip", slot=1)
    g.do(2, "flip", slot=2)
    assert g.s["phase"] == "gathering"
    assert g.s["seat"] == 0 and g.s["next_slot"] == 1
    assert g.kinds_of("scramble_end") == [{"next": 0}]


def test_deck_empty_after_a_scramble_ends_the_game() -> None:
    g = Game(build(3, hands=[["gold"], [], []], field=[("gold", 0)], phase="scramble", seat=0, deck=False))
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    assert rules.result(g.s) is not None
    assert rules.to_act(g.s) == [] and rules.legal(g.s, 0) == []
    with pytest.raises(GameOver):
        rules.apply(g.s, 0, {"type": "pass"})


def test_nobody_can_place_with_an_empty_deck_starts_the_scramble() -> None:
    g = Game(build(3, hands=[["gold"], ["suck"], ["reflect"]], field=[("drop", 1)], deck=False))
    g.do(0, "place", card=card(g.s, 0, "gold"))
    assert g.kinds_of("nobody_can_place") == [{}]
    assert g.s["phase"] == "scramble" and g.s["step"] == {"kind": "flip", "seat": 1}


def test_nobody_can_place_and_empty_field_ends_the_game() -> None:
    hand = ["suck"] * 5 + ["reflect"] * 4
    g = Game(build(3, hands=[hand, ["nullify"], []], deck=False, step={"kind": "limit", "seat": 0}))
    g.do(0, "discard", card=card(g.s, 0, "suck"))
    r = rules.result(g.s)
    assert r is not None and r.reason == "deck_empty" and r.draw


def test_nobody_can_place_scrambles_what_is_left_then_ends() -> None:
    g = Game(build(3, hands=[["suck"], ["suck"], ["gold"]], deck=False, seat=2))
    g.do(2, "place", card=card(g.s, 2, "gold"))  # 1 < quota 5, but nobody can place more
    assert g.s["phase"] == "scramble"
    g.do(0, "flip", slot=1)
    for seat in rules.to_act(g.s):
        g.do(seat, "pass")
    r = rules.result(g.s)
    assert r is not None and r.reason == "deck_empty" and r.winners == (0,)


def test_turn_cap_ends_in_a_draw() -> None:
    s = rules.new(3, 5, {"max_turns": 3})
    rng = random.Random(1)
    while rules.result(s) is None:
        seat = rules.to_act(s)[0]
        s = rules.apply(s, seat, rng.choice(rules.legal(s, seat))).state
    r = rules.result(s)
    assert r is not None and r.reason == "turn_cap" and r.draw


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("seat", "action", "error", "code"),
    [
        (1, {"type": "place", "card": 0}, NotYourTurn, "not_your_turn"),
        (9, {"type": "place", "card": 0}, NotYourTurn, "not_your_turn"),
        (0, "place", IllegalAction, "illegal_action"),
        (0, {"card": 1}, IllegalAction, "illegal_action"),
        (0, {"type": "place"}, IllegalAction, "illegal_action"),
        (0, {"type": "place", "card": 59}, RuleError, "not_in_hand"),
        (0, {"type": "place", "card": "x"}, RuleError, "not_in_hand"),
        (0, {"type": "flip", "slot": 1}, RuleError, "no_such_slot"),
        (0, {"type": "done"}, IllegalAction, "illegal_action"),
        (0, {"type": "place", "card": 47, "extra": 1}, IllegalAction, "illegal_action"),
        (0, {"type": "teleport"}, IllegalAction, "illegal_action"),
    ],
)
def test_illegal_input_raises_and_changes_nothing(seat, action, error, code) -> None:
    s = build(3, hands=[["gold", "suck"], ["gold"], []])
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(error) as err:
        rules.apply(s, seat, action)
    assert err.value.code == code
    assert json.dumps(s, sort_keys=True) == before


def test_a_declaration_cannot_be_changed() -> None:
    g = Game(
        build(3, hands=[["suck"], ["suck", "reflect"], ["gold"]], field=[("gold", 2), ("drop", 2)], phase="scramble")
    )
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    before = json.dumps(g.s, sort_keys=True)
    with pytest.raises(RuleError) as err:
        rules.apply(g.s, 1, {"type": "pass"})
    assert err.value.code == "already_answered"
    assert json.dumps(g.s, sort_keys=True) == before


def test_choosing_a_target_can_go_back_or_pass() -> None:
    g = Game(
        build(
            3, hands=[["suck"], ["reflect", "false_info"], ["gold"]], field=[("gold", 2), ("drop", 2)], phase="scramble"
        )
    )
    g.do(0, "flip", slot=1)
    g.do(1, "declare", card=card(g.s, 1, "reflect"))
    assert rules.legal(g.s, 1) == [
        {"type": "aim", "seat": 0},
        {"type": "aim", "seat": 1},  # Reflect may target yourself (docs/rules/eminit.md §4)
        {"type": "aim", "seat": 2},
        {"type": "back"},
        {"type": "pass"},
    ]
    assert 1 in rules.to_act(g.s)
    g.do(1, "back")
    assert kinds(g.s["hands"][1]) == ["false_info", "reflect"]
    g.do(1, "declare", card=card(g.s, 1, "false_info"))
    assert rules.legal(g.s, 1)[:1] == [{"type": "aim", "slot": 2}]
    g.do(1, "pass")
    assert kinds(g.s["hands"][1]) == ["false_info", "reflect"]


def test_timeout_actions() -> None:
    g = Game(
        build(
            3,
            hands=[["suck", "reflect", "reflect"], ["gold"], []],
            field=[("big_release", 2), ("drop", 2)],
            phase="scramble",
        )
    )
    assert rules.timeout_action(g.s, 0) is None  # flipping: the AI plays it
    g.do(0, "flip", slot=1)
    assert rules.timeout_action(g.s, 1) == {"type": "pass"}
    assert rules.timeout_action(g.s, 2) is None  # empty hand: already answered
    g.do(1, "pass")
    g.do(0, "pass")
    assert g.s["step"] == {"kind": "name", "seat": 0}
    assert rules.timeout_action(g.s, 0) == {"type": "name", "kind": "suck"}  # the fewest copies
    empty = Game(build(3, hands=[["gold"], [], []], field=[("big_release", 2), ("drop", 2)], phase="scramble"))
    empty.do(0, "flip", slot=1)
    empty.do(0, "pass")
    assert rules.timeout_action(empty.s, 0) == {"type": "done"} == rules.legal(empty.s, 0)[0]
    sup = Game(
        build(3, hands=[["suck", "time_skip", "gold"], [], []], field=[("supply", 2), ("drop", 2)], phase="scramble")
    )
    sup.do(0, "flip", slot=1)
    sup.do(0, "pass")
    t = rules.timeout_action(sup.s, 0)
    assert t == {"type": "discard", "card": card(sup.s, 0, "time_skip")}
    assert t in rules.legal(sup.s, 0)


# ---------------------------------------------------------------- JSON, determinism


def test_json_round_trip_and_no_mutation() -> None:
    rng = random.Random(3)
    s = rules.new(4, 3)
    while rules.result(s) is None:
        text = json.dumps(s)
        s2 = json.loads(text)
        assert s2 == s
        seat = rng.choice(rules.to_act(s))
        action = rng.choice(rules.legal(s, seat))
        t1 = rules.apply(s, seat, action)
        t2 = rules.apply(s2, seat, json.loads(json.dumps(action)))
        assert json.dumps(s) == text  # apply never mutates its input
        assert t1.state == t2.state and t1.events == t2.events
        json.dumps([e.to_json() for e in t1.events])
        json.dumps(rules.view(s, seat))
        s = t1.state


def test_same_seed_and_actions_give_the_same_game() -> None:
    def play(seed: int) -> list:
        out = []
        random_game(5, seed, check=lambda s, t: out.append((t.state, t.events)))
        return out

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_cards_catalogue_matches_the_source() -> None:
    from collections import Counter

    counts = Counter(cards.KIND)
    assert counts == {
        "time_skip": 4,
        "switch": 4,
        "big_release": 4,
        "clairvoyance": 4,
        "supply": 4,
        "drop": 4,
        "suck": 8,
        "reflect": 8,
        "nullify": 4,
        "false_info": 3,
        "gold": 7,
        "ancient": 4,
        "eminit": 2,
    }
    assert sum(c == "magic" for c in (cards.category(i) for i in range(60))) == 24
