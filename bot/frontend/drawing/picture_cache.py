"""Drawn pictures kept by what they are drawn from: a move that leaves a picture's inputs as they were draws nothing.

Why: drawing and encoding a picture is most of a click's CPU, and most moves
leave most pictures as they were — a GETGEM move changes one player's hand,
not the others'; a hidden pick leaves the public board alone.  A picture is a
pure function of (game, viewer, locale, names, its inputs): the inputs are the
part of the view the game's picture module says it draws (``board_inputs`` /
``hand_inputs``, :mod:`bot.pictures`), and its drawing function is handed
nothing else, so a key holding all of them can never serve a stale picture —
whatever the state version, session or database (tests run several).

Each place a picture is shown (a session's board in one language, a seat's
DM) is a *slot* holding the last picture drawn for it: a move that keeps the
key finds it there, one that changes it replaces it.  Memory thus follows the
live games (one picture per board and DM), not the rate of moves; the oldest
slots go first past :data:`MAX_SLOTS` or :data:`MAX_BYTES`, and a finished
session's slots at once (:func:`forget`).  The bot looks pictures up on its
event loop and draws the missing ones in worker processes
(:mod:`bot.frontend.drawing.picture_pool`) or threads, hence the lock.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

MAX_SLOTS = 4096  # a live game needs 1 + one per human player: ~1,500 slots for 500 games
MAX_BYTES = 192_000_000  # ~4,000 pictures at their usual 20–60 KB; the heaviest may weigh 150 KB

_lock = threading.Lock()
_slots: OrderedDict[Hashable, tuple[Hashable, bytes | None]] = OrderedDict()
_bytes = 0
_counts = {"drawn": 0, "kept": 0}


def key(game: str, viewer: int | None, locale: str, names: list[str], inputs: Any) -> Hashable:
    """The key of the picture drawn from ``inputs`` (``viewer`` None: the board, else that seat's hand).

    ``inputs`` must be JSON (any view is): a value json cannot write raises
    rather than being written loosely, which could make two inputs one key.
    Keys are not sorted: equal inputs built in another order only miss.
    """
    text = json.dumps(inputs, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
    return (game, viewer, locale, tuple(names), digest)


MISSING = object()
"""What :func:`lookup` returns for a slot that does not hold the picture asked for (None is a picture: "none")."""


def lookup(slot: Hashable, key: Hashable) -> bytes | object | None:
    """The picture in ``slot`` if it was drawn under ``key``, else :data:`MISSING`.

    ``slot`` is where the picture is shown, starting with its session id:
    ``(session, viewer, locale)``.
    """
    with _lock:
        held = _slots.get(slot)
        if held is not None and held[0] == key:
            _slots.move_to_end(slot)
            _counts["kept"] += 1
            return held[1]
    return MISSING


def keep(slot: Hashable, key: Hashable, png: bytes | None) -> None:
    """Keep ``png``, drawn under ``key``, in ``slot`` (replacing what it held); the oldest slots go past the limits."""
    global _bytes
    with _lock:
        _counts["drawn"] += 1
        old = _slots.pop(slot, None)
        _bytes -= len(old[1] or b"") if old else 0
        _slots[slot] = (key, png)
        _bytes += len(png or b"")
        while len(_slots) > MAX_SLOTS or _bytes > MAX_BYTES:
            _, (_, dropped) = _slots.popitem(last=False)
            _bytes -= len(dropped or b"")


def cached(slot: Hashable, key: Hashable, draw: Callable[[], bytes | None]) -> bytes | None:
    """The picture in ``slot`` if it was drawn under ``key``, else ``draw()`` (outside the lock), kept there."""
    held = lookup(slot, key)
    if held is not MISSING:
        return held  # type: ignore[return-value]
    png = draw()
    keep(slot, key, png)
    return png


def forget(session_id: int) -> None:
    """Drop a finished session's pictures (slots start with the session id)."""
    global _bytes
    with _lock:
        for slot in [s for s in _slots if isinstance(s, tuple) and s and s[0] == session_id]:
            _bytes -= len(_slots.pop(slot)[1] or b"")


def counts() -> dict[str, int]:
    """Pictures drawn and pictures found kept since the start (or :func:`clear`): what the cache saves."""
    with _lock:
        return dict(_counts, slots=len(_slots), bytes=_bytes)


def clear() -> None:
    """Forget every kept picture and the counts: for tests and benchmarks that must draw each picture afresh."""
    global _bytes
    with _lock:
        _slots.clear()
        _bytes = 0
        _counts.update(drawn=0, kept=0)
