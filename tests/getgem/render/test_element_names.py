"""An element card is named apart from the gem card of its kind: 「あなたのエレメント：💧 水」, not 「…水の宝玉」."""

from __future__ import annotations

from bot import i18n
from bot.engine import Event
from cogs.getgem import render, strings
from cogs.getgem import rules as R
from tests.getgem.helpers import build

i18n.register(strings.STRINGS)
JA = i18n.translator("ja")


def _holding_water() -> dict:
    s = build(2, [["fire"], ["thunder"]])
    s["elements"]["water"] = 0
    return s


def test_dm_and_board_name_elements_not_gems() -> None:
    s = _holding_water()
    dm = render.private(R.view(s, 0), 0, ["ann", "bob"], JA)
    assert "あなたのエレメント：💧 水" in dm and "💧 水の宝玉" not in dm.split("あなたのエレメント：")[1].split("\n")[0]
    board = render.board(R.view(s, None), ["ann", "bob"], JA)
    text = board.description + "\n".join(v for _, v in board.fields)
    assert "エレメント：💧 水" in text and "エレメント：💧 水の宝玉" not in text


def test_take_element_line_and_button() -> None:
    s = _holding_water()
    line = render.event(Event("element", {"seat": 1, "elem": "water", "holder": 0, "cards": [], "card_types":
                                          ["thunder", "thunder"]}), ["ann", "bob"], JA)
    assert "💧 水のエレメントを取りました" in line and "宝玉エレメント" not in line
    label = render.control({"type": "element", "elem": "water"}, R.view(s, 1), 1, ["ann", "bob"], JA).label
    assert label == "水のエレメントを取る（2枚捨てる）"
