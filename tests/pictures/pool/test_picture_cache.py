"""The picture cache's slots: one picture per place it is shown, replaced when its key changes, bounded."""

from __future__ import annotations

import pytest

from bot.frontend.drawing import picture_cache


@pytest.fixture(autouse=True)
def _clean() -> None:
    picture_cache.clear()


def _draw(png: bytes) -> tuple[list[int], object]:
    calls: list[int] = []

    def draw() -> bytes:
        calls.append(1)
        return png

    return calls, draw


def test_a_slot_serves_its_picture_while_the_key_holds_and_draws_again_when_it_changes() -> None:
    k1 = picture_cache.key("game_a", 0, "en", ["a", "b"], {"cards": ["fire"]})
    k2 = picture_cache.key("game_a", 0, "en", ["a", "b"], {"cards": ["fire", "water"]})
    calls, draw = _draw(b"one")
    assert picture_cache.cached((1, 0, "en"), k1, draw) == b"one"
    assert picture_cache.cached((1, 0, "en"), k1, draw) == b"one"
    assert len(calls) == 1
    calls2, draw2 = _draw(b"two")
    assert picture_cache.cached((1, 0, "en"), k2, draw2) == b"two"
    assert picture_cache.cached((1, 0, "en"), k1, draw) == b"one"  # the slot held k2: k1 is drawn again
    assert (len(calls), len(calls2)) == (2, 1)
    assert picture_cache.counts()["drawn"] == 3 and picture_cache.counts()["kept"] == 1


def test_the_key_holds_game_viewer_locale_names_and_inputs() -> None:
    base = ("game_a", 0, "en", ["a", "b"], {"cards": ["fire"]})
    variants = [
        ("game_b", 0, "en", ["a", "b"], {"cards": ["fire"]}),
        ("game_a", 1, "en", ["a", "b"], {"cards": ["fire"]}),
        ("game_a", None, "en", ["a", "b"], {"cards": ["fire"]}),
        ("game_a", 0, "ja", ["a", "b"], {"cards": ["fire"]}),
        ("game_a", 0, "en", ["a", "c"], {"cards": ["fire"]}),
        ("game_a", 0, "en", ["a", "b"], {"cards": ["water"]}),
    ]
    assert all(picture_cache.key(*v) != picture_cache.key(*base) for v in variants)
    assert picture_cache.key(*base) == picture_cache.key("game_a", 0, "en", ["a", "b"], {"cards": ["fire"]})


def test_inputs_json_cannot_write_are_refused_not_written_loosely() -> None:
    with pytest.raises(TypeError):
        picture_cache.key("game_a", None, "en", [], {"when": object()})


def test_a_finished_session_forgets_its_slots_and_the_oldest_go_past_the_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for session in (1, 2):
        for viewer in (None, 0):
            picture_cache.cached((session, viewer, "en"), ("k", session, viewer), lambda: b"x" * 100)
    assert picture_cache.counts()["slots"] == 4 and picture_cache.counts()["bytes"] == 400
    picture_cache.forget(1)
    assert picture_cache.counts()["slots"] == 2 and picture_cache.counts()["bytes"] == 200
    monkeypatch.setattr(picture_cache, "MAX_BYTES", 250)
    picture_cache.cached((3, None, "en"), "k3", lambda: b"y" * 100)  # 300 bytes: the oldest slot goes
    calls, draw = _draw(b"x" * 100)
    picture_cache.cached((2, None, "en"), ("k", 2, None), draw)
    assert calls == [1]  # it was the one pushed out
    monkeypatch.setattr(picture_cache, "MAX_SLOTS", 1)
    picture_cache.cached((4, None, "en"), "k4", lambda: b"z")
    assert picture_cache.counts()["slots"] == 1
