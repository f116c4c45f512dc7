"""How each person wants to hear that a choice waits on them: ``/game notify``, one choice per kind.

Two kinds: their *own* turn, and a choice in *another*'s turn (a reaction
window such as a Barrier question or a declaration, or a choice asked of them
during someone else's turn).  Each is ``channel`` (a ping in the game's
channel), ``dm`` (a DM message, which notifies a phone; an edit does not),
``both`` or ``none``.  A person who chose nothing gets the pace's default:
a channel ping in a live game, as always; a DM in a relaxed or
correspondence game, where nobody watches the channel.

The choice belongs to the person, not to a server (one table row per user),
so it holds in every server Kado shares with them.  A reaction window is never
pinged in the channel, whatever the choice: whether someone may answer it can
be private (who holds a Barrier), and its silence is an answer anyway.

Kept in memory for :data:`PREFS_LIFE` after a read: the presenter asks at
every move, and a change made through another shard's process (the choice is
the person's, whichever server they typed it in) is seen here within that
life.  A change made through this process is seen at once (written through).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from bot.core.slow import pace

CHANNEL, DM, BOTH, NONE = "channel", "dm", "both", "none"
CHOICES = (CHANNEL, DM, BOTH, NONE)
OWN, OTHER = "own", "other"
KINDS = (OWN, OTHER)
PREFS_LIFE = 60.0
"""Seconds a person's choices read from the store are trusted before they are read again."""


class PrefsStore(Protocol):
    async def notify_prefs(self, user_id: int) -> tuple[str | None, str | None]: ...

    async def set_notify_prefs(self, user_id: int, own: str | None, other: str | None) -> None: ...


def default(game_pace: str | None) -> str:
    """What someone who chose nothing gets, for either kind: DM in a slow game, the channel ping in a live one."""
    return DM if pace.is_slow(game_pace) else CHANNEL


def wants_dm(choice: str) -> bool:
    return choice in (DM, BOTH)


def wants_channel(choice: str) -> bool:
    return choice in (CHANNEL, BOTH)


class NotifyPrefs:
    """Each person's choices, read from the store and kept :data:`PREFS_LIFE` (a change here writes through)."""

    def __init__(self, store: PrefsStore, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._known: dict[int, tuple[str | None, str | None]] = {}
        self._read_at: dict[int, float] = {}

    async def load(self, user_ids: list[int]) -> None:
        """Read the choices of the users not known, or known longer than :data:`PREFS_LIFE` (before :meth:`choice`)."""
        now = self.clock()
        for user_id in user_ids:
            if user_id not in self._known or not 0 <= now - self._read_at.get(user_id, now) < PREFS_LIFE:
                self._known[user_id] = await self.store.notify_prefs(user_id)
                self._read_at[user_id] = now

    def choice(self, user_id: int, kind: str, game_pace: str | None) -> str:
        """The person's choice for ``kind`` (:data:`OWN` or :data:`OTHER`), or the pace's default."""
        own, other = self._known.get(user_id, (None, None))
        chosen = own if kind == OWN else other
        return chosen if chosen in CHOICES else default(game_pace)

    async def set(self, user_id: int, kind: str, value: str | None) -> tuple[str | None, str | None]:
        """Change one kind (``None``: back to the default); both kinds as now stored."""
        if kind not in KINDS or (value is not None and value not in CHOICES):
            raise ValueError(f"bad notify choice {kind}={value}")
        own, other = await self.store.notify_prefs(user_id)
        own, other = (value, other) if kind == OWN else (own, value)
        await self.store.set_notify_prefs(user_id, own, other)
        self._known[user_id] = (own, other)
        self._read_at[user_id] = self.clock()
        return own, other

    def forget(self, user_id: int) -> None:
        self._known.pop(user_id, None)
        self._read_at.pop(user_id, None)
