"""docs/rules/promotion.md stays in step with the code: every option in its table, every layout drawn."""

from __future__ import annotations

import re
from pathlib import Path

from cogs.promotion import rules
from cogs.promotion.picture.layoutpicture import layout_png
from cogs.promotion.rules import postcard
from cogs.promotion.rules.postcard import SPECIAL_NAME, SUIT_SYMBOL

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"
PAGE = (DOCS / "promotion.md").read_text(encoding="utf-8")


def _options_table() -> dict[str, str]:
    section = PAGE.split("## Options", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| `([a-z0-9_]+)` \| `?([^|`]+?)`? \|", line)
        if m:
            rows[m.group(1)] = m.group(2).strip()
    return rows


def _shown(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def test_every_option_is_in_the_options_table_with_its_default() -> None:
    table = _options_table()
    assert set(table) == {o.name for o in rules.OPTIONS}
    for o in rules.OPTIONS:
        assert table[o.name] == _shown(o.default), o.name


def test_every_layout_is_tabled_and_drawn() -> None:
    for name, sides in postcard.LAYOUTS.items():
        assert f"`{name}`" in PAGE
        assert f"(promotion-postcard-{name}.png)" in PAGE and (DOCS / f"promotion-postcard-{name}.png").is_file()
        start = PAGE.index(f"\n`{name}`")  # the paragraph that introduces the layout, then its table
        block = PAGE[start : PAGE.index("![", start)]
        for side in sides:
            cells = [SPECIAL_NAME[side.special] + f" ({side.order})"]
            cells += ["".join(SUIT_SYMBOL[s] for s in side.row(r)) for r in (2, 3, 4)]
            pattern = r"\| " + side.letter + r" \| " + r" *\| ".join(re.escape(c) for c in cells) + r" *\|"
            assert re.search(pattern, block), (name, side.letter)
        assert layout_png(name).startswith(b"\x89PNG")
