"""The pieces :meth:`~bot.pictures.canvas.Canvas.tile` keeps: two least-recently-used shelves bounded in bytes.

Why two: small pieces (a port card, a name plate, a deck) are shared by every
game on the same table colours and pay back on nearly every board, while a
large one (a treasure panel, a GETGEM seat: 130-270 KB each, as Pillow keeps
4 bytes a pixel) pays back only if its own game moves again before it is
pushed out.  On one shelf, a few hundred busy games' large pieces would push
out the small ones every board needs; on their own shelf they only push out
each other.  Both shelves together stay under 40 MB however many games run.
Boards are drawn in worker threads, hence the lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from PIL import Image

SMALL = 64 * 1024
"""A piece of at most this many bytes goes on the small shelf."""
BUDGETS = {"small": 16 * 2**20, "large": 24 * 2**20}
"""Bytes each shelf may hold."""

_lock = threading.Lock()
_shelves: dict[str, OrderedDict[Hashable, Image.Image]] = {name: OrderedDict() for name in BUDGETS}
_held = dict.fromkeys(BUDGETS, 0)


def _weight(piece: Image.Image) -> int:
    return piece.width * piece.height * 4


def get(key: Hashable) -> Image.Image | None:
    """The piece kept under ``key``, now the most recently used; None if it is not kept."""
    with _lock:
        for shelf in _shelves.values():
            piece = shelf.get(key)
            if piece is not None:
                shelf.move_to_end(key)
                return piece
    return None


def put(key: Hashable, piece: Image.Image) -> None:
    """Keep ``piece`` under ``key``, pushing out the least recently used pieces of its shelf beyond the budget."""
    weight = _weight(piece)
    name = "small" if weight <= SMALL else "large"
    with _lock:
        shelf = _shelves[name]
        old = shelf.pop(key, None)
        if old is not None:
            _held[name] -= _weight(old)
        shelf[key] = piece
        _held[name] += weight
        while _held[name] > BUDGETS[name] and len(shelf) > 1:
            _, gone = shelf.popitem(last=False)
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
