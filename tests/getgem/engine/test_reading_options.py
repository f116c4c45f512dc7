"""GETGEM's two readings that were hard-coded are options now, and each value plays differently.

``arm_self``: may Excavation Arm dig itself up?  ``peep_barred_counts``: does
a Peeping Draw cancelled by a Barrier use up the turn's one?  Defaults keep
the old play (docs/rules/getgem.md §3 [decision]s).
"""

from __future__ import annotations

from cogs.getgem import rules as R
from tests.getgem.helpers import accounted, act, ids_of, play_card, types
from tests.getgem.helpers import build as _build

NO_BARRIER = {"type": "barrier", "use": False}


def _arm_offered(s: dict) -> bool:
    return any(a["type"] == "play" and s["cat"][a["card"]] == "arm" for a in R.legal(s, 0))


def test_excavation_arm_digs_itself_up_only_with_arm_self() -> None:
    off = _build(2, [["arm", "fire"], ["water"]])
    on = _build(2, [["arm", "fire"], ["water"]], options={"arm_self": True})
    assert not _arm_offered(off)  # an empty discard pile: nothing to dig (the Arm is not in it yet)
    assert _arm_offered(on)  # it is in the pile "at once", so it can dig itself up
    arm = ids_of(on, 0, "arm")[0]
    s, _ = play_card(on, 0, "arm")
    assert [a["card"] for a in R.legal(s, 0) if a["type"] == "pick"] == [arm]
    s, ev = act(s, 0, {"type": "pick", "card": arm})
    assert "dig" in [e.kind for e in ev] and types(s, 0) == ["arm", "fire"]
    fire = ids_of(s, 0, "fire")[0]
    s, _ = act(s, 0, {"type": "pick", "card": fire})  # then discard a card, as always
    assert types(s, 0) == ["arm"] and s["discard"] == [fire]
    accounted(s)


def test_with_a_pile_the_arm_is_among_the_choices_only_with_arm_self() -> None:
    for arm_self in (False, True):
        s = _build(2, [["arm", "fire"], ["water"]], discard=["thunder"], options={"arm_self": arm_self})
        s, _ = play_card(s, 0, "arm")
        dug = {s["cat"][a["card"]] for a in R.legal(s, 0) if a["type"] == "pick"}
        assert dug == ({"thunder", "arm"} if arm_self else {"thunder"})


def _barred_peep(options: dict) -> dict:
    s = _build(2, [["push_peep", "push_peep", "fire"], ["push_barrier", "water"]], options=options)
    s, _ = play_card(s, 0, "push_peep", "peep")
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, {"type": "barrier", "use": True})
    assert "barrier" in [e.kind for e in ev]
    return s


def _peep_offered(s: dict) -> bool:
    return any(a.get("mode") == "peep" for a in R.legal(s, 0))


def test_a_barred_peeping_draw_uses_up_the_turns_one_only_with_peep_barred_counts() -> None:
    counted = _barred_peep({})
    assert counted["peeped"] and not _peep_offered(counted)  # default: the turn's one is gone
    free = _barred_peep({"peep_barred_counts": False})
    assert not free["peeped"] and _peep_offered(free)
    s, _ = play_card(free, 0, "push_peep", "peep")  # the second one plays, unbarred this time
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, NO_BARRIER)
    assert "peep" in [e.kind for e in ev] and s["peeped"] and not _peep_offered(s)
    accounted(s)
