"""What every part of the session layer shares: refusals, who asks, who shows, the tunables.

Kept apart from the parts so each of them (lobby, play, clock, AI seats,
endings) can import these without importing one another.
"""

from __future__ import annotations

from collections.abc import Callable
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


class Answer(Protocol):
    """The answer of the click that asked for a move: the Discord side's, handed on by the core untouched.

    Why a parameter and not ambient state: the click's handler makes it and the
    presenter's first edit of the clicked message sends it, and a reader follows
    it from one to the other; a task spawned meanwhile (an AI's turn) cannot
    take it for its own.  The core never calls it (``bot.transport.acks.ClickAnswer``).
    """

    @property
    def message_id(self) -> int | None:
        """The message the click was on (None: an ephemeral one, which the click's handler shows itself)."""
        ...


class Presenter(Protocol):
    """Shows committed changes to people.  Implemented by the Discord layer (``DiscordPresenter``).

    Every method the session layer calls on it is here (``tests/platform/test_presenter_protocol.py``
    checks it against what the core calls and against the Discord presenter).
    """

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        """A move by ``seat`` about to be saved: start what showing it will need (its pictures), show nothing."""
        ...

    async def lobby_changed(self, record: SessionRecord) -> None:
        """A lobby's seats changed (joined, left, an AI added): redraw it."""
        ...

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: Answer | None = None) -> None:
        """A committed change of a game under way; ``answer``: the click that made the move, answered by its showing."""
        ...

    async def session_ended(self, record: SessionRecord, result: Result | None, answer: Answer | None = None) -> None:
        """A committed end (a last move, a forfeit, a reset, an expiry, a cancelled lobby): show it, once."""
        ...

    async def remind(self, record: SessionRecord, seats: list[int]) -> None:
        """Half the time for the current choice is gone; ping the seats still owing a move."""
        ...


class _Closing(Protocol):
    closing: bool  # the process is shutting down: nothing new is set going


class Starts:
    """What a committed change sets going: the AI's turn, the deadline and its reminder.

    The manager lists the parts' own methods here (``parts``); a part that committed a change calls
    this, so the change goes down into those parts and never back up through the manager or the table
    (a move click's path visits no module twice: ``tests/platform/test_click_path.py``).
    """

    def __init__(self, table: _Closing) -> None:
        self.table = table
        self.parts: list[Callable[[SessionRecord], None]] = []

    def __call__(self, record: SessionRecord) -> None:
        if self.table.closing or record.status != "active" or record.state is None:
            return
        for start in self.parts:
            start(record)


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
