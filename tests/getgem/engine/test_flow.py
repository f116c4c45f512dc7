"""Declarations, take-backs and victory checks, the hand limit, reshuffles, match play, robustness."""

from __future__ import annotations

import json

import pytest

from bot.engine import GameOver, NotYourTurn, RuleError
from cogs.getgem import rules as R
from cogs.getgem.cards import can_complete, shows_all
from tests.getgem.helpers import accounted, act, build, kinds, pick_type, picks, random_game, types

END = {"type": "end"}


def declare(s: dict, seat: int, cards: list[str]) -> tuple[dict, list]:
    s, _ = act(s, seat, {"type": "declare"})
    events: list = []
    for t in cards:
        s, ev = pick_type(s, seat, t)
        events += ev
    return s, events


# ----------------------------------------------------------------- gem arithmetic


def test_rainbow_is_wild_and_a_curse_cancels_it() -> None:
    assert shows_all(["fire", "water", "thunder"], [], True)
    assert shows_all(["fire", "water", "rainbow"], [], True)
    assert shows_all(["fire", "rainbow", "rainbow"], [], True)
    assert not shows_all(["fire", "water", "rainbow", "curse"], [], False)
    assert shows_all(["steal"], ["fire", "water", "thunder"], True)
    assert shows_all(["thunder"], ["fire", "water"], True)
    assert not shows_all(["fire", "fire", "fire"], [], True)
    assert can_complete([], ["fire", "water", "rainbow", "steal"], [], True)
    assert not can_complete([], ["fire", "water", "rainbow", "curse"], [], False)
    assert not can_complete(["fire", "water"], ["steal"], [], True)
    assert can_complete(["steal", "exchange"], ["arm"], ["fire", "water", "thunder"], True)
    assert not can_complete([], ["fire", "water"], ["thunder"], True)  # always 3 cards


def test_declaration_needs_three_cards_covering_the_gems() -> None:
    s = build(2, [["fire", "water", "rainbow", "steal"], []])
    s, _ = act(s, 0, {"type": "declare"})
    assert picks(s, 0) == ["fire", "rainbow", "water"]  # a Steal could not be part of a valid three
    s, _ = act(s, 0, {"type": "cancel"})

    s = build(2, [["fire", "water", "rainbow", "steal", "arm"], []], elements={"thunder": 0})
    assert {"type": "declare"} in R.legal(s, 0)
    s, _ = act(s, 0, {"type": "declare"})
    assert picks(s, 0) == ["arm", "fire", "rainbow", "steal", "water"]
    s, _ = pick_type(s, 0, "steal")
    s, _ = pick_type(s, 0, "fire")
    assert picks(s, 0) == ["rainbow", "water"]  # only a card that completes the declaration is offered
    with pytest.raises(RuleError) as err:
        act(s, 0, {"type": "pick", "card": next(c for c in s["hands"][0] if s["cat"][c] == "arm")})
    assert err.value.code == "cannot_declare"
    s, ev = pick_type(s, 0, "rainbow")
    assert "declare" in kinds(ev)
    assert sorted(s["cat"][c] for c in s["decl"][0]) == ["fire", "rainbow", "steal"]
    assert types(s, 0) == ["arm", "water"]
    assert s["turn"] == 1  # the end phase ran on


def test_curse_in_hand_blocks_a_rainbow_declaration() -> None:
    s = build(2, [["fire", "water", "rainbow", "curse"], []])
    assert {"type": "declare"} not in R.legal(s, 0)
    with pytest.raises(RuleError) as err:
        act(s, 0, {"type": "declare"})
    assert err.value.code == "cannot_declare"


def test_elements_count_toward_a_declaration() -> None:
    s = build(2, [["steal", "exchange", "arm"], []], elements={"fire": 0, "water": 0, "thunder": 0})
    assert {"type": "declare"} in R.legal(s, 0)
    s = build(2, [["steal", "exchange", "thunder"], []], elements={"fire": 0, "water": 0})
    assert {"type": "declare"} in R.legal(s, 0)
    s = build(2, [["fire", "water"], []], elements={"thunder": 0})
    assert {"type": "declare"} not in R.legal(s, 0)  # 3 cards are always needed


