"""Engine tests for Promotion: the binding list of rules plus the contract (docs/rules/promotion.md §2)."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import Event, GameOver, NotYourTurn, RuleError
from cogs.promotion import rules
from cogs.promotion.rules import postcard
from cogs.promotion.rules.postcard import SUITS

from ..util import LOW, by_kind, final, kinds, pick_all, play, staged

# --------------------------------------------------------------------------- set-up


def test_layout_is_valid_and_every_layout_checks() -> None:
    for name, sides in postcard.LAYOUTS.items():
        assert postcard.problems(sides) == [], name
    assert rules.OPTIONS[0].name == "postcard" and rules.OPTIONS[0].default == "rules_md_v1"


@pytest.mark.parametrize("seed", range(8))
def test_setup_deal(seed: int) -> None:
    rng = random.Random(seed)
    st = rules.new(4, seed, {"row_suits": "chosen"})  # the rulebook's ritual, kept behind an option
    first = st["first_parent"]
    assert st["phase"] == "suit"
    # Row-card suits: from the first parent in seat order, never the same suit twice.
    chosen = []
    for i in range(4):
        assert rules.to_act(st) == [(first + i) % 4]
        legal = rules.legal(st, (first + i) % 4)
        assert sorted(a["suit"] for a in legal) == sorted(set(SUITS) - set(chosen))
        action = rng.choice(legal)
        chosen.append(action["suit"])
        st = rules.apply(st, (first + i) % 4, action).state
    assert sorted(st["row_suit"]) == sorted(SUITS)
    # Field deal: the parent names, then the player to the parent's right, ...
    for i in range(4):
        namer = (first - i) % 4
        assert st["phase"] == "name" and rules.to_act(st) == [namer]
        action = rng.choice(rules.legal(st, namer))
        t = rules.apply(st, namer, action)
        (dealt,) = by_kind(list(t.events), "dealt")
        # From the namer in seat order, lowest first: 5, 6, 7, 8.
        assert dealt["cards"] == [[(namer + k) % 4, 5 + k] for k in range(4)]
        st = t.state
    for seat in range(4):
        assert set(st["field"][seat]) == set(SUITS)
        assert sorted(st["field"][seat].values()) == [5, 6, 7, 8]  # each of 5-8 once
    for suit in SUITS:
        assert sorted(st["field"][s][suit] for s in range(4)) == [5, 6, 7, 8]
        assert st["supply"][suit] == [9, 10, 11, 12, 13]
    assert st["phase"] == "orient" and st["round"] == 1 and st["parent"] == first


def test_first_parent_is_random_but_seeded() -> None:
    firsts = {rules.new(4, seed)["first_parent"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert rules.new(4, 17) == rules.new(4, 17)


def test_new_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        rules.new(3, 1)
    with pytest.raises(ValueError):
        rules.new(4, 1, {"postcard": "nope"})
    with pytest.raises(ValueError):
        rules.new(4, 1, {"max_rounds": 0})
    with pytest.raises(ValueError):
        rules.new(4, 1, {"colour": "red"})


# --------------------------------------------------------------------------- orientation


def test_orientation_and_180_turn() -> None:
    st = staged(LOW, parent=2)
    st["phase"] = "orient"
    assert rules.to_act(st) == [2]
    legal = rules.legal(st, 2)
    # One button per side the parent could face, A..D.
    assert [postcard.side_index(2, a["r"]) for a in legal] == [0, 1, 2, 3]
    assert rules.legal(st, 0) == []
    with pytest.raises(NotYourTurn):
        rules.apply(st, 0, legal[0])
    st = rules.apply(st, 2, {"type": "orient", "r": 3}).state
    assert st["phase"] == "turn" and rules.to_act(st) == [1]  # the player to the parent's right
    st = rules.apply(st, 1, {"type": "turn", "turn": True}).state
    assert st["r"] == 1 and st["phase"] == "pick"


def test_orientation_each_round_option() -> None:
    for each, phase in ((True, "orient"), (False, "pick")):
        st = staged(LOW, options={"orient_each_round": each})
        st, _ = pick_all(st, [4, 4, 3, 3])
        assert st["round"] == 2 and st["parent"] == 1  # the parent passes to the next player
        assert st["phase"] == phase


# --------------------------------------------------------------------------- rows 2-4


def test_raise_skips_held_cards() -> None:
    # ♥7 with ♥8 and ♥9 held -> ♥10; ♠5 with 6, 7, 8 held -> ♠9.
    st, events = pick_all(staged(LOW), [2, 4, 3, 3])
    raises = {(a["seat"], a["suit"]): a for a in by_kind(events, "raise") if a["row"] == 2}
    heart = raises[(0, "H")]
    assert (heart["old"], heart["new"], heart["skipped"]) == (7, 10, [[8, 1], [9, 2]])
    assert raises[(0, "S")]["new"] == 9
    assert st["field"][0]["H"] == 10
    assert 7 in st["supply"]["H"] and 10 not in st["supply"]["H"]


def test_clash_is_per_row() -> None:
    # r=0: seat 0 faces A, seat 3 B, seat 2 C, seat 1 D.
    # Row 2: A ♠♥ (seat 0), B ♥♣ (seat 3) -> ♥ clashes; row 3: D ♦♣ (seat 1), C ♣♠ (seat 2) -> ♣ clashes.
    st, events = pick_all(staged(LOW), [2, 3, 3, 2])
    rows = {a["row"]: a for a in by_kind(events, "row")}
    assert rows[2]["clashes"] == [["H", [0, 3]]]
    assert rows[3]["clashes"] == [["C", [1, 2]]]
    raised = {(a["seat"], a["suit"]) for a in by_kind(events, "raise")}
    assert raised == {(0, "S"), (3, "C"), (2, "S"), (1, "D")}
    assert st["field"][0]["H"] == 7 and st["field"][3]["H"] == 5
    assert st["field"][1]["C"] == 6 and st["field"][2]["C"] == 7
    # The clash on row 3 does not reach row 2: seat 3 raised ♣ there (8 -> 9).
    assert st["field"][3]["C"] == 9


# --------------------------------------------------------------------------- Kings


def test_simultaneous_kings_share_the_win_and_stop_the_round() -> None:
    fields = [
        {"S": 12, "H": 5, "D": 5, "C": 5},  # row 2 (A ♠♥): ♠13
        {"S": 6, "H": 6, "D": 6, "C": 6},
        {"S": 7, "H": 7, "D": 7, "C": 12},  # row 2 (C ♣♦): ♣13
        {"S": 8, "H": 8, "D": 8, "C": 11},  # row 4 (D ♥♣) would raise ♣11, but row 4 never comes
    ]
    st, events = pick_all(staged(fields), [2, 3, 2, 4])
    assert rules.result(st) is not None
    res = rules.result(st)
    assert res.winners == (0, 2) and res.reason == "king" and not res.draw
    assert by_kind(events, "king") == [{"seats": [0, 2]}]
    assert {a["row"] for a in by_kind(events, "row")} == {2}
    assert st["field"][3]["C"] == 11
    assert rules.to_act(st) == [] and all(rules.legal(st, s) == [] for s in range(4))
    with pytest.raises(GameOver):
        rules.apply(st, 0, {"type": "pick", "row": 1})


def test_wild_can_make_a_king() -> None:
    fields = [dict(f) for f in LOW]
    fields[1] = {"S": 12, "H": 6, "D": 9, "C": 9}
    fields[2]["H"] = 10
    st, _ = pick_all(staged(fields), [4, 1, 4, 4])
    st = rules.apply(st, 1, {"type": "wild", "suit": "S"}).state
    assert rules.result(st).winners == (1,)


def test_max_rounds_ends_in_a_draw() -> None:
    st = final(5, {"max_rounds": 1})
    res = rules.result(st)
    # No King is reachable in round 1 (the best card after the deal is an 8), so round 1 ends the game.
    assert res.draw and res.reason == "max_rounds" and res.scores == (0.0,) * 4


# --------------------------------------------------------------------------- hidden, simultaneous picks


def test_picks_can_change_until_the_reveal() -> None:
    st = staged(LOW)
    assert rules.to_act(st) == [0, 1, 2, 3]
    t = rules.apply(st, 0, {"type": "pick", "row": 2})
    assert [(e.kind, e.to) for e in t.events] == [("picked", None), ("pick", (0,))]
    assert t.events[0].args == {"seat": 0}  # the public event names no row
    st = t.state
    assert rules.to_act(st) == [1, 2, 3]
    assert len(rules.legal(st, 0)) == 4  # still may change
    t = rules.apply(st, 0, {"type": "pick", "row": 3})
    assert [(e.kind, e.to) for e in t.events] == [("pick", (0,))]  # a change is private
    assert t.events[0].args["changed"] is True
    st = t.state
    for seat in (1, 2, 3, None):
        v = rules.view(st, seat)
        assert v["picks"][0] is None and v["picked"][0] is True
    assert rules.view(st, 0)["picks"][0] == 3
    for seat in (1, 2):
        st = rules.apply(st, seat, {"type": "pick", "row": 4}).state
    t = rules.apply(st, 3, {"type": "pick", "row": 4})
    (revealed,) = by_kind(list(t.events), "revealed")
    assert revealed == {"picks": [3, 4, 4, 4], "round": 1}


def test_illegal_input_leaves_state_unchanged() -> None:
    st = staged(LOW)
    st = rules.apply(st, 1, {"type": "pick", "row": 2}).state
    before = json.dumps(st, sort_keys=True)
    bad_actions = [
        None,
        "pick",
        [],
        {},
        {"type": "pick"},
        {"type": "pick", "row": 0},
        {"type": "pick", "row": 5},
        {"type": "pick", "row": True},
        {"type": "pick", "row": "2"},
        {"type": "pick", "row": 2.0},
        {"type": "pick", "row": 2, "extra": 1},
        {"type": "orient", "r": 0},
        {"type": "nonsense"},
    ]
    for action in bad_actions:
        with pytest.raises(RuleError) as info:
            rules.apply(st, 0, action)  # type: ignore[arg-type]
        assert info.value.code == "illegal_action"
    for seat in (-1, 4, "0", None, True):
        with pytest.raises(RuleError):
            rules.apply(st, seat, {"type": "pick", "row": 1})  # type: ignore[arg-type]
    assert json.dumps(st, sort_keys=True) == before
    # Outside the pick, a seat that is not asked gets NotYourTurn.
    st2 = staged(LOW)
    st2["phase"] = "orient"
    with pytest.raises(NotYourTurn):
        rules.apply(st2, 3, {"type": "orient", "r": 0})


def test_view_hides_only_the_picks() -> None:
    st = staged(LOW)
    st = rules.apply(st, 2, {"type": "pick", "row": 3}).state
    spectator = rules.view(st, None)
    assert spectator["picks"] == [None] * 4 and spectator["picked"] == [False, False, True, False]
    assert "rng" not in spectator
    assert spectator["field"] == st["field"] and spectator["supply"] == st["supply"]
    assert rules.view(st, 2)["picks"] == [None, None, 3, None]


# --------------------------------------------------------------------------- contract plumbing


@pytest.mark.parametrize("seed", range(6))
def test_json_round_trip_and_determinism(seed: int) -> None:
    run_a = list(play(seed, repick=0.2))
    run_b = list(play(seed, repick=0.2))
    assert [(s, a) for _, s, a, _, _ in run_a] == [(s, a) for _, s, a, _, _ in run_b]
    assert run_a[-1][3] == run_b[-1][3]
    for before, seat, action, after, events in run_a:
        copy = json.loads(json.dumps(before))
        assert copy == before
        again = rules.apply(copy, seat, json.loads(json.dumps(action)))
        assert again.state == after
        assert [Event.from_json(json.loads(json.dumps(e.to_json()))) for e in events] == list(events)
        assert json.loads(json.dumps(rules.view(after, None))) == rules.view(after, None)


def test_apply_does_not_mutate_its_input() -> None:
    for before, seat, action, _after, _ in play(3, repick=0.3):
        snapshot = json.dumps(before, sort_keys=True)
        rules.apply(before, seat, action)
        assert json.dumps(before, sort_keys=True) == snapshot


def test_timeout_defaults() -> None:
    st = rules.new(4, 9, {"row_suits": "chosen"})
    seat = rules.to_act(st)[0]
    assert rules.timeout_action(st, seat) == {"type": "suit", "suit": "S"}
    assert rules.timeout_action(st, (seat + 1) % 4) is None  # not asked
    st = staged(LOW, r=2, parent=1)
    st["phase"] = "orient"
    assert rules.timeout_action(st, 1) == {"type": "orient", "r": 2}  # keep the orientation
    st = rules.apply(st, 1, {"type": "orient", "r": 2}).state
    assert rules.timeout_action(st, 0) == {"type": "turn", "turn": False}
    st = rules.apply(st, 0, {"type": "turn", "turn": False}).state
    assert all(rules.timeout_action(st, s) is None for s in range(4))  # the row pick is the AI's


def test_determinize_is_consistent_with_the_view() -> None:
    st = staged(LOW)
    st = rules.apply(st, 0, {"type": "pick", "row": 2}).state
    st = rules.apply(st, 3, {"type": "pick", "row": 4}).state
    v = rules.view(st, 0)
    seen_rows = set()
    for seed in range(20):
        d = rules.determinize(v, 0, seed)
        assert rules.view(d, 0) == v
        assert rules.to_act(d) == rules.to_act(st)
        assert d["picks"][0] == 2 and d["picks"][1] is None and d["picks"][2] is None
        seen_rows.add(d["picks"][3])
        rules.apply(d, 1, {"type": "pick", "row": 1})  # a usable state
    assert len(seen_rows) > 1  # the hidden pick is sampled, not read


# --------------------------------------------------------------------------- rule options


def test_row1_first_reveals_and_resolves_row_1_before_the_other_picks() -> None:
    """Source Q&A: by agreement, row 1's picks come out and resolve first; the rest only then."""
    st = staged(LOW, options={"row1_first": True})
    st, events = pick_all(st, [2, 3, 1, 4])  # seat 2 faces C (Change!) at r=0
    assert by_kind(events, "revealed_row1") == [{"seats": [2], "round": 1}]
    assert not by_kind(events, "revealed") and not by_kind(events, "row")
    assert st["partial"] and not st["revealed"]
    assert rules.to_act(st) == [2] and st["pending"]["kind"] == "change"
    for viewer in (None, 0, 1, 3):
        picks = rules.view(st, viewer)["picks"]
        assert picks == [2 if viewer == 0 else None, 3 if viewer == 1 else None, 1, 4 if viewer == 3 else None]
    assert rules.view(st, 2)["picks"] == [None, None, 1, None]  # Change! chooses without seeing the rows
    for seed in range(10):  # a sampled world knows the hidden picks are not row 1
        d = rules.determinize(rules.view(st, 2), 2, seed)
        assert d["picks"][2] == 1 and all(d["picks"][s] in (2, 3, 4) for s in (0, 1, 3))
        assert rules.view(d, 2) == rules.view(st, 2)
    t = rules.apply(st, 2, {"type": "change", "seat": 0, "suit": "S"})
    ks = kinds(list(t.events))
    assert ks.index("change") < ks.index("revealed") < ks.index("row")
    assert by_kind(list(t.events), "revealed") == [{"picks": [2, 3, 1, 4], "round": 1}]
    # Default: everything is revealed together, before the specials.
    st, events = pick_all(staged(LOW), [2, 3, 1, 4])
    assert st["revealed"] and by_kind(events, "revealed") == [{"picks": [2, 3, 1, 4], "round": 1}]
    assert rules.view(st, 2)["picks"] == [2, 3, 1, 4] and not by_kind(events, "revealed_row1")


