"""GETGEM's first rules page (``FIRST_PAGE``), statement by statement, checked against its engine.

Read by ``tests/teach/test_first_pages.py`` for every registry game: ``CHECKS`` maps each statement of
the page, in order, to a small position played through the game's own rules that shows it true.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.getgem import rules as grules
from cogs.getgem.cards import ACTION_TYPES, ELEMENTS
from cogs.getgem.render.rulestext import FIRST_PAGE  # noqa: F401  (the page the checks follow)
from tests.getgem.helpers import act, ids_of
from tests.getgem.helpers import build as gbuild


def getgem_goal() -> None:
    s = gbuild(2, [["steal"], ["fire", "water", "thunder"]], decl={1: ["steal"]})
    s, _ = act(s, 0, {"type": "end"})
    assert grules.result(s).winners == (1,)


def getgem_setup() -> None:
    s = grules.new(3, 5)
    assert sorted(len(h) for h in s["hands"]) == [4, 4, 5] and len(s["hands"][s["turn"]]) == 5  # 4 + its draw
    assert s["elements"] == {g: None for g in ELEMENTS}


def getgem_cards() -> None:
    s = grules.new(3, 5)
    assert len(s["cat"]) == 30 and sum(len(h) for h in s["hands"]) + len(s["deck"]) == 30  # elements apart
    s = gbuild(2, [["push_peep", "push_barrier", "fire"], ["water"]])
    modes = {(s["cat"][a["card"]], a.get("mode")) for a in grules.legal(s, 0) if a["type"] == "play"}
    assert {("push_peep", "push"), ("push_peep", "peep"), ("push_barrier", "push")} <= modes
    s = gbuild(2, [["steal"], ["push_barrier"]])
    s, _ = act(s, 0, {"type": "play", "card": ids_of(s, 0, "steal")[0]})
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, events = act(s, 1, {"type": "barrier", "use": True})
    assert any(e.kind == "barrier" for e in events) and s["hands"][0] == []  # the Steal took nothing
    assert set(ACTION_TYPES) >= {"steal", "exchange", "arm", "push_peep", "push_barrier"}


def getgem_turn() -> None:
    s = gbuild(2, [["fire", "fire", "water", "thunder"], ["curse"]])
    kinds = {a["type"] for a in grules.legal(s, 0)}
    assert {"gem3", "element", "end"} <= kinds  # 3 gems for a steal, 2 fire for the fire element
    before = len(s["hands"][1])
    s, _ = act(s, 0, {"type": "end"})
    assert s["turn"] == 1 and len(s["hands"][1]) == before + 1  # the next player drew 1


def getgem_end() -> None:
    s = gbuild(2, [["steal"], ["fire", "water"]], decl={1: ["arm"]})
    s, events = act(s, 0, {"type": "end"})
    assert any(e.kind == "reveal" and not e.args["win"] for e in events) and grules.result(s) is None


CHECKS: dict[str, Callable[[], None]] = {
    "getgem.rules": getgem_goal, "getgem.teach.setup": getgem_setup, "getgem.teach.cards": getgem_cards,
    "getgem.teach.turn": getgem_turn, "getgem.teach.end": getgem_end,
}  # fmt: skip
