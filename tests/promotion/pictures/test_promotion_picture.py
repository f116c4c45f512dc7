"""Promotion's phone-first picture: the widest panels still fit, and the last reveal is marked on them."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.pictures import samples
from cogs.promotion import picture, rules
from cogs.promotion.rules import postcard
from tests.pictures import textprobe

NAMES = list(samples.LONG_NAMES[:4])


def _widest(layout: str) -> dict[str, Any]:
    """A finished board at its widest: every suit at 13 in every field, every card moved, clashes on every row."""
    shown = copy.deepcopy(picture.board_inputs(rules.view(samples.play("promotion", 4, 3, 5000), None)))
    shown["postcard"] = layout
    shown["field"] = [{suit: 13 for suit in postcard.SUITS} for _ in range(4)]
    shown["supply"] = {suit: [5, 6, 7, 8, 9, 10, 11, 12, 13] for suit in postcard.SUITS}
    shown["revealed"], shown["winners"] = True, [0, 2]
    hows = ("raise", "down_move", "change", "wild")
    shown["recap"] = [
        {"pick": 2 + seat % 3, "clashed": list(postcard.SUITS), "special": None,
         "moves": [(suit, 12, 13, hows[i]) for i, suit in enumerate(postcard.SUITS)]}
        for seat in range(4)
    ]
    return shown


@pytest.mark.parametrize("layout", sorted(postcard.LAYOUTS))
def test_the_widest_panels_fit_and_read_on_a_phone(layout: str) -> None:
    rec = textprobe.record(picture.draw_board, _widest(layout), NAMES, None)
    assert textprobe.problems(rec, NAMES) == []
    assert textprobe.smallest(rec) >= 10
    assert sum(run.text == "13" for run in rec.runs) == 4 * 4 + 4  # every field card, and each pile's 13


def test_the_last_reveal_is_marked_on_the_fields() -> None:
    """The moved cards carry a mark: the same board without the recap is a different picture, with the same texts."""
    shown = _widest("rules_md_v1")
    plain = dict(shown, recap=None)
    marked = textprobe.record(picture.draw_board, shown, NAMES, None)
    unmarked = textprobe.record(picture.draw_board, plain, NAMES, None)
    assert sorted(r.text for r in marked.runs) == sorted(r.text for r in unmarked.runs)
    assert picture.draw_board(shown, NAMES, None) != picture.draw_board(plain, NAMES, None)
