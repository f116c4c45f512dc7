"""docs/rules/portas.md says what players will look for (the option table: tests/platform/games/test_rules_pages.py)."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "portas.md"


def test_portas_page_marks_rulebook_and_readings() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "**Rulebook**" in text and "**Reading**" in text
    assert "both players can no longer port" in text
