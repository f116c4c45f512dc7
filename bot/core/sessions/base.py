"""What every part of the session layer shares: refusals, who asks, who shows, the tunables.

Kept apart from the parts so each of them (lobby, play, clock, AI seats,
endings) can import these without importing one another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.core.store import SessionRecord
from bot.engine import Event, Result

LOG_KEEP = 12  # public log lines kept on the board
EXPIRE_RETRY = 30.0  # seconds before a move whose save failed (a timeout's, an AI's) is tried again


class SessionError(Exception):
    """A request the session refuses; ``code`` is an i18n key under ``error.``.

    ``not_saved`` is the honest answer to a database failure: the change was
    built on a copy and never became the live session, so "nothing changed"
    is true and the player can simply try again.
    """

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args


@dataclass(frozen=True)
class Player:
    """Who is asking, as the interaction layer knows them."""

    user_id: int
    name: str
    locale: str = "en"


class Presenter(Protocol):
    """Shows committed changes to people.  Implemented by the Discord layer."""

    async def lobby_changed(self, record: SessionRecord) -> None: ...

    async def game_changed(self, record: SessionRecord, events: list[Event]) -> None: ...

    async def session_ended(self, record: SessionRecord, result: Result | None) -> None: ...

    async def remind(self, record: SessionRecord, seats: list[int]) -> None:
        """Half the time for the current choice is gone; ping the seats still owing a move."""
        ...

    # Optional: ``prepare(draft, seat)``, a move by ``seat`` about to be saved: start what showing it will
    # need (its pictures), show nothing (bot.core.sessions.table.Table.prepare; the Discord presenter has it).


@dataclass
class Settings:
    """The session layer's tunables, shared by its parts (tests change some of them on a running manager)."""

    ai_delay: float = 1.0  # the visible pause before an AI's answer
    turn_timeout: float = 120.0
    pick_timeout: float = 30.0
    afk_limit: int = 3
    lobby_ttl: float = 15 * 60
    idle_ttl: float = 24 * 3600
    retry_delay: float = EXPIRE_RETRY
    afk_limit_slow: int = 5  # in relaxed and correspondence games: a missed turn there is a day or more of absence
