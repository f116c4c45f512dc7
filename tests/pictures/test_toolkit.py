"""The shared toolkit: bundled font (Japanese glyphs, licence), text fitting, catalogue, PNG encoding."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bot import i18n
from bot.pictures import canvas, fonts, parts, strings
from bot.pictures.canvas import Canvas, fit, width
from tests.pictures.helpers import check_png

FONT_DIR = Path(fonts.__file__).parent


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_fonts_are_bundled_small_and_licensed() -> None:
    for bold in (False, True):
        path = Path(fonts.path(bold))
        assert path.is_file() and path.parent == FONT_DIR
        assert path.stat().st_size < 2_500_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "OFL.txt").read_text()
    assert fonts.font(20) is fonts.font(20)  # cached


def _is_notdef(ch: str, bold: bool) -> bool:
    """Does FreeType draw ``ch`` as the .notdef box (the font has no glyph for it)?"""
    return _raster("\ue000", bold) == _raster(ch, bold)  # U+E000: private use, in no font subset


def _raster(ch: str, bold: bool) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((4, 4), ch, font=fonts.font(24, bold), fill=255)
    return image.tobytes()


def test_coverage_file_agrees_with_the_font() -> None:
    sample = "Aa1あアー漢字宝玉樽荷車♠♥♦♣①⑤▶→…・「」！？（）：、。"
    assert fonts.covers(sample)
    for ch in sample:
        assert not _is_notdef(ch, False) and not _is_notdef(ch, True), ch
    assert not fonts.covers("🌸") and _is_notdef("🌸", False)


CARD_KEYS = ("portas.card.", "getgem.card.", "getgem.effect.", "eminit.card.", "eminit.category.", "pictures.")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_card_name_and_picture_word_has_glyphs(locale: str) -> None:
    checked = 0
    for key, text in i18n.catalogue(locale).items():
        if key.startswith(CARD_KEYS):
            assert fonts.covers(text), (locale, key, [ch for ch in text if not fonts.covers(ch)])
            checked += 1
    assert checked > 40


def test_picture_words_exist_in_both_languages_with_the_same_fields() -> None:
    en, ja = strings.STRINGS["en"], strings.STRINGS["ja"]
    assert set(en) == set(ja)
    for key in en:
        assert key.startswith("pictures.")
        assert _fields(en[key]) == _fields(ja[key]), key


def test_fit_cuts_by_pixel_width_with_an_ellipsis() -> None:
    name = "きらきら星のおひめさま・ゆうな＠ボードゲーム部"
    for size, limit in ((18, 120), (14, 60), (20, 300)):
        cut = fit(name, size, True, limit)
        assert width(cut, size, True) <= limit
        assert cut.endswith("…") and name.startswith(cut[:-1])
    assert fit("Aki", 18, True, 200) == "Aki"


def test_printable_drops_what_the_font_cannot_draw() -> None:
    assert fonts.printable("Aki 🌸 Tanaka") == "Aki Tanaka"
    assert fonts.printable("ゆうな") == "ゆうな"


def test_wrap_breaks_long_japanese_card_names_into_two_lines() -> None:
    text = "スティール&押しつけ×ピーピングドロー"
    rows = parts.wrap(text, 12, True, 80, 2)
    assert len(rows) == 2 and all(width(r, 12, True) <= 80 for r in rows)
    assert "".join(rows).replace("…", "") != ""


def test_encode_is_deterministic_and_decodes() -> None:
    c = Canvas(720, 300, (30, 30, 40))
    c.card((20, 20, 100, 130), (240, 240, 240))
    c.text((120, 60), "宝 Treasure", 20, (255, 255, 255), bold=True)
    a, b = c.png(), canvas.encode(c.image)
    assert a == b
    check_png(a)
    assert Image.open(__import__("io").BytesIO(a)).convert("RGB").getpixel((60, 70)) != (30, 30, 40)


def test_a_latin_word_too_wide_for_its_line_is_drawn_smaller_not_broken() -> None:
    """"Clairvoyance" on an Eminit hand card (82 px for its name) was drawn as "Clairvoyanc" over "e"."""
    assert width("Clairvoyance", 14, True) > 82 >= width("Clairvoyance", 12, True)
    drawn = Canvas(120, 60, (20, 20, 20))
    parts.lines(drawn, (60, 30), "Clairvoyance", 14, (255, 255, 255), 82)
    whole = Canvas(120, 60, (20, 20, 20))
    whole.text((60, 30), "Clairvoyance", 12, (255, 255, 255), bold=True, anchor="mm")
    assert drawn.image.tobytes() == whole.image.tobytes()
    assert parts.whole_words_size("すり替えの大魔法", 14, True, 40) == 14  # Japanese breaks anywhere: its size stays
    assert parts.whole_words_size("Supercalifragilistic", 14, True, 40) == 14 - parts.SHRINK  # no smaller than that
