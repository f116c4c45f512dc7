"""Each magic card's cast and acquired effect (docs/rules/eminit.md §4, source notes)."""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from cogs.eminit import cards, rules

from ..helpers import Game, build, card, kinds

FIELD = [("ancient", 1), ("drop", 2)]


def gathering(hand, field=FIELD, **kw) -> Game:
    hands = [list(hand), ["gold"], ["gold"], ["gold"]]
    return Game(build(4, hands=hands, field=field, seat=0, **kw))


def acquire(kind: str, hand=()) -> Game:
    g = Game(build(4, hands=[list(hand), [], [], []], field=[(kind, 1), ("gold", 2)], phase="scramble"))
    g.do(0, "flip", slot=1)
    if hand:
        g.do(0, "pass")
    return g


# ------------------------------------------------------------------ Time Skip


def test_time_skip_cast_skips_the_chosen_players_next_turn() -> None:
    g = gathering(["time_skip", "gold"])
    g.do(0, "cast", card=card(g.s, 0, "time_skip"))
    assert rules.legal(g.s, 0) == [{"type": "skip_target", "seat": t} for t in (0, 1, 2, 3)]  # yourself too
    g.do(0, "skip_target", seat=1)
    assert g.s["skip"] == [False, True, False, False]
    assert g.s["step"] == {"kind": "place", "seat": 0}
    g.do(0, "place", card=card(g.s, 0, "gold"))
    assert g.kinds_of("skipped") == [{"seat": 1, "phase": "gathering"}]
    assert g.s["seat"] == 2 and g.s["skip"] == [False] * 4


def test_time_skip_may_target_yourself() -> None:
    g = gathering(["time_skip", "gold"])
    g.do(0, "cast", card=card(g.s, 0, "time_skip"))
    g.do(0, "skip_target", seat=0)
    assert g.s["skip"] == [True, False, False, False]
    g.do(0, "place", card=card(g.s, 0, "gold"))
    assert g.s["seat"] == 1 and g.s["skip"][0]  # skipped when the turn comes round again


def test_time_skip_acquired_skips_the_receivers_next_turn() -> None:
    g = acquire("time_skip")
    assert g.s["skip"] == [True, False, False, False]
    assert "time_skip" in kinds(g.s["discard"])


def test_skips_never_stack() -> None:
    g = gathering(["time_skip", "gold"], skip=[False, True, False, False])
    g.do(0, "cast", card=card(g.s, 0, "time_skip"))
    g.do(0, "skip_target", seat=1)
    assert g.s["skip"][1] is True


def test_only_one_cast_per_turn() -> None:
    g = gathering(["supply", "supply", "gold"])
    g.do(0, "cast", card=card(g.s, 0, "supply"))
    assert all(a["type"] == "place" for a in rules.legal(g.s, 0))
    with pytest.raises(RuleError) as err:
        rules.apply(g.s, 0, {"type": "cast", "card": card(g.s, 0, "supply")})
    assert err.value.code == "cast_used"


# --------------------------------------------------------------------- Switch


def test_switch_look_then_must_exchange() -> None:
    g = gathering(["switch", "gold", "suck"])
    g.do(0, "cast", card=card(g.s, 0, "switch"))
    assert rules.legal(g.s, 0) == [{"type": "look", "slot": 1}, {"type": "look", "slot": 2}]
    events = g.do(0, "look", slot=2)
    saw = [e for e in events if e.kind == "saw"]
    assert saw[0].to == (0,) and cards.kind(saw[0].args["card"]) == "drop"
    assert [e.kind for e in events if e.to is None] == ["looked"]
    # no backing out: only exchanges, and only with magic/treasure cards
    assert rules.legal(g.s, 0) == [{"type": "exchange", "card": card(g.s, 0, "gold")}]
    gold = card(g.s, 0, "gold")
    g.do(0, "exchange", card=gold)
    entry = g.s["field"][1]
    assert entry == {"slot": 2, "card": gold, "by": 0, "known": [0]}
    assert kinds(g.s["hands"][0]) == ["drop", "suck"]
    assert rules.view(g.s, 2)["field"][1]["card"] is None  # the old placer no longer knows it


def test_switch_needs_a_field_card_and_a_card_to_exchange() -> None:
    empty = gathering(["switch", "gold"], field=())
    assert {"type": "cast", "card": card(empty.s, 0, "switch")} not in rules.legal(empty.s, 0)
    with pytest.raises(RuleError) as err:
        rules.apply(empty.s, 0, {"type": "cast", "card": card(empty.s, 0, "switch")})
    assert err.value.code == "switch_unavailable"
    only_interrupts = gathering(["switch", "suck"])
    assert [a["type"] for a in rules.legal(only_interrupts.s, 0)] == ["place"]


def test_switch_acquired_goes_to_hand() -> None:
    g = acquire("switch")
    assert kinds(g.s["hands"][0]) == ["switch"]


# ---------------------------------------------------------------- Big Release


def test_big_release_places_any_number_and_may_overshoot_the_quota() -> None:
    field = [("ancient", 1), ("drop", 2), ("gold", 3), ("gold", 1)]  # 4 of quota 6
    g = gathering(["big_release", "gold", "ancient", "eminit", "suck"], field=field)
    g.do(0, "cast", card=card(g.s, 0, "big_release"))
    assert {"type": "done"} in rules.legal(g.s, 0)
    offered = sorted(cards.kind(a["card"]) for a in rules.legal(g.s, 0) if a["type"] == "place")
    assert offered == ["ancient", "eminit", "gold", "suck"]  # interrupts too: they go to the discard pile
    g.do(0, "place", card=card(g.s, 0, "gold"))
    g.do(0, "place", card=card(g.s, 0, "suck"))
    assert kinds(g.s["discard"]).count("suck") == 1 and len(g.s["field"]) == 5
    assert g.kinds_of("released_interrupt")[0]["seat"] == 0
    g.do(0, "place", card=card(g.s, 0, "ancient"))
    g.do(0, "done")
    assert g.s["step"] == {"kind": "place", "seat": 0}  # then the turn's normal placement
    g.do(0, "place", card=card(g.s, 0, "eminit"))
    assert len(g.s["field"]) == 7 and g.s["phase"] == "scramble"
    assert g.s["step"] == {"kind": "flip", "seat": 1}  # the next player starts it


