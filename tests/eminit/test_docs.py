"""docs/rules/eminit.md stays in step with the engine's rule options."""

from __future__ import annotations

import re
from pathlib import Path

from cogs.eminit import rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "eminit.md"


def _option_rows() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| `([a-z_]+)` \| ([^|]+) \|", line)
        if m:
            rows[m.group(1)] = m.group(2).strip()
    return rows


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, str):
        return f"`{value}`"
    return str(value)


def test_the_options_table_lists_every_option_with_its_default() -> None:
    rows = _option_rows()
    assert set(rows) == {o.name for o in rules.OPTIONS}
    for o in rules.OPTIONS:
        assert rows[o.name] == _shown(o.default), o.name
