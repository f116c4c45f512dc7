"""Rate-limit headers on bot-token responses, as Discord sends them (Discord's docs: Topics > Rate Limits).

Why: a client learns a bucket's size only from these headers.  discord.py
treats a bucket it has no headers for as one request at a time, and a
request queued behind it may sleep up to 30 s before it looks again: without
them, the emulator made the bot slower than Discord would (``bench.clicks.openloop
--rtt 100 --trace``: game starts held their channel for up to a minute,
waiting in discord.py's limiter to post the players' DM messages).

What is modelled: a bucket per route (the OpenAPI operation) and major
parameter (the channel, guild or webhook in the path), with ``limit``
requests per ``window`` seconds; each response says how many are left and
when the window ends (``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``,
``-Reset-After``, ``-Bucket``).  Discord does not publish its per-route
numbers (clients must read the headers), so the emulator's are generous
(50 a second); it does not answer 429 by itself: a test asks for one with a
fault rule.  Interaction routes (the callback, the webhook routes of an
interaction token) carry none, as they are outside the bot's limits.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

_MAJOR = re.compile(r"^/(?:channels|guilds|webhooks)/(\d+)")
PRUNE_EVERY = 1024  # responses between two sweeps of ended windows


@dataclass
class _Window:
    used: int
    ends: float  # on the monotonic clock


class RateLimits:
    """Counts each bucket's requests in its current window and words the headers of each answer."""

    def __init__(
        self,
        limit: int = 50,
        window: float = 1.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._wall = wall
        self._windows: dict[tuple[str, str], _Window] = {}
        self._answered = 0

    def headers(self, operation: str, path: str) -> dict[str, str]:
        """The headers of one more answer from ``operation``'s bucket for ``path`` (counted now)."""
        now = self._clock()
        major = _MAJOR.match(path)
        key = (operation, major.group(1) if major else "")
        window = self._windows.get(key)
        if window is None or now >= window.ends:
            window = self._windows[key] = _Window(0, now + self.window)
        window.used += 1
        self._answered += 1
        if self._answered % PRUNE_EVERY == 0:
            self._windows = {k: w for k, w in self._windows.items() if w.ends > now}
        after = window.ends - now
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - window.used)),
            "X-RateLimit-Reset": f"{self._wall() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": _bucket_hash(operation),
        }


def _bucket_hash(operation: str) -> str:
    return hashlib.sha1(operation.encode()).hexdigest()[:16]
