"""Docs/rules/getgem.md §3 as changed today: each item fails on the engine/render of before."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.engine import RuleError, resolve_options
from cogs.getgem import render, strings
from cogs.getgem import rules as R
from tests.getgem.helpers import accounted, act, build, ids_of, kinds, pick_type, play_card

i18n.register(strings.STRINGS)

END = {"type": "end"}
NO_CURSE = {"count_curse": 0}


def _targets(s: dict, seat: int) -> set[int]:
    return {a["seat"] for a in R.legal(s, seat) if a["type"] == "target"}


# ----------------------------------------------------------------- 1. Steal & Push onto an empty hand


def test_push_onto_an_empty_hand_takes_nothing_and_still_pushes() -> None:
    s = build(3, [["push_barrier", "curse", "fire"], [], ["water"]])
    s, _ = play_card(s, 0, "push_barrier", "push")
    assert _targets(s, 0) == {1, 2}  # the empty-handed seat 1 may be chosen
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    assert kinds(ev)[-1] == "barrier_ask"  # asked though holding nothing: the question reveals nothing
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    assert "steal_none" in kinds(ev) and "stolen" not in kinds(ev)
    assert s["pending"]["kind"] == "push" and s["pending"]["taken"] is None
    assert {s["cat"][a["card"]] for a in R.legal(s, 0)} == {"curse", "fire"}  # compulsory: no skip
    curse = ids_of(s, 0, "curse")[0]
    s, ev = act(s, 0, {"type": "pick", "card": curse})
    assert s["hands"][1] == [curse] and "pushed" in kinds(ev)
    accounted(s)


def test_push_onto_empty_off_needs_a_target_with_cards() -> None:
    s = build(3, [["push_barrier", "curse"], [], ["water"]], options={"push_onto_empty": False})
    s, _ = play_card(s, 0, "push_barrier", "push")
    assert _targets(s, 0) == {2}
    only_empty = build(2, [["push_peep", "curse"], []], options={"push_onto_empty": False})
    assert all(a.get("mode") != "push" for a in R.legal(only_empty, 0))
    assert any(a.get("mode") == "push" for a in R.legal(build(2, [["push_peep", "curse"], []]), 0))


def test_push_optional_offers_giving_nothing() -> None:
    for optional in (False, True):
        s = build(2, [["push_barrier", "fire"], []], options={"push_optional": optional})
        s, _ = play_card(s, 0, "push_barrier", "push")
        s, _ = act(s, 0, {"type": "target", "seat": 1})
        s, _ = act(s, 1, {"type": "barrier", "use": False})
        assert ({"type": "skip"} in R.legal(s, 0)) is optional
    s, ev = act(s, 0, {"type": "skip"})
    assert "push_skip" in kinds(ev) and s["hands"][1] == [] and s["pending"] is None
    accounted(s)


# ----------------------------------------------------------------- 2. Same-phase wins


def _two_declarers(options: dict) -> tuple[dict, list]:
    hands = [["steal"], ["fire", "water"], ["fire", "water"]]
    s = build(3, hands, decl={1: ["thunder"], 2: ["thunder"]}, options={**NO_CURSE, **options})
    s, ev = act(s, 0, END)
    return s, ev


def test_two_declarers_passing_in_one_end_phase_share_the_win() -> None:
    s, ev = _two_declarers({})
    res = R.result(s)
    assert res is not None and res.winners == (1, 2) and res.scores == (0.0, 1.0, 1.0)
    assert [e.args["seat"] for e in ev if e.kind == "reveal"] == [1, 2]
    board = render.board(R.view(s, None), ["Ann", "Bob", "Cy"], i18n.translator("en"))
    assert "Bob, Cy share the win" in board.description


def test_same_phase_win_seat_order_stops_at_the_first() -> None:
    s, _ev = _two_declarers({"same_phase_win": "seat_order"})
    res = R.result(s)
    assert res is not None and res.winners == (1,)
    assert len(s["decl"][2]) == 1  # never took back


def test_shared_win_in_match_play_scores_each_winner() -> None:
    s, _ev = _two_declarers({"match_play": True})
    assert s["points"] == [0, 10, 10] and R.result(s).winners == (1, 2)
    s, _ev = _two_declarers({"match_play": True, "match_target": 20})
    assert s["points"] == [0, 10, 10] and R.result(s) is None
    assert s["turn"] == 0  # the first winner (seat 1) from the turn player's left: its right starts


# ----------------------------------------------------------------- 3. The deck is rebuilt at once


def test_a_draw_that_empties_the_deck_rebuilds_it_at_once() -> None:
    s = build(2, [["push_peep", "arm"], []])
    s["discard"] += s["deck"][:-1]
    s["deck"] = s["deck"][-1:]
    pile = len(s["discard"])
    s, _ = play_card(s, 0, "push_peep", "peep")
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    assert R.legal(s, 1) == [{"type": "barrier", "use": False}]  # asked, empty hand or not (docs/rules/getgem.md §3)
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    assert kinds(ev)[-3:] == ["draw", "drew", "reshuffle"]
    assert s["discard"] == [] and len(s["deck"]) == pile + 1  # the played Peeping Draw included
    played = {s["cat"][a["card"]] for a in R.legal(s, 0) if a["type"] == "play"}
    assert "arm" not in played  # the Arm has nothing to dig
    accounted(s)


# ----------------------------------------------------------------- 4. Match points have no floor


def test_match_points_have_no_floor() -> None:
    opts = {"match_play": True, "count_rainbow": 4, **NO_CURSE}
    s = build(2, [["steal"], ["rainbow"] * 3], decl={1: ["rainbow"]}, options=opts)
    s, ev = act(s, 0, END)
    win = next(e for e in ev if e.kind == "win")
    assert win.args["points"] == -2 and s["points"] == [0, -2]


# ----------------------------------------------------------------- 5. Match target and ranking in texts


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_rules_text_reads_the_match_target(locale: str) -> None:
    tr = i18n.translator(locale)
    rulebook, readings = render.rules_text(tr, resolve_options(R.OPTIONS, {"match_target": 15, "match_play": True}))
    assert "15" in rulebook and "15" in readings
    assert "10点先取" not in rulebook and "first to 10" not in rulebook


def test_match_end_board_ranks_everyone_by_points() -> None:
    s = build(3, [["steal"], ["fire", "water"], []], decl={1: ["thunder"]}, options={"match_play": True, **NO_CURSE})
    s["points"] = [4, 0, 7]
    s, _ = act(s, 0, END)
    assert R.result(s).reason == "match"
    desc = render.board(R.view(s, None), ["Ann", "Bob", "Cy"], i18n.translator("en")).description
    assert desc.index("Bob (10)") < desc.index("Cy (7)") < desc.index("Ann (4)")
    assert "1." in desc and "3." in desc


# ----------------------------------------------------------------- 6. redeclare, limit_first, first_player


def test_redeclare_allows_a_second_declaration() -> None:
    hand = ["fire", "water", "thunder", "steal"]
    assert {"type": "declare"} not in R.legal(build(2, [hand, []], decl={0: ["fire"]}), 0)
    s = build(2, [hand, []], decl={0: ["rainbow"]}, options={"redeclare": True})
    assert {"type": "declare"} in R.legal(s, 0)
    s, _ = act(s, 0, {"type": "declare"})
    for t in ("fire", "water", "thunder"):
        s, _ = pick_type(s, 0, t)
    assert len(s["decl"][0]) == 4


def test_limit_first_discards_before_declaring() -> None:
    hand = ["fire", "water", "thunder", "steal", "steal", "steal", "exchange"]
    s, _ = act(build(2, [hand, []]), 0, {"type": "declare"})
    assert s["pending"]["kind"] == "declare"
    s, _ = act(build(2, [hand, []], options={"limit_first": True}), 0, {"type": "declare"})
    assert s["pending"] == {"kind": "limit", "then": "declare"}
    s, _ev = pick_type(s, 0, "steal")
    assert s["pending"] == {"kind": "declare", "picked": []} and len(s["hands"][0]) == 6
    s, _ = act(build(2, [hand, []], options={"limit_first": True}), 0, END)
    assert s["pending"] == {"kind": "limit", "then": "end"}
    s, _ = pick_type(s, 0, "exchange")
    assert s["turn"] == 1


def test_first_player_host_starts() -> None:
    assert {R.new(4, seed, {"first_player": "host"})["turn"] for seed in range(20)} == {0}
    assert len({R.new(4, seed)["turn"] for seed in range(20)}) > 1


# ----------------------------------------------------------------- 7. Stale-button error codes


def test_stale_buttons_get_the_right_codes() -> None:
    s = build(2, [["fire", "fire", "steal"], []], elements={"fire": 0})
    with pytest.raises(RuleError) as err:
        R.apply(s, 0, {"type": "element", "elem": "fire"})
    assert err.value.code == "element_held"
    s = build(2, [["fire", "water", "thunder", "steal"], ["water"]])
    s, _ = play_card(s, 0, "steal")
    with pytest.raises(RuleError) as err:
        R.apply(s, 0, {"type": "declare"})
    assert err.value.code == "finish_first"
    for locale in ("en", "ja"):
        assert i18n.has("getgem.error.element_held", locale)


# ----------------------------------------------------------------- 8. rules_text(tr, options)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_rules_text_has_two_parts_with_the_current_values(locale: str) -> None:
    tr = i18n.translator(locale)
    defaults = resolve_options(R.OPTIONS, None)
    rulebook, readings = render.rules_text(tr, defaults)
    assert 0 < len(rulebook) <= 3500 and 0 < len(readings) <= 3500
    for name, value in (("barrier_timeout_s", 45), ("max_turns", 77)):
        _, changed = render.rules_text(tr, {**defaults, name: value})
        assert str(value) in changed and str(value) not in readings
    for name in ("push_onto_empty", "push_optional", "redeclare", "limit_first"):
        assert render.rules_text(tr, {**defaults, name: not defaults[name]})[1] != readings
    for name, other in (("same_phase_win", "seat_order"), ("first_player", "host")):
        assert render.rules_text(tr, {**defaults, name: other})[1] != readings
    _, bigger = render.rules_text(tr, {**defaults, "count_fire": 6})
    assert "32" in bigger and "30" in bigger and "32" not in readings
