"""A Barrier question says plainly, in the asked player's own DM, when they hold no Barrier.

Before, a player without a Barrier read "Use a Barrier?" over a lone [No Barrier] button. The channel still
learns nothing: only this seat's view (its own hand) decides the wording.
"""

from __future__ import annotations

from bot import i18n
from bot.core import games

SPEC = games.get("getgem")


def _barrier_view(holds_barrier: bool) -> dict:
    state = SPEC.rules.new(2, 11, SPEC.resolve_options(None))
    view = SPEC.rules.view(state, 0)
    cat = view["cat"]
    barrier = [i for i, kind in enumerate(cat) if kind == "push_barrier"]
    others = [i for i, kind in enumerate(cat) if kind not in ("push_barrier",)][:3]
    view["hand"] = others + (barrier[:1] if holds_barrier else [])
    view["pending"] = {"kind": "barrier", "by": 1, "effect": "steal"}
    view["to_act"] = [0]  # the question is this seat's
    return view


def test_a_seat_without_a_barrier_is_told_so_and_continues() -> None:
    tr = i18n.translator("en")
    view = _barrier_view(holds_barrier=False)
    text = SPEC.render.private(view, 0, ["alice", "bob"], tr)
    assert "no Barrier card" in text and "Use a Barrier?" not in text
    label = SPEC.render.control({"type": "barrier", "use": False}, view, 0, ["alice", "bob"], tr).label
    assert label == "Continue"


def test_a_seat_with_a_barrier_is_asked() -> None:
    tr = i18n.translator("ja")
    view = _barrier_view(holds_barrier=True)
    text = SPEC.render.private(view, 0, ["alice", "bob"], tr)
    assert "バリアを使いますか" in text
    assert SPEC.render.control({"type": "barrier", "use": False}, view, 0, ["alice", "bob"], tr).label == "使わない"
