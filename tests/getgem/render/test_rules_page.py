"""GETGEM's ``/game rules`` pages: what its own readings and options make them say."""

from __future__ import annotations

import pytest

from tests.platform.games.test_rules_teach import LOCALES, pages


@pytest.mark.parametrize("locale", LOCALES)
def test_getgem_asks_every_target_about_a_barrier_as_rules_md_says(locale: str) -> None:
    _, readings = pages("getgem", locale, {})
    assert "not asked" not in readings and "確認しません" not in readings
    assert ("empty hand too" if locale == "en" else "手札0枚でも") in readings
