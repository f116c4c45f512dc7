"""Eminit's Treasure's ``/game rules`` pages: what its own readings and options make them say."""

from __future__ import annotations

from tests.platform.games.test_rules_teach import LOCALES, pages


def test_eminit_rulebook_part_says_nothing_the_rulebook_does_not() -> None:
    _, ja = pages("eminit", "ja", {})
    source = ja.split("**Kadoでの解釈**")[0]
    assert "ルールブックより" in source and "最高点" not in source  # the source speaks of any two players
    for locale in LOCALES:
        first, _ = pages("eminit", locale, {})
        # Eminit's three hard-coded readings are named as ours on the first page.
        assert first.count("our reading" if locale == "en" else "Kadoの解釈") >= 5
