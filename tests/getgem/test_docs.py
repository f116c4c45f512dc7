"""docs/rules/getgem.md: the player/server-owner page lists every option with its real default."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine import RuleOption
from cogs.getgem import rules as R

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "getgem.md"


def option_rows(text: str) -> dict[str, tuple[str, str]]:
    """``## Options`` table rows: option name (in backticks) → (default cell, description cell)."""
    section = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"^\| `([a-z0-9_]+)` \| ([^|]+) \| ([^|]+) \|$", line)
        if m:
            rows[m.group(1)] = (m.group(2).strip(), m.group(3).strip())
    return rows


def shown_default(opt: RuleOption) -> str:
    if isinstance(opt.default, bool):
        return "on" if opt.default else "off"
    return f"`{opt.default}`" if isinstance(opt.default, str) else str(opt.default)


def check_doc(path: Path, options: tuple[RuleOption, ...]) -> str:
    text = path.read_text(encoding="utf-8")
    rows = option_rows(text)
    assert set(rows) == {opt.name for opt in options}
    for opt in options:
        default, what = rows[opt.name]
        assert default == shown_default(opt), opt.name
        assert len(what) > 20, opt.name
    assert "**Rulebook**" in text and "**Reading**" in text
    return text


def test_getgem_doc_lists_every_option_and_marks_readings() -> None:
    text = check_doc(DOC, R.OPTIONS)
    for phrase in ("Excavation Arm", "Peeping Draw", "max_turns", "share the win", "30"):
        assert phrase in text
