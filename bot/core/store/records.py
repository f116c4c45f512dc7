"""The rows the store reads and writes, as plain dataclasses.

A :class:`SessionRecord` is also the in-memory session the bot works on: the
store is the source of truth, and the record is written back in one
transaction with every accepted action.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from bot import i18n

LIVE = ("lobby", "active")

TUTORIAL = "tutorial"
"""The key in a session's stored options that marks a guided first game (bot.core.tutorial): not rated, not in stats."""

CHANNEL_GONE = "channel_gone"
"""The end reason of a game whose channel was deleted, or whose server removed Kado (shown in its DMs only)."""


@dataclass
class SeatRecord:
    seat: int
    name: str
    user_id: int | None = None
    ai_level: str | None = None
    locale: str = "en"
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_closed: bool = False
    timeouts: int = 0  # consecutive turn timeouts; reset by any move of the player
    left_by: int | None = None  # the player who left this seat to the AI mid-game: rated last (bot.core.ratings)
    hinted: bool = False  # its player asked for a hint: the game does not change their rating (bot.core.ai.hints)

    @property
    def is_ai(self) -> bool:
        """An AI plays this seat: an AI seat, or a human's seat handed over after timeouts."""
        return self.ai_level is not None or self.user_id is None

    @property
    def ai_stands_in(self) -> bool:
        """The AI plays a player's seat: they left it, a moderator took it, or it was handed over after timeouts.

        What marks the seat's name "(AI)" (:meth:`SessionRecord.names`); an AFK seat is unmarked again
        when its player moves (``ai_level`` back to None).
        """
        return self.left_by is not None or (self.user_id is not None and self.ai_level is not None)


@dataclass
class SessionRecord:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    seed: int
    created_at: float
    updated_at: float
    options: dict[str, Any] = field(default_factory=dict)
    state: dict[str, Any] | None = None
    version: int = 0
    # seat (as str, JSON keys) -> [prompt_version, legal-actions digest]; see bot.core.sessions.prompts
    prompts: dict[str, list[Any]] = field(default_factory=dict)
    # recent public log lines as events (JSON), newest last
    log: list[dict[str, Any]] = field(default_factory=list)
    locale: str = "en"
    board_message_id: int | None = None
    moments_message_id: int | None = None  # the one message below the board its moments share (board_position)
    deadline: float | None = None
    reminded: bool = False  # the half-time reminder for the current deadline was sent
    last_human_at: float | None = None
    turn_timeout: float | None = None  # the server's turn timer when the lobby opened; None: the bot's default
    pace: str = "live"  # live, relaxed or correspondence (bot.core.slow.pace): the host's pick in the lobby
    pace_turn: float | None = None  # the turn length the host picked (bot.core.slow.pace.TURNS); None: the default
    seats: list[SeatRecord] = field(default_factory=list)
    ended_at: float | None = None
    ended_by: int | None = None
    end_reason: str | None = None  # "forfeit", "reset", "expired", CHANNEL_GONE...
    # when the end (final board, closing line) was shown; None while ended but unannounced (a crash)
    announced_at: float | None = None
    # when retention (HISTORY_DAYS) dropped its moves and replay columns; None: the game is whole
    pruned_at: float | None = None

    @property
    def live(self) -> bool:
        """Whether the session still holds its channel (a lobby or a game under way)."""
        return self.status in LIVE

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user sits in, or None."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def names(self) -> list[str]:
        """The seats' names, in seat order (what texts and pictures call the players).

        A seat the AI plays for its player (:attr:`SeatRecord.ai_stands_in`: left, taken by a moderator,
        or after timeouts) is marked as the AI's ("kenji (AI)"): the board must not show kenji still
        playing.  The one place the mark is made: every text, picture and DM takes its names from here.
        The stored name stays the player's (history, results).
        """
        mark = functools.partial(i18n.translate, self.locale, "seat.ai_mark")
        return [mark(name=s.name) if s.ai_stands_in else s.name for s in self.seats]

    def humans(self) -> list[SeatRecord]:
        """The seats players hold (not AIs)."""
        return [s for s in self.seats if not s.is_ai]
