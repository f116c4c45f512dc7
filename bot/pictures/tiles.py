"""What the pictures keep between draws: least-recently-used shelves bounded in bytes.

Why shelves: small pieces (a port card, a name plate, a deck) are shared by
every game on the same table colours and pay back on nearly every board,
while a large one (a treasure panel, a GETGEM seat: 130-270 KB each, as
Pillow keeps 4 bytes a pixel) pays back only if its own game moves again
before it is pushed out.  On one shelf, a few hundred busy games' large
pieces would push out the small ones every board needs; on their own shelf
they only push out each other.  Text masks (:meth:`~bot.pictures.canvas.Canvas.text`)
have a shelf of their own for the same reason: every player's name, drawn
in a few sizes, is needed again on that player's next board, and with 500
games at once that is ~4,500 masks (~4 KB each), four times what a cache
of 1,024 masks held: the misses cost FreeType ~20 % of a board's drawing
in ``bench.clicks.openloop``'s mix.  All shelves together stay under 60 MB however
many games run.  Boards are drawn in worker threads, hence the lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from PIL import Image

SMALL = 64 * 1024
"""A piece of at most this many bytes goes on the small shelf."""
BUDGETS = {"small": 16 * 2**20, "large": 24 * 2**20, "text": 20 * 2**20}
"""Bytes each shelf may hold."""
PIECES = ("small", "large")
"""The shelves :func:`get` looks on when no shelf is named."""

_lock = threading.Lock()
_shelves: dict[str, OrderedDict[Hashable, Image.Image]] = {name: OrderedDict() for name in BUDGETS}
_held = dict.fromkeys(BUDGETS, 0)


def _weight(piece: Image.Image) -> int:
    """Bytes Pillow holds for ``piece``: one a pixel for masks and palette images, four for colour."""
    return piece.width * piece.height * (1 if piece.mode in ("L", "P", "1") else 4)


def get(key: Hashable, shelf: str | None = None) -> Image.Image | None:
    """The piece kept under ``key`` (on ``shelf``, or on either piece shelf), now the most recently used."""
    with _lock:
        for name in PIECES if shelf is None else (shelf,):
            found = _shelves[name].get(key)
            if found is not None:
                _shelves[name].move_to_end(key)
                return found
    return None


def put(key: Hashable, piece: Image.Image, shelf: str | None = None) -> None:
    """Keep ``piece`` under ``key`` (on ``shelf``, or a piece shelf by its weight), pushing out the least
    recently used beyond the shelf's budget."""
    weight = _weight(piece)
    name = shelf or ("small" if weight <= SMALL else "large")
    with _lock:
        kept = _shelves[name]
        old = kept.pop(key, None)
        if old is not None:
            _held[name] -= _weight(old)
        kept[key] = piece
        _held[name] += weight
        while _held[name] > BUDGETS[name] and len(kept) > 1:
            _, gone = kept.popitem(last=False)
            _held[name] -= _weight(gone)


def held() -> dict[str, int]:
    """Bytes on each shelf (for tests and the curious)."""
    with _lock:
        return dict(_held)


def clear() -> None:
    with _lock:
        for name, shelf in _shelves.items():
            shelf.clear()
            _held[name] = 0
