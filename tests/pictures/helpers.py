"""Shared helpers for the picture tests: catalogues registered, views of seeded positions, PNG checks."""

from __future__ import annotations

import importlib
import io
from types import ModuleType

from PIL import Image

from bot import i18n
from bot.pictures import MAX_BYTES, samples

for _game in samples.GAMES:
    i18n.register(importlib.import_module(f"cogs.{_game}.strings").STRINGS)

HANDS = tuple(g for g in samples.GAMES if hasattr(importlib.import_module(f"cogs.{g}.picture"), "hand"))
"""Games with hidden hands: they also draw a seat's own picture (their picture module has ``hand``)."""


def picture(game: str) -> ModuleType:
    return importlib.import_module(f"cogs.{game}.picture")


def names(count: int, long: bool) -> list[str]:
    pool = samples.LONG_NAMES if long else samples.SHORT_NAMES
    return list(pool[:count])


def check_png(data: bytes) -> Image.Image:
    """Decode ``data`` as a PNG of a sensible size and weight, or fail."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert 0 < len(data) <= MAX_BYTES, len(data)
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    # 720 px wide, or narrower for a phone (GETGEM and Eminit draw 480 px: 15 px text reads as 10 px at 320)
    assert image.width in (480, 720) and 200 <= image.height <= 900, image.size
    return image
