"""Every symbol a game's pictures draw is named in its legend, in English and Japanese, and in docs/rules.

Where the list of symbols comes from: each game declares, in
``cogs/<game>/strings/legend.py``, ``SYMBOLS`` — each symbol with the drawing
calls that make it.  This test reads the picture code itself and collects every
call that draws a mark (an icon, a crown, a badge, a dot, a card back, a shape of
the game's own ``shapes`` module).  A call no symbol names fails: a new mark
cannot reach a picture without its legend line.  A symbol whose drawing is gone
fails too, so the legend names nothing the pictures no longer draw.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import i18n
from bot.core.games import get
from bot.frontend.ui import legend
from bot.gamefacts import Game

ROOT = Path(__file__).resolve().parents[3]
GAMES = sorted(p.name for p in (ROOT / "cogs").iterdir() if (p / "game.py").exists())

MARKS = [
    re.compile(r"\b(icons\.\w+)"),  # every drawn icon of the kit (a gem, a coin, a hand, the goods…)
    re.compile(r"\b(parts\.crown)\("),
    re.compile(r"\b(canvas\.(?:card_back|badge|rounded|pill))\("),
    re.compile(r"(?<![\w.])(c\.rounded)\("),  # the same on a canvas named ``c``
    re.compile(r"\b(d\.(?:polygon|rounded_rectangle))\("),
]
"""The drawing calls that put a mark on a picture (text, panels and lines are its layout)."""


def _picture_sources(game: str) -> list[Path]:
    package = ROOT / "cogs" / game / "picture"
    return sorted(package.glob("*.py")) if package.is_dir() else [ROOT / "cogs" / game / "picture.py"]


def drawn_marks(game: str) -> set[str]:
    """The mark-drawing calls in ``game``'s picture code (its own shapes' functions included)."""
    sources = _picture_sources(game)
    patterns = list(MARKS)
    for path in sources:
        if path.stem == "shapes":  # the game's own marks: every function of it is one
            for name in re.findall(r"^def (\w+)\(", path.read_text(), re.M):
                patterns.append(re.compile(rf"(?<![\w.])({name})\("))
    found: set[str] = set()
    for path in sources:
        for line in path.read_text().splitlines():
            if line.lstrip().startswith("def "):
                continue
            for pattern in patterns:
                found.update(pattern.findall(line))
    return found


def _symbols(game: str) -> dict[str, tuple[str, ...]]:
    return importlib.import_module(f"cogs.{game}.strings.legend").SYMBOLS


@pytest.mark.parametrize("game", GAMES)
def test_every_mark_the_pictures_draw_belongs_to_a_symbol(game: str) -> None:
    declared = {call for calls in _symbols(game).values() for call in calls}
    drawn = drawn_marks(game)
    assert drawn, f"{game}: no drawing found (has the picture moved?)"
    assert drawn <= declared, f"{game}: drawn but in no legend symbol: {sorted(drawn - declared)}"
    marks = {call for call in declared if "." not in call or any(p.search(call + "(") for p in MARKS)}
    assert marks <= drawn, f"{game}: legend symbols for marks no longer drawn: {sorted(marks - drawn)}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_symbol_has_its_legend_line_in_both_languages(game: str, locale: str) -> None:
    spec: Game = get(game)
    symbols = _symbols(game)
    for symbol in symbols:
        key = f"{game}.legend.{symbol}"
        assert key in i18n.catalogue(locale), f"{key} missing in {locale}"
    tr = i18n.translator(locale)
    lines = spec.render.legend(tr)
    assert len(lines) == len(symbols) and all(line.strip() for line in lines)
    other = i18n.translator("ja" if locale == "en" else "en")
    assert lines != spec.render.legend(other)  # a language of its own, not the other's words
    shown = legend.legend_text(spec, tr)  # what the Details view shows under the board's text
    assert all(line in shown for line in lines)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_names_every_symbol(game: str) -> None:
    """docs/rules/<game>.md has a Symbols section saying of each symbol what the English legend says."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text()
    assert "\n## Symbols" in text, f"docs/rules/{game}.md has no Symbols section"
    section = text.split("\n## Symbols", 1)[1].split("\n## ", 1)[0]
    get(game)  # the game's catalogue is registered when the game is loaded, not before (the test may run alone)
    tr = i18n.translator("en")
    for symbol in _symbols(game):
        assert i18n.has(f"{game}.legend.{symbol}", "en"), f"{game}.legend.{symbol} is in no catalogue"
        line = tr(f"{game}.legend.{symbol}")
        assert f"- {line}\n" in section, f"docs/rules/{game}.md Symbols lacks, or words otherwise: {line}"
