"""The victory check's log line shows the element cards it counts, not only the revealed hand."""

from __future__ import annotations

from bot import i18n
from bot.core.games import get
from cogs.getgem import render
from tests.getgem.helpers import act, build

get("getgem")  # its catalogue


def _reveal_line(locale: str, elements: dict[str, int]) -> str:
    s = build(2, [["steal"], ["fire", "thunder", "rainbow"]], decl={1: ["fire"]}, elements=elements)
    _, events = act(s, 0, {"type": "end"})
    (reveal,) = [e for e in events if e.kind == "reveal"]
    return render.event(reveal, ["Aki", "Ben"], i18n.translator(locale))


def test_all_three_gems_shows_where_the_water_is() -> None:
    assert _reveal_line("en", {"water": 1}) == (
        "Ben reveals: 🔥 Fire, 🔥 Fire, ⚡ Thunder, 🌈 Rainbow + element cards: 💧 — all three gems!"
    )
    assert "＋エレメントカード：💧 — 3種類が揃いました！" in _reveal_line("ja", {"water": 1})


def test_a_hand_without_element_cards_is_listed_as_before() -> None:
    line = _reveal_line("en", {})
    assert "element" not in line and line.startswith("Ben reveals: 🔥 Fire, 🔥 Fire, ⚡ Thunder, 🌈 Rainbow — ")
