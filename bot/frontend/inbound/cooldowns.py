"""Per-channel cooldowns of commands that post in public: nobody floods a channel with them.

``/game status`` re-posts the board as a new public message.  Ten of them in a
row from a stranger made ten board posts; a channel now gets one every
:data:`STATUS_COOLDOWN` seconds, and the asker of another is told so (ephemerally).
"""

from __future__ import annotations

import time
from collections.abc import Callable

STATUS_COOLDOWN = 5.0
"""Seconds between two board re-posts in one channel (a board is rarely lost twice in five seconds)."""


class Cooldown:
    """When each key last passed; a key passes again only ``seconds`` later.  Old keys are dropped as it grows."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self._last: dict[int, float] = {}

    def passes(self, key: int) -> bool:
        """True (and the key's time starts again) unless ``key`` passed less than ``seconds`` ago."""
        now = self.clock()
        last = self._last.get(key)
        if last is not None and now - last < self.seconds:
            return False
        if len(self._last) > 1024:  # forget channels whose cooldown is over: the dict stays small
            self._last = {k: t for k, t in self._last.items() if now - t < self.seconds}
        self._last[key] = now
        return True


status = Cooldown(STATUS_COOLDOWN)
