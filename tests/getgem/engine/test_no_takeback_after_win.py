"""Once a victory check is passed in an end phase, no take-back that leads to no check follows it.

Before, "🔍 dave reveals …: fire, water and thunder are all there!" was
followed by "AI 2 takes back ⚡ Thunder (2 to go before the victory check)",
or by a take-back question to a declarer whose answer could no longer matter.
"""

from __future__ import annotations

from bot import i18n
from cogs.getgem import render, strings
from cogs.getgem import rules as R
from tests.getgem.helpers import act, build, kinds

i18n.register(strings.STRINGS)

END = {"type": "end"}


def _won_then_a_declarer_with_more(mixed: bool) -> tuple[dict, list]:
    """Seat 1 passes its check in seat 0's end phase; seat 2, after it, still has 3 declaration cards out."""
    decl2 = ["rainbow", "fire", "water"] if mixed else ["thunder"] * 3
    s = build(3, [["steal"], ["fire", "water"], ["arm"]], decl={1: ["thunder"], 2: decl2},
              options={"count_curse": 0})
    return act(s, 0, END)


def test_no_take_back_after_the_win_in_the_same_end_phase() -> None:
    for mixed in (False, True):
        s, ev = _won_then_a_declarer_with_more(mixed)
        assert R.result(s) is not None and R.result(s).winners == (1,)
        assert [e.args["seat"] for e in ev if e.kind == "takeback"] == [1], kinds(ev)
        assert s["pending"] is None  # no question left to seat 2
        assert len(s["decl"][2]) == 3


def test_no_take_back_moment_after_the_win() -> None:
    _, ev = _won_then_a_declarer_with_more(False)
    post = render.moment([e for e in ev if e.to is None], ["dave", "bob", "AI 2"], i18n.translator("en")) or ""
    assert "bob" in post and "to go before the victory check" not in post and "AI 2" not in post
