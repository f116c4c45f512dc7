"""Promotion's ``/game rules`` pages: what its own readings and options make them say."""

from __future__ import annotations

from tests.platform.games.test_rules_teach import pages


def test_promotion_says_what_applies_and_marks_our_readings() -> None:
    first, _ = pages("promotion", "en", {})
    assert "Every round *(our reading)*" in first  # the every-round orientation is ours, not the rulebook's
    assert "until all four have picked *(our reading)*" in first
    assert "All picks are revealed together" in first
    changed, _ = pages("promotion", "en", {"orient_each_round": False, "row1_first": True, "change_pick": False})
    assert "Every round" not in changed and "Before round 1 only" in changed
    assert "revealed together" not in changed and "Row-1 picks are revealed and resolved first" in changed
    assert "a pick is final" in changed and "until all four have picked" not in changed
    ja, _ = pages("promotion", "ja", {"orient_each_round": False, "row1_first": True})
    assert "毎ラウンド" not in ja and "第1ラウンドの前にだけ" in ja and "一斉に公開" not in ja