def test_declaration_can_be_cancelled_before_the_third_card() -> None:
    s = build(2, [["fire", "water", "thunder"], []])
    s, _ = act(s, 0, {"type": "declare"})
    s, _ = pick_type(s, 0, "fire")
    s, ev = act(s, 0, {"type": "cancel"})
    assert s["pending"] is None and s["phase"] == "action" and len(s["hands"][0]) == 3 and ev == []


def test_no_second_declaration_while_cards_are_out() -> None:
    s = build(2, [["fire", "water", "thunder"], []], decl={0: ["rainbow"]})
    assert {"type": "declare"} not in R.legal(s, 0)
    with pytest.raises(RuleError) as err:
        act(s, 0, {"type": "declare"})
    assert err.value.code == "already_declared"


# ----------------------------------------------------------------- take-backs and victory checks


def test_take_back_and_victory_check_timing_two_players() -> None:
    s = build(2, [["fire", "water", "thunder", "steal"], ["exchange"]], options={"count_curse": 0, "count_rainbow": 0})
    s, _ = declare(s, 0, ["fire", "water", "thunder"])
    assert s["turn"] == 1 and s["turn_no"] == 2 and len(s["decl"][0]) == 3
    s, ev = act(s, 1, END)  # P1's end phase: P0 takes one back, out of turn
    assert R.to_act(s) == [0] and s["turn"] == 1 and s["pending"] == {"kind": "takeback", "seat": 0}
    assert picks(s, 0) == ["fire", "thunder", "water"]
    s, ev = pick_type(s, 0, "fire")
    assert kinds(ev)[0] == "takeback" and len(s["decl"][0]) == 2 and s["turn"] == 0
    assert R.legal(s, 1) == []
    s, ev = act(s, 0, END)  # own end phase: no take-back for the turn player
    assert "takeback" not in kinds(ev) and len(s["decl"][0]) == 2 and s["turn"] == 1
    s, ev = act(s, 1, END)
    s, ev = pick_type(s, 0, "water")
    assert len(s["decl"][0]) == 1
    s, ev = act(s, 0, END)
    assert R.result(s) is None
    s, ev = act(s, 1, END)  # third take-back: one kind left, made automatically, then the check
    assert kinds(ev)[:3] == ["end_actions", "takeback", "reveal"]
    assert s["turn_no"] == 6
    reveal = next(e for e in ev if e.kind == "reveal")
    assert reveal.to is None and reveal.args["win"]
    res = R.result(s)
    assert res is not None and res.winners == (0,) and res.reason == "victory_check" and res.scores == (1.0, 0.0)
    assert R.to_act(s) == [] and R.legal(s, 0) == []


def test_take_back_and_victory_check_timing_five_players() -> None:
    s = build(5, [["fire", "water", "thunder"], ["steal"], ["steal"], ["steal"], ["steal"]])
    s, _ = declare(s, 0, ["fire", "water", "thunder"])
    for turn_player, left in ((1, 2), (2, 1)):
        assert s["turn"] == turn_player
        s, _ = act(s, turn_player, END)
        assert R.to_act(s) == [0]
        s, _ = act(s, 0, R.legal(s, 0)[0])
        assert len(s["decl"][0]) == left
    assert s["turn"] == 3
    s, ev = act(s, 3, END)
    assert "reveal" in kinds(ev)
    res = R.result(s)
    assert res is not None and res.winners == (0,)


def test_failed_victory_check_reveals_and_play_goes_on() -> None:
    s = build(3, [["steal"], ["fire", "water", "rainbow", "curse"], []], decl={1: ["arm"]})
    s, ev = act(s, 0, END)
    reveal = next(e for e in ev if e.kind == "reveal")
    assert reveal.to is None and not reveal.args["win"]
    assert sorted(reveal.args["card_types"]) == ["arm", "curse", "fire", "rainbow", "water"]
    assert R.result(s) is None and s["turn"] == 1
    assert sorted(s["known"][0][1]) == sorted(s["hands"][1][:5])  # everyone saw it
    assert sorted(s["known"][2][1]) == sorted(s["hands"][1][:5])


