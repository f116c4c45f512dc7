"""Docs/rules/: one page per game, in our own words, whose option table never drifts from the engine.

Each page lists the game's rule options in a table under ``## Options``:
the option name in backticks, its default as a player reads it (``on``/``off``
for switches, a choice in backticks, a plain number), then what it does with
the source phrase it reads.  The set of names must be exactly the engine's
``OPTIONS`` and every default must be the engine's, so adding, renaming or
re-defaulting an option without the page fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.core import games
from bot.engine import RuleOption

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"
ROW = re.compile(r"^\|\s*`(?P<name>[a-z0-9_]+)`\s*\|\s*(?P<default>[^|]+?)\s*\|\s*(?P<what>[^|]+?)\s*\|$")


def option_rows(page: str) -> dict[str, tuple[str, str]]:
    """``{option name: (default cell, description cell)}`` from the page's ``## Options`` table."""
    parts = page.split("\n## Options\n", 1)
    assert len(parts) == 2, "the page has no '## Options' section"
    section = parts[1].split("\n## ", 1)[0]
    return {m["name"]: (m["default"], m["what"]) for m in map(ROW.match, section.splitlines()) if m}


def shown_default(option: RuleOption) -> str:
    if isinstance(option.default, bool):
        return "on" if option.default else "off"
    return f"`{option.default}`" if isinstance(option.default, str) else str(option.default)


@pytest.mark.parametrize("game_id", games.available())
def test_the_page_lists_exactly_the_engines_options_with_their_defaults(game_id: str) -> None:
    rows = option_rows((DOCS / f"{game_id}.md").read_text(encoding="utf-8"))
    options = games.get(game_id).options
    assert set(rows) == {option.name for option in options}
    for option in options:
        default, what = rows[option.name]
        assert default == shown_default(option), option.name
        assert len(what) > 20, f"{option.name}: say what it does and which phrase of the source it reads"


def test_the_index_links_every_game_page() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game_id in games.available():
        assert f"({game_id}.md)" in index, game_id
