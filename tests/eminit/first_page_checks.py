"""Eminit's Treasure's first rules page (``FIRST_PAGE``), statement by statement, checked against its engine.

Read by ``tests/teach/test_first_pages.py`` for every registry game: ``CHECKS`` maps each statement of
the page, in order, to a small position played through the game's own rules that shows it true.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.eminit import cards as ecards
from cogs.eminit import rules as erules
from cogs.eminit.render import FIRST_PAGE  # noqa: F401  (the page the checks follow)
from tests.eminit.helpers import Game, build, random_game

FILLER = (("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1))


def _contest(flipped: str, hands: list[list[str]]) -> Game:
    """① flips ``flipped`` (slot 1) in a 4-player scramble."""
    g = Game(build(4, hands=hands, field=((flipped, 1), *FILLER), phase="scramble", seat=0))
    g.do(0, "flip", slot=1)
    return g


def _received(g: Game) -> dict:
    return g.kinds_of("received")[-1]


def eminit_goal() -> None:
    for seed in range(3):
        s = random_game(4, seed)
        scores = s["result"]["scores"]
        top = [p for p in range(4) if scores[p] == max(scores)]
        assert s["result"]["winners"] == (top if len(top) == 1 else [])
        assert s["field"] == [] and s["deck"] == [] and s["result"]["reason"] != "turn_cap"


def eminit_source() -> None:
    assert {"clairvoyance", "supply", "drop"} <= set(ecards.MAGIC)  # the three reconstructed magic cards exist
    assert set(ecards.TREASURES) == {"gold", "ancient", "eminit"} and len(ecards.KIND) == 60


def eminit_setup() -> None:
    s = erules.new(4, 7, {"hand_size": 6, "first_player": "host"})
    assert s["step"]["seat"] == 0  # the host starts, and has drawn their turn's card
    assert [len(h) for h in s["hands"]] == [6 + s["options"]["draw_per_turn"], 6, 6, 6]


def eminit_gathering() -> None:
    g = Game(build(3, hands=[["supply", "gold", "suck"], [], []], field=(("gold", 1), ("ancient", 2), ("drop", 1)),
                   seat=0))  # fmt: skip
    types = {(a["type"], ecards.kind(a["card"])) for a in erules.legal(g.s, 0) if "card" in a}
    assert ("cast", "supply") in types and ("place", "gold") in types and ("place", "suck") not in types
    g.do(0, "place", card=g.s["hands"][0][1])  # 4th card of 3 + 2: the quota is not reached yet
    assert g.s["phase"] == "gathering"
    s = erules.new(3, 1)
    assert s["phase"] == "gathering" and len(s["field"]) == 0 and erules.legal(s, s["step"]["seat"])


def eminit_scramble() -> None:
    g = _contest("gold", [[], ["suck"], ["suck"], ["suck"]])
    for seat in (1, 2, 3):
        g.declare(seat, "suck")
    assert _received(g)["seat"] == 3  # each overriding the last, clockwise from the flipper
    g = _contest("gold", [[], ["reflect"], [], []])
    g.declare(1, "reflect", seat=2)
    assert _received(g)["seat"] == 2
    g = _contest("gold", [[], ["nullify"], ["suck"], []])
    g.declare(2, "suck")
    g.declare(1, "nullify")
    assert _received(g)["seat"] == 0  # ②'s Nullify stops ③'s later Suck
    g = _contest("gold", [[], ["false_info"], [], []])
    g.declare(1, "false_info", slot=3)
    flipped = g.kinds_of("flipped")[-1]
    assert (flipped["slot"], flipped["extra"]) == (3, True)  # the named card is flipped next, a contest of its own
    g = _contest("gold", [[], ["eminit"], [], []])
    g.declare(1, "eminit")
    assert _received(g)["seat"] == 0 and g.kinds_of("revealed")[-1]["effect"] == "bluff"


def eminit_unclaimed() -> None:
    g = _contest("ancient", [[], ["suck"], [], []])
    g.do(1, "pass")  # ② holds a Suck and does not declare; nobody else can
    assert _received(g)["seat"] == 0 and len(g.s["treasures"][0]) == 1


def eminit_receive() -> None:
    g = _contest("gold", [[], ["suck"], [], []])
    g.declare(1, "suck")
    assert _received(g)["outcome"] == "scored" and g.s["treasures"][1]
    g = _contest("switch", [[], [], [], []])
    assert _received(g)["outcome"] == "hand" and ecards.kind(g.s["hands"][0][-1]) == "switch"
    g = _contest("time_skip", [[], [], [], []])
    assert _received(g)["outcome"] == "effect" and g.s["skip"][0]
    g = _contest("supply", [["gold", "ancient"], [], [], []])
    g.do(0, "pass")  # the flipper may declare too (a bluff): they press Done
    assert g.s["step"] == {"kind": "supply_discard", "seat": 0, "left": 2}
    g = _contest("big_release", [["suck"], [], [], []])
    g.do(0, "pass")
    assert g.s["step"]["kind"] == "name"
    g = Game(build(4, hands=[[], [], [], []], field=(("reflect", 1), *FILLER), phase="scramble", seat=0))
    g.do(0, "flip", slot=1)
    assert g.kinds_of("interrupt_flipped") and g.s["step"] == {"kind": "flip", "seat": 0}


def eminit_end() -> None:
    g = _contest("gold", [[], [], [], []])
    assert _received(g)["points"] == g.s["options"]["points_gold"] == 1
    s = build(3, treasures=[["gold"], ["gold"], []], field=(("ancient", 0),), phase="scramble", deck=False)
    g = Game(s)
    g.do(0, "flip", slot=1)
    assert g.s["result"] is not None and g.s["result"]["winners"] == [0]  # 4 points, unique


CHECKS: dict[str, Callable[[], None]] = {
    "eminit.rules": eminit_goal, "eminit.first.source": eminit_source, "eminit.first.setup": eminit_setup,
    "eminit.first.gathering": eminit_gathering, "eminit.first.scramble": eminit_scramble,
    "eminit.first.unclaimed": eminit_unclaimed, "eminit.first.receive": eminit_receive,
    "eminit.first.end": eminit_end,
}  # fmt: skip