def test_rainbow_wins_a_victory_check_and_elements_count() -> None:
    s = build(2, [["steal"], ["fire", "rainbow"]], decl={1: ["steal"]}, elements={"thunder": 1})
    s, _ = act(s, 0, END)
    assert R.result(s).winners == (1,)


def test_declarers_take_back_in_seat_order_from_the_turn_players_left() -> None:
    s = build(
        4, [["steal"], ["arm"], ["fire", "water", "thunder"], ["exchange"]], decl={1: ["steal"], 2: ["steal"]}, turn=3
    )
    s, ev = act(s, 3, END)
    order = [e.args["seat"] for e in ev if e.kind == "takeback"]
    assert order == [1, 2]  # seat 1 checks (fails), then seat 2 wins
    assert R.result(s).winners == (2,)


# ----------------------------------------------------------------- hand limit and curses


def test_hand_limit_never_offers_a_curse() -> None:
    s = build(2, [["curse", "curse", "fire", "water", "steal", "exchange", "arm"], []])
    s, _ = act(s, 0, END)
    assert s["pending"] == {"kind": "limit"} and s["phase"] == "end"
    assert "curse" not in picks(s, 0)
    with pytest.raises(RuleError) as err:
        act(s, 0, {"type": "pick", "card": next(c for c in s["hands"][0] if s["cat"][c] == "curse")})
    assert err.value.code == "curse_discard"
    s, _ = pick_type(s, 0, "arm")
    assert len(s["hands"][0]) == 6 and s["turn"] == 1 and s["pending"] is None


def test_hand_limit_stops_when_only_curses_are_left() -> None:
    s = build(2, [["curse"] * 7 + ["fire"], []], options={"count_curse": 8})
    s, _ = act(s, 0, END)
    s, _ = pick_type(s, 0, "fire")
    assert types(s, 0) == ["curse"] * 7 and s["turn"] == 1


# ----------------------------------------------------------------- deck


def test_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    s = build(2, [["steal"], ["fire"]])
    s["discard"] += s["deck"]
    s["deck"] = []
    pile = len(s["discard"])
    s, ev = act(s, 0, END)
    assert kinds(ev)[:4] == ["end_actions", "turn", "reshuffle", "draw"]
    assert len(s["deck"]) == pile - 1 and s["discard"] == [] and len(s["hands"][1]) == 2
    accounted(s)


def test_nothing_to_draw_is_harmless() -> None:
    s = build(
        2,
        [["steal"] * 2, ["fire"]],
        options={
            "count_steal": 2,
            "count_fire": 1,
            "count_water": 0,
            "count_thunder": 0,
            "count_rainbow": 0,
            "count_curse": 0,
            "count_exchange": 0,
            "count_arm": 0,
            "count_push_peep": 0,
            "count_push_barrier": 6,
        },
    )
    s["hands"][1] += s["deck"]
    s["deck"] = []
    s, ev = act(s, 0, END)
    assert "no_draw" in kinds(ev)
    accounted(s)


# ----------------------------------------------------------------- match play


def test_match_play_scores_and_next_game_starts_right_of_the_winner() -> None:
    s = build(3, [["steal"], ["fire", "rainbow"], []], decl={1: ["water"]}, options={"match_play": True})
    s, ev = act(s, 0, END)
    win = next(e for e in ev if e.kind == "win")
    assert win.args["points"] == 7 and win.args["rainbows"] == 1 and not win.args["match_over"]
    assert R.result(s) is None
    assert s["points"] == [0, 7, 0] and s["game_no"] == 2
    assert s["turn"] == 0 and s["turn_no"] == 1  # winner's right = previous seat
    assert "new_game" in kinds(ev)
    assert all(d == [] for d in s["decl"]) and all(v is None for v in s["elements"].values())
    accounted(s)

    s = build(3, [["fire", "water"], [], ["steal"]], decl={0: ["thunder"]}, turn=2, options={"match_play": True})
    s, ev = act(s, 2, END)
    assert s["turn"] == 2 and s["points"] == [10, 0, 0]  # seat 0 won: seat 2 (wrapping) starts
    assert R.result(s).winners == (0,)  # 10 points reach the target at once


