"""The bundled fonts: a Japanese-capable Noto Sans subset (SIL OFL 1.1, see ``OFL.txt``).

Pictures never use the host's fonts: a bot on a bare server must draw the same
bytes as on a developer's laptop (the tests compare bytes), and must draw kanji.
``make_subset.py`` says how the files here were made.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from PIL import ImageFont

REGULAR = "NotoSansJP-Subset-Regular.otf"
BOLD = "NotoSansJP-Subset-Bold.otf"


def path(bold: bool = False) -> str:
    """The file system path of a bundled face (package data, installed by ``pip install -e .``)."""
    return str(resources.files(__name__).joinpath(BOLD if bold else REGULAR))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled face at ``size`` pixels, loaded once per (size, weight).

    BASIC layout: Japanese and Latin need no complex shaping, and it is a
    third faster than Raqm, which matters inside a picture's drawing budget.
    """
    return ImageFont.truetype(path(bold), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=1)
def coverage() -> frozenset[int]:
    """Code points the subset has glyphs for (``coverage.txt``, written with the subset)."""
    text = resources.files(__name__).joinpath("coverage.txt").read_text()
    points: set[int] = set()
    for line in text.split():
        lo, hi = line.split("-")
        points.update(range(int(lo, 16), int(hi, 16) + 1))
    return frozenset(points)


def covers(text: str) -> bool:
    """Does the font draw every character of ``text`` (no .notdef boxes)?"""
    have = coverage()
    return all(ord(ch) in have for ch in text)


@lru_cache(maxsize=16384)
def printable(text: str) -> str:
    """``text`` without the characters the font cannot draw (emoji in names, rare scripts).

    A picture would show them as empty boxes; dropping them keeps a name like
    "Aki 🌸" readable as "Aki".  Whitespace runs left behind collapse to one space.
    Kept, as every text of every picture passes through here (~65 a board).
    """
    have = coverage()
    kept = "".join(ch for ch in text if ord(ch) in have)
    return " ".join(kept.split()) if kept != text else text
