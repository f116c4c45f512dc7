"""docs/rules/eminit.md §4 as changed: the live declaration window and the new options."""

from __future__ import annotations

from cogs.eminit import rules

from ..helpers import Game, build, card, kinds

FIELD = [("gold", 1), ("ancient", 2), ("drop", 3), ("switch", 1)]


def contest(options: dict | None = None) -> Game:
    hands = [["suck"], ["suck", "gold"], ["nullify", "reflect"], ["eminit"]]
    g = Game(build(4, hands=hands, field=FIELD, phase="scramble", seat=0, options=options))
    g.do(0, "flip", slot=1)
    return g


def test_live_is_the_default_and_sealed_keeps_the_old_window() -> None:
    assert rules.new(3, 1)["options"]["declarations"] == "live"
    g = contest({"declarations": "sealed"})
    g.do(0, "pass")
    g.declare(1, "suck")
    assert rules.to_act(g.s) == [2, 3]  # sealed: a declaration re-opens nobody
    assert g.kinds_of("answered") == [{"seat": 0}, {"seat": 1}] and not g.kinds_of("declared")


def test_a_declaration_is_public_at_once_without_its_card() -> None:
    g = contest()
    events = g.do(1, "declare", card=card(g.s, 1, "suck"))
    assert [(e.kind, e.to, e.args) for e in events] == [("declared", None, {"seat": 1, "reopened": []})]
    assert rules.view(g.s, 3)["contest"]["seats"] == ["deciding", "declared", "deciding", "deciding"]


def test_a_new_declaration_reopens_the_done_seats_and_changes_their_legal_list() -> None:
    g = contest()
    g.do(0, "pass")
    g.do(3, "pass")
    assert rules.to_act(g.s) == [1, 2] and rules.legal(g.s, 0) == []
    g.declare(2, "nullify")
    assert g.kinds_of("declared") == [{"seat": 2, "reopened": [0, 3]}]
    assert rules.to_act(g.s) == [0, 1, 3]
    assert {"type": "declare", "card": card(g.s, 0, "suck")} in rules.legal(g.s, 0)  # a new prompt
    assert rules.timeout_action(g.s, 0) == {"type": "pass"}  # the timer means Done / no declaration
    g.do(0, "pass")
    g.do(3, "pass")
    g.declare(1, "suck")  # ① and ④ choose again
    assert rules.to_act(g.s) == [0, 3]
    g.declare(0, "suck")  # ① changes its mind: ④ (Done) is re-opened again, ② and ③ have declared
    assert rules.to_act(g.s) == [3]
    g.do(3, "pass")  # nothing new since: the window closes and resolves
    assert g.s["contest"] is None and g.kinds_of("revealed")
    assert [r["seat"] for r in g.kinds_of("revealed")] == [0, 1, 2]


def test_the_window_closes_when_everyone_has_declared() -> None:
    g = contest()
    for seat, kind in ((3, "eminit"), (0, "suck"), (1, "gold"), (2, "reflect")):
        assert g.s["contest"] is not None
        g.declare(seat, kind, **({"seat": 2} if kind == "reflect" else {}))
    assert g.s["contest"] is None
    assert g.s["last_contest"]["receiver"] == 2  # ③'s Reflect at itself has the last word


def test_a_seat_with_an_empty_hand_is_not_reopened() -> None:
    g = Game(build(3, hands=[["suck"], [], ["gold"]], field=FIELD, phase="scramble", seat=0))
    g.do(0, "flip", slot=1)
    assert rules.to_act(g.s) == [0, 2]
    g.declare(0, "suck")
    assert rules.to_act(g.s) == [2]


def test_every_window_terminates_a_declaration_per_seat_at_most() -> None:
    """Whatever the order, the window closes after at most n declarations and n re-opened Dones each."""
    g = contest()
    moves = 0
    while g.s["contest"] is not None:
        seat = rules.to_act(g.s)[-1]
        legal = rules.legal(g.s, seat)
        declares = [a for a in legal if a["type"] == "declare"]
        action = declares[0] if declares and moves % 3 == 0 else legal[0] if legal[0]["type"] != "back" else legal[-1]
        g.do(seat, action["type"], **{k: v for k, v in action.items() if k != "type"})
        moves += 1
        assert moves < 30
    assert g.kinds_of("revealed") or g.kinds_of("no_declarations")


def test_reflect_may_target_yourself() -> None:
    g = Game(build(3, hands=[[], ["reflect"], []], field=FIELD, phase="scramble", seat=0))
    g.do(0, "flip", slot=2)
    g.declare(1, "reflect", seat=1)
    assert kinds(g.s["treasures"][1]) == ["ancient"]


def test_first_player_host_starts_at_seat_one() -> None:
    starts = {rules.new(4, seed, {"first_player": "host"})["log"][0]["args"]["first"] for seed in range(20)}
    assert starts == {0}
    assert len({rules.new(4, seed)["log"][0]["args"]["first"] for seed in range(20)}) > 1


def test_hand_size_option_deals_that_many() -> None:
    s = rules.new(3, 5, {"hand_size": 3, "first_player": "host"})
    assert [len(h) for h in s["hands"]] == [4, 3, 3]  # the first player has drawn


def test_new_options_have_labels_and_docs_in_both_languages() -> None:
    from cogs.eminit.strings import STRINGS

    for name in ("declarations", "big_release", "first_player", "hand_size", "drop_seen"):
        assert any(o.name == name for o in rules.OPTIONS)
        for locale in ("en", "ja"):
            assert STRINGS[locale][f"eminit.option.{name}"] and STRINGS[locale][f"eminit.option.{name}.doc"]
