"""Drawn pictures kept by (session, state version, viewer, locale, names, view digest): each is drawn once.

Why: a picture costs tens of milliseconds of CPU, and the same one is asked
for again and again — the board edit after a hidden pick that changed nothing
public, "Details" and "My hand" clicks, a DM refreshed for a new recent line,
a restart re-showing boards.  The key holds everything a picture is drawn
from: the names (a seat handed to an AI changes its name without a move), the
locale, and a digest of the view itself — the session and version alone would
serve another database's session 1 (tests, a second bot in one process) a
stale picture, and a picture drawn from anything but its view would be a leak.
Boards are built in worker threads (``asyncio.to_thread``), hence the lock.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

MAX_ENTRIES = 256  # about 25 MB at ~100 KB a picture; a live game needs 1 + its players' hands

_lock = threading.Lock()
_cache: OrderedDict[Hashable, bytes | None] = OrderedDict()


def key(session_id: int, version: int, viewer: int | None, locale: str, names: list[str], view: Any) -> Hashable:
    """The cache key of the picture of ``view`` (``viewer`` None: the spectator view) in one session."""
    digest = hashlib.blake2b(json.dumps(view, sort_keys=True, default=str).encode(), digest_size=16).digest()
    return (session_id, version, viewer, locale, tuple(names), digest)


def cached(key: Hashable, draw: Callable[[], bytes | None]) -> bytes | None:
    """The picture stored under ``key``, drawn by ``draw()`` the first time (outside the lock: draws may overlap)."""
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    png = draw()
    with _lock:
        _cache[key] = png
        while len(_cache) > MAX_ENTRIES:
            _cache.popitem(last=False)
    return png


def forget(session_id: int) -> None:
    """Drop a finished session's pictures (keys start with the session id)."""
    with _lock:
        for key in [k for k in _cache if isinstance(k, tuple) and k and k[0] == session_id]:
            del _cache[key]


def clear() -> None:
    with _lock:
        _cache.clear()
