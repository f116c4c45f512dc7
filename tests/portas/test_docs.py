"""docs/rules/portas.md: the player/server-owner page lists every option with its real default."""

from __future__ import annotations

from pathlib import Path

from cogs.portas import rules
from tests.getgem.test_docs import check_doc

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "portas.md"


def test_portas_doc_lists_every_option_and_marks_readings() -> None:
    text = check_doc(DOC, rules.OPTIONS)
    assert "both players can no longer port" in text