def test_match_ends_at_the_target_with_match_points_as_scores() -> None:
    s = build(
        2,
        [["steal"], ["fire", "water", "rainbow", "rainbow"]],
        decl={1: ["steal"]},
        options={"match_play": True, "match_target": 5},
    )
    s["points"] = [3, 2]
    s, _ = act(s, 0, END)
    res = R.result(s)
    assert res is not None and res.winners == (1,) and res.reason == "match"
    assert res.scores == (3.0, 6.0)  # 2 + (10 - 3 × 2)


def test_turn_cap_ends_in_a_draw() -> None:
    s = build(2, [["steal"], ["steal"]], options={"max_turns": 3})  # built at turn 1
    s, _ = act(s, 0, END)
    s, _ = act(s, 1, END)
    assert R.result(s) is None and s["turn_no"] == 3
    s, ev = act(s, 0, END)
    assert "turn_cap" in kinds(ev)
    res = R.result(s)
    assert res is not None and res.reason == "turn_cap" and res.winners == () and res.draw


# ----------------------------------------------------------------- robustness


def test_illegal_input_raises_and_leaves_the_state_unchanged() -> None:
    s = build(2, [["steal", "fire"], ["water"]])
    snapshot = json.dumps(s, sort_keys=True)
    bad = [
        None,
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "play", "card": 999},
        {"type": "play", "card": "16"},
        {"type": "play", "card": True},
        {"type": "play", "card": 16.0},
        {"type": "play", "card": 4},
        {"type": "target", "seat": 1},
        {"type": "barrier", "use": True},
        {"type": "end", "extra": 1},
        {"type": "element", "elem": "fire"},
        {"type": "pick", "card": 0},
        "end",
    ]
    for action in bad:
        with pytest.raises(RuleError):
            R.apply(s, 0, action)  # type: ignore[arg-type]
        assert json.dumps(s, sort_keys=True) == snapshot
    with pytest.raises(NotYourTurn):
        R.apply(s, 1, END)
    with pytest.raises(NotYourTurn):
        R.apply(s, 7, END)
    assert json.dumps(s, sort_keys=True) == snapshot
    finished = build(2, [["steal"], ["fire", "water", "thunder"]], decl={1: ["steal"]})
    finished, _ = act(finished, 0, END)
    with pytest.raises(GameOver):
        R.apply(finished, 1, END)


def test_bad_setup_is_refused() -> None:
    with pytest.raises(ValueError):
        R.new(1, 0)
    with pytest.raises(ValueError):
        R.new(6, 0)
    with pytest.raises(ValueError):
        R.new(2, 0, {"nonsense": 1})
    with pytest.raises(ValueError):
        R.new(2, 0, {"max_turns": 0})


def test_json_round_trip_and_determinism() -> None:
    for n in (2, 5):
        finals = []
        for _ in range(2):
            last = None
            for _before, _seat, _action, events, after in random_game(n, 11):
                assert json.loads(json.dumps(after)) == after
                for e in events:
                    json.dumps(e.to_json())
                last = after
            finals.append(json.dumps(last, sort_keys=True))
        assert finals[0] == finals[1]
    a = json.dumps(R.new(3, 1), sort_keys=True)
    b = json.dumps(R.new(3, 2), sort_keys=True)
    assert a != b and a == json.dumps(R.new(3, 1), sort_keys=True)


def test_options_are_named_with_rules_md_defaults() -> None:
    opts = {o.name: o.default for o in R.OPTIONS}
    assert opts["count_fire"] == opts["count_water"] == opts["count_thunder"] == 4
    assert opts["count_rainbow"] == opts["count_curse"] == 2
    assert (opts["count_steal"], opts["count_exchange"], opts["count_arm"]) == (4, 2, 3)
    assert (opts["count_push_peep"], opts["count_push_barrier"]) == (3, 2)
    assert opts["barrier_timeout_s"] == 20 and opts["match_play"] is False and opts["match_target"] == 10
    assert len(R.new(2, 0)["cat"]) == 30
