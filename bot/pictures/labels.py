"""Seat labels that shorten a long name gracefully, for pictures read on a phone.

Why apart from :func:`bot.pictures.canvas.fit`: ``fit`` cuts a name wherever
the pixels run out ("Aurelia Montgo…", "ＳＵＰＥＲ＿ＬＯ…"); a seat label on a
phone has room for a dozen letters, so it should keep what tells players apart.
Full-width Latin letters ("ＳＵＰＥＲ") are drawn half-width (the same letters,
half the room), and a name is cut after a whole word when that keeps most of
the room used ("Aurelia…"), else inside a word as ``fit`` does.
"""

from __future__ import annotations

from functools import lru_cache

from .canvas import ELLIPSIS, fit, width
from .fonts import printable

_WIDE = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
"""Full-width ASCII (and the ideographic space) to their half-width letters."""

_BREAKS = " _・-"
"""Where a name may be cut between words."""

WORD_SHARE = 0.6
"""A cut after a whole word is kept when it fills at least this share of the room."""


@lru_cache(maxsize=4096)
def seat_label(name: str, size: int, bold: bool, max_width: int) -> str:
    """``name`` as a seat label of at most ``max_width`` pixels at ``size``: whole when it fits, else shortened."""
    text = " ".join(printable(name).translate(_WIDE).split())
    if width(text, size, bold) <= max_width:
        return text
    cut = fit(text, size, bold, max_width)
    kept = cut.removesuffix(ELLIPSIS)
    ends = [i for i, ch in enumerate(kept) if ch in _BREAKS and i > 0]
    if ends:
        word = kept[: ends[-1]].rstrip(_BREAKS) + ELLIPSIS
        if width(word, size, bold) >= WORD_SHARE * max_width:
            return word
    return cut
