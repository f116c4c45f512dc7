"""Seat labels shorten a long name as a reader would: half-width letters, whole words, never past their room."""

from __future__ import annotations

import pytest

from bot.pictures import samples
from bot.pictures.canvas import width
from bot.pictures.labels import seat_label


@pytest.mark.parametrize("name", samples.LONG_NAMES + samples.SHORT_NAMES)
@pytest.mark.parametrize(("size", "room"), [(16, 90), (16, 120), (18, 300)])
def test_a_label_never_exceeds_its_room(name: str, size: int, room: int) -> None:
    label = seat_label(name, size, True, room)
    assert label and width(label, size, True) <= room


def test_short_names_are_kept_whole() -> None:
    assert seat_label("Aki", 16, False, 120) == "Aki"
    assert seat_label("ちはる", 16, False, 120) == "ちはる"


def test_full_width_latin_is_drawn_half_width() -> None:
    assert seat_label("ＳＵＰＥＲ＿ＬＯＮＧ＿ＮＡＭＥ＿ＰＬＡＹＥＲ２", 18, True, 300) == "SUPER_LONG_NAME_PLAYER2"


def test_a_long_name_is_cut_after_a_whole_word() -> None:
    assert seat_label("Aurelia Montgomery-Fitzgerald III", 18, True, 250) == "Aurelia Montgomery…"
    assert seat_label("Aurelia Montgomery-Fitzgerald III", 16, False, 120) == "Aurelia…"


def test_a_name_without_a_useful_word_break_is_cut_where_it_fits() -> None:
    label = seat_label("きらきら星のおひめさま・ゆうな＠ボードゲーム部", 16, False, 120)
    assert label.startswith("きらきら星") and label.endswith("…")
    assert seat_label("xX_TheUltimateCardShark_2026_Xx", 16, False, 120).startswith("xX_TheUlt")
