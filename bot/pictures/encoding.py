"""PNG bytes of a drawn picture: 256 colours, from the game's trained palette when it has one.

Why a stored palette: a picture must be cut to 256 colours to stay small (a
palette PNG is a third of the RGB one and compresses faster), and choosing
those colours afresh for every board (Pillow's octree) cost about half of a
PORTAS board's drawing -- on every move.  A game's pictures are drawn from a few table
colours, seat colours and the anti-aliased blends between them, so one
palette per game, trained once on many seeded pictures
(``docs/pictures/palettes.py`` writes ``cogs/<game>/palette.png``), maps every
board as faithfully as a per-picture one (tests/pictures/test_encoding.py
checks the error) in a seventh of the time.  The PNG itself is written by
:func:`png` with ISA-L's deflate.  Mapping to a fixed palette is a
pure function of the image, so the same picture is still the same bytes.

Which palette: the canvas's background colour names the game's colour scheme
(:func:`schemes`: each game's declared table background); a picture on any other background, or a scheme with no
trained file, falls back to the per-picture octree.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache, lru_cache

from PIL import Image

from bot import gamefacts

from .palette import RGB

try:  # ISA-L's deflate: the same zlib stream, several times faster than zlib's at a like size
    from isal import isal_zlib as _deflate

    LEVEL = 1  # ISA-L's levels are 0-3: 2 costs more for a hardly smaller PNG, 3 far more for nothing
except ImportError:  # pragma: no cover - isal is a dependency; without it the pictures are only slower
    _deflate = zlib  # type: ignore[assignment]
    LEVEL = 1  # zlib's 1: faster than 3 for a slightly heavier PNG

@cache
def schemes() -> dict[RGB, str]:
    """Each game's table background (its declared ``PALETTE``) -> its id, the name of its trained palette file.

    Only games with a trained file are listed; should two games share a table,
    the first in order keeps it (a copy of a game draws on the original's table).
    """
    found: dict[RGB, str] = {}
    for facts in gamefacts.found():
        if facts.palette is not None and palette(facts.id) is not None:
            found.setdefault(tuple(facts.palette["background"]), facts.id)  # type: ignore[arg-type]
    return found


def scheme_of(background: RGB) -> str | None:
    """The palette a picture drawn on ``background`` is encoded with (None: its own octree palette)."""
    return schemes().get(tuple(background))  # type: ignore[arg-type]


@lru_cache(maxsize=16)
def palette(name: str) -> Image.Image | None:
    """Game ``name``'s trained palette as a P-mode image (Pillow's form for ``quantize(palette=...)``), if stored."""
    try:
        path = gamefacts.facts_of(name).palette_file
    except ModuleNotFoundError:  # no such game
        return None
    if path is None or not path.exists():
        return None
    with Image.open(path) as stored:
        stored.load()
        if stored.mode != "P":
            return None
        return stored.copy()


def quantise(image: Image.Image, scheme: str | None = None) -> Image.Image:
    """``image`` in 256 colours: mapped to the scheme's palette, or its own octree palette; never dithered
    (dithering would speckle flat panels)."""
    fixed = palette(scheme) if scheme is not None else None
    if fixed is not None:
        return image.quantize(palette=fixed, dither=Image.Dither.NONE)
    return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(image: Image.Image, scheme: str | None = None) -> bytes:
    """PNG bytes, small and deterministic: no timestamps or text chunks, so the same picture is the same bytes."""
    return png(quantise(image, scheme))


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(indexed: Image.Image) -> bytes:
    """A P-mode image as a PNG: IHDR, PLTE, one IDAT, IEND.

    Written here rather than by Pillow so the deflate is ISA-L's (Pillow's
    zlib took about half of a board's time): every row is stored unfiltered, which
    is what Pillow does for palette images too (filters do not help indices).
    """
    width, height = indexed.size
    colours = bytes((indexed.getpalette() or [0, 0, 0])[: 256 * 3])
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte, 0 = none
    rows.paste(indexed, (1, 0))
    return b"".join((
        PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", colours),
        _chunk(b"IDAT", _deflate.compress(rows.tobytes(), LEVEL)),
        _chunk(b"IEND", b""),
    ))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def train(images: list[Image.Image]) -> Image.Image:
    """One 256-colour palette for all ``images`` (RGB), as a 16×16 P-mode image showing its colours.

    The images are stacked into one and cut by Pillow's octree, so a colour
    covering much of many pictures (the table, panels, card faces) gets an
    exact entry and the anti-aliased edges share the rest.
    """
    width = max(i.width for i in images)
    stack = Image.new("RGB", (width, sum(i.height for i in images)))
    y = 0
    for image in images:
        stack.paste(image.convert("RGB"), (0, y))
        y += image.height
    cut = stack.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    colours = (cut.getpalette() or [])[: 256 * 3]
    colours += [0] * (256 * 3 - len(colours))
    swatch = Image.new("P", (16, 16))
    swatch.putpalette(colours)
    swatch.putdata(list(range(256)))
    return swatch
