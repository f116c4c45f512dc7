"""The trained PNG palettes: used for each game's pictures, and as faithful as a per-picture palette.

A palette is trained on seeds 0..15 (docs/pictures/palettes.py); it is judged
here on seeds it never saw.  When a picture's colours change and the stored
palette no longer fits, these fail: re-run ``docs/pictures/palettes.py``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.pictures import encoding, samples
from bot.pictures.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "pictures"))
from palettes import GAMES, SEEDS, pictures

HELD_OUT = range(40, 43)


def _rms(a: Image.Image, b: Image.Image) -> float:
    """Mean over the channels of the root-mean-square difference, in 0..255 levels."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b.convert("RGB"))).rms) / 3


@pytest.mark.parametrize("game", samples.GAMES)
def test_each_game_has_a_trained_palette_and_its_canvas_uses_it(game: str) -> None:
    pic = __import__(f"cogs.{game}.picture", fromlist=["P"])
    assert encoding.scheme_of(pic.P.background) == game
    stored = encoding.palette(game)
    assert stored is not None
    c = Canvas(720, 200, pic.P.background)
    c.card((20, 20, 100, 130), pic.P.card_face)
    with Image.open(io.BytesIO(c.png())) as png:
        assert png.mode == "P"
        assert png.getpalette() == stored.getpalette()[: len(png.getpalette() or [])]


def test_promotion_postcard_is_encoded_in_its_trained_palette() -> None:
    from bot.core import games

    state = samples.play("promotion", 4, 1, 30)
    data = __import__("cogs.promotion.picture", fromlist=["board"]).board(
        games.get("promotion").rules.view(state, None), ["Aki", "Ben", "Cy", "Dee"], None
    )
    stored = encoding.palette("promotion")
    assert stored is not None
    with Image.open(io.BytesIO(data)) as png:
        assert png.mode == "P"
        assert png.getpalette() == stored.getpalette()[: len(png.getpalette() or [])]


@pytest.mark.parametrize("game", GAMES)
def test_the_trained_palette_fits_unseen_pictures_as_well_as_their_own_octree(game: str) -> None:
    assert HELD_OUT.start >= SEEDS
    worse = []
    for image in pictures(game, HELD_OUT):
        trained = _rms(image, encoding.quantise(image, game))
        own = _rms(image, encoding.quantise(image, None))
        assert trained <= 3.0, trained  # a level or two off on average: invisible on flat colours
        worse.append(trained - own)
    assert max(worse) <= 1.5, max(worse)
    assert sum(worse) / len(worse) <= 0.3, sum(worse) / len(worse)


def test_a_picture_on_no_game_table_keeps_its_own_palette() -> None:
    assert encoding.scheme_of((1, 2, 3)) is None
    c = Canvas(300, 100, (1, 2, 3))
    c.text((10, 50), "Kado", 20, (250, 250, 250))
    with Image.open(io.BytesIO(c.png())) as png:
        assert png.mode == "P" and png.convert("RGB").getpixel((0, 0)) == (1, 2, 3)


@pytest.mark.parametrize("scheme", [None, "portas"])
def test_the_png_writer_round_trips_exactly_through_pillow(scheme: str | None) -> None:
    c = Canvas(333, 101, (22, 30, 40) if scheme else (1, 2, 3))  # an odd width: rows are not word-aligned
    c.card((20, 20, 100, 90), (240, 240, 240), glow=(247, 190, 64))
    c.text((120, 50), "宝 Treasure", 20, (255, 255, 255), bold=True)
    indexed = encoding.quantise(c.image, scheme)
    data = encoding.png(indexed)
    with Image.open(io.BytesIO(data)) as back:
        back.load()
        assert back.mode == "P" and back.size == indexed.size
        assert back.tobytes() == indexed.tobytes()
        assert back.convert("RGB").tobytes() == indexed.convert("RGB").tobytes()


def test_without_isal_the_png_is_deflated_by_zlib_and_decodes_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    import zlib

    c = Canvas(200, 80, (22, 30, 40))
    c.text((10, 40), "宝 Treasure", 20, (255, 255, 255), bold=True)
    indexed = encoding.quantise(c.image, "portas")
    monkeypatch.setattr(encoding, "_deflate", zlib)
    with Image.open(io.BytesIO(encoding.png(indexed))) as back:
        assert back.tobytes() == indexed.tobytes()