def test_row1_first_with_no_or_only_row_1_picks_reveals_at_once() -> None:
    for picks in ([2, 3, 4, 4], [1, 1, 1, 1]):
        _st, events = pick_all(staged(LOW, options={"row1_first": True}), picks)
        assert by_kind(events, "revealed") == [{"picks": picks, "round": 1}] and not by_kind(events, "revealed_row1")


def test_first_parent_option() -> None:
    assert {rules.new(4, seed, {"first_parent": "host"})["first_parent"] for seed in range(20)} == {0}
    assert {rules.new(4, seed, {"first_parent": "random"})["first_parent"] for seed in range(40)} == {0, 1, 2, 3}
    st = rules.new(4, 3, {"first_parent": "host"})
    assert rules.to_act(st) == [0]
    with pytest.raises(ValueError):
        rules.new(4, 1, {"first_parent": "youngest"})


def test_postcard_option_offers_two_valid_layouts_used_by_the_rows() -> None:
    assert len(postcard.LAYOUTS) >= 2
    names = next(o for o in rules.OPTIONS if o.name == "postcard").choices
    assert set(names) == set(postcard.LAYOUTS)
    for sides in postcard.LAYOUTS.values():
        assert postcard.problems(sides) == []
        # Order numbers 1-4 on A-D, so they ascend counter-clockwise in every layout.
        assert [s.order for s in sides] == [1, 2, 3, 4]
    first, second = list(postcard.LAYOUTS)[:2]
    assert postcard.LAYOUTS[first] != postcard.LAYOUTS[second]
    for name, sides in postcard.LAYOUTS.items():
        _st, events = pick_all(staged(LOW, options={"postcard": name}), [2, 2, 2, 2])
        (row,) = by_kind(events, "row")
        assert row["suits"] == [list(sides[postcard.side_index(s, 0)].row(2)) for s in range(4)]


def test_every_option_has_catalogue_texts_and_numbers_have_bounds() -> None:
    from cogs.promotion.strings import STRINGS

    for o in rules.OPTIONS:
        for lang in ("en", "ja"):
            assert STRINGS[lang].get(f"promotion.option.{o.name}"), (lang, o.name)
            assert STRINGS[lang].get(f"promotion.option.{o.name}.doc"), (lang, o.name)
        if isinstance(o.default, int) and not isinstance(o.default, bool):
            assert o.bounds is not None, o.name
        if o.name == "postcard":
            for value in o.choices:
                assert STRINGS["en"].get(f"promotion.option.postcard.{value}")
                assert STRINGS["ja"].get(f"promotion.option.postcard.{value}")
    assert {"postcard", "down_tie", "row1_first", "first_parent", "max_rounds"} <= {o.name for o in rules.OPTIONS}
