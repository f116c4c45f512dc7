"""docs/rules/getgem.md says what players of the physical game will look for (the option table: tests/platform)."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "getgem.md"


def test_getgem_page_marks_rulebook_and_readings() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "**Rulebook**" in text and "**Reading**" in text
    for phrase in ("Excavation Arm", "Peeping Draw", "max_turns", "share the win", "30"):
        assert phrase in text
