"""Promotion's first rules page (``FIRST_PAGE``), statement by statement, checked against its engine.

Read by ``tests/teach/test_first_pages.py`` for every registry game: ``CHECKS`` maps each statement of
the page, in order, to a small position played through the game's own rules that shows it true.
Where its own engine test already shows a statement (the clash, Wild! King, the round cap), the check is that test.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.promotion import rules as mrules
from cogs.promotion.render.rulestext import FIRST_PAGE  # noqa: F401  (the page the checks follow)
from cogs.promotion.rules.postcard import SUITS
from tests.promotion.engine.test_engine import test_clash_is_per_row as promotion_rows
from tests.promotion.engine.test_engine import test_max_rounds_ends_in_a_draw as promotion_end
from tests.promotion.engine.test_engine import test_wild_can_make_a_king as promotion_goal
from tests.promotion.util import DOWN, DOWN_PICKS, LOW, by_kind, pick_all, staged


def promotion_setup() -> None:
    st = mrules.new(4, 2)
    while st["phase"] in ("suit", "name"):
        seat = mrules.to_act(st)[0]
        st = mrules.apply(st, seat, mrules.legal(st, seat)[0]).state
    assert sorted(st["row_suit"]) == sorted(SUITS)
    assert all(sorted(st["field"][s].values()) == [5, 6, 7, 8] for s in range(4))
    assert all(st["supply"][suit] == [9, 10, 11, 12, 13] for suit in SUITS)


def promotion_round_and_orient() -> None:
    st = staged(LOW, parent=2)
    st["phase"] = "orient"
    st = mrules.apply(st, 2, mrules.legal(st, 2)[0]).state
    assert mrules.to_act(st) == [1]  # the player to the parent's right may turn it


def promotion_pick() -> None:
    st = staged(LOW)
    st = mrules.apply(st, 0, {"type": "pick", "row": 2}).state
    assert {"type": "pick", "row": 3} in mrules.legal(st, 0)  # changeable until all four have picked
    assert mrules.view(st, 1)["picks"][0] is None  # secret


def promotion_reveal() -> None:
    _, events = pick_all(staged(LOW), [2, 3, 3, 2])
    assert by_kind(events, "revealed")[0]["picks"] == [2, 3, 3, 2]


def promotion_row1() -> None:
    _, events = pick_all(staged(DOWN), DOWN_PICKS)
    orders = [a["order"] for a in by_kind(events, "special")]
    assert orders and orders == sorted(orders)


CHECKS: dict[str, Callable[[], None]] = {
    "promotion.rules": promotion_goal, "promotion.teach.setup": promotion_setup,
    "promotion.teach.round": promotion_round_and_orient, "promotion.teach.orient": promotion_round_and_orient,
    "promotion.teach.pick": promotion_pick, "promotion.teach.reveal": promotion_reveal,
    "promotion.teach.row1": promotion_row1, "promotion.teach.rows": promotion_rows,
    "promotion.teach.end": promotion_end,
}  # fmt: skip