def test_big_release_ends_by_itself_only_when_the_hand_is_empty() -> None:
    g = gathering(["big_release", "gold", "suck"])
    g.do(0, "cast", card=card(g.s, 0, "big_release"))
    g.do(0, "place", card=card(g.s, 0, "gold"))
    assert g.s["step"]["kind"] == "release"  # a Suck left: still asked (nothing about the hand shows)
    g.do(0, "place", card=card(g.s, 0, "suck"))
    assert g.kinds_of("passed") == [{"seat": 0}]
    assert g.s["seat"] == 1


def test_big_release_whole_hand_places_everything_and_discards_interrupts() -> None:
    g = gathering(["big_release", "gold", "ancient", "suck", "nullify"], options={"big_release": "whole_hand"})
    g.do(0, "cast", card=card(g.s, 0, "big_release"))
    assert g.s["hands"][0] == []
    placed = [cards.kind(e["card"]) for e in g.s["field"] if e["slot"] > len(FIELD)]
    assert sorted(placed) == ["ancient", "gold"]
    assert [cards.kind(e["card"]) for e in g.kinds_of("released_interrupt")] == ["suck", "nullify"]
    assert g.s["seat"] == 1  # nothing left to place: the turn passes


# --------------------------------------------------------------- Clairvoyance


def test_clairvoyance_looks_at_up_to_two_cards() -> None:
    field = [("ancient", 1), ("drop", 2), ("gold", 3)]
    g = gathering(["clairvoyance", "gold"], field=field)
    g.do(0, "cast", card=card(g.s, 0, "clairvoyance"))
    assert rules.legal(g.s, 0)[-1] == {"type": "done"}
    g.do(0, "look", slot=1)
    g.do(0, "look", slot=3)
    assert g.s["step"] == {"kind": "place", "seat": 0}
    saw = [e for e in g.events if e.kind == "saw"]
    assert [e.to for e in saw] == [(0,), (0,)]
    mine = rules.view(g.s, 0)["field"]
    assert [e["card"] is not None for e in mine] == [True, False, True]
    assert all(e["card"] is None for e in rules.view(g.s, 2)["field"] if e["by"] != 2)


def test_clairvoyance_can_stop_early() -> None:
    g = gathering(["clairvoyance", "gold"])
    g.do(0, "cast", card=card(g.s, 0, "clairvoyance"))
    g.do(0, "done")
    assert g.s["step"] == {"kind": "place", "seat": 0}


def test_clairvoyance_acquired_goes_to_hand() -> None:
    assert kinds(acquire("clairvoyance").s["hands"][0]) == ["clairvoyance"]


# --------------------------------------------------------------------- Supply


def test_supply_cast_draws_two() -> None:
    g = gathering(["supply", "gold"], deck_top=["eminit", "suck"])
    g.do(0, "cast", card=card(g.s, 0, "supply"))
    assert kinds(g.s["hands"][0]) == ["eminit", "gold", "suck"]
    private = [e for e in g.events if e.kind == "drew_cards"]
    assert private[0].to == (0,)


def test_supply_cast_with_one_card_in_the_deck_draws_one() -> None:
    g = gathering(["supply", "gold"], deck_top=["eminit"], deck=False)
    g.do(0, "cast", card=card(g.s, 0, "supply"))
    assert kinds(g.s["hands"][0]) == ["eminit", "gold"] and g.s["deck"] == []


def test_supply_acquired_discards_two() -> None:
    g = acquire("supply", ["suck", "suck"])
    for _ in range(2):  # one card kind: still the player's click each time (docs/rules/eminit.md §4)
        assert rules.legal(g.s, 0) == [{"type": "discard", "card": card(g.s, 0, "suck")}]
        g.do(0, "discard", card=card(g.s, 0, "suck"))
    assert g.s["hands"][0] == []


# ----------------------------------------------------------------------- Drop


def test_drop_places_the_top_two_deck_cards() -> None:
    g = gathering(["drop", "gold"], deck_top=["eminit", "time_skip"])
    g.do(0, "cast", card=card(g.s, 0, "drop"))
    added = g.s["field"][2:]
    assert [cards.kind(e["card"]) for e in added] == ["eminit", "time_skip"]
    assert all(e["by"] == 0 and e["known"] == [0] for e in added)
    assert [e.to for e in g.events if e.kind == "saw_dropped"] == [(0,)]


def test_drop_unseen_option() -> None:
    g = gathering(["drop", "gold"], deck_top=["eminit", "time_skip"], options={"drop_seen": False})
    g.do(0, "cast", card=card(g.s, 0, "drop"))
    assert all(e["known"] == [] for e in g.s["field"][2:])


def test_drop_acquired_goes_to_hand() -> None:
    assert kinds(acquire("drop").s["hands"][0]) == ["drop"]


def test_magic_cast_with_nothing_to_do_is_just_discarded() -> None:
    """Source: if nothing of an effect is possible, ignore it."""
    g = gathering(["drop", "gold"], deck=False)
    g.do(0, "cast", card=card(g.s, 0, "drop"))
    assert len(g.s["field"]) == 2
    assert "drop" in kinds(g.s["discard"])
