"""The live sessions of this process, their locks, and the one way any of them changes.

Every part of the session layer (lobby, play, clock, AI seats, endings)
works through a :class:`Table`: it finds a record, takes the channel's turn,
builds a change on a draft and hands it to :meth:`Table.commit`, which saves
it and only then makes it live (:mod:`bot.core.sessions.drafts`).  The parts know
each other only through what the manager fills in: ``schedule`` (what a change
sets in motion: AI turns, timers; :class:`~bot.core.sessions.base.Starts`) and
``disarm`` (a session left memory: its timers and AI turn stop).  Each is a
part's own method, so a change goes down from the part that made it, never
back up through the manager.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core.games import get
from bot.core.sessions import drafts
from bot.core.sessions.base import Presenter, SessionError, Settings, Starts
from bot.core.store import SessionRecord, Store
from bot.core.turns import WORK_SLOTS, ChannelTurn, WorkSlots
from bot.engine import Result
from bot.gamefacts import Game

log = logging.getLogger("bot.core.sessions")


class Table:
    """Live records by channel and by id, one lock per channel, and the commit of every change."""

    def __init__(
        self,
        store: Store,
        presenter: Presenter,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        work_slots: int = WORK_SLOTS,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.settings = settings
        self.clock = clock
        self.closing = False
        self._by_channel: dict[int, SessionRecord] = {}
        self._by_id: dict[int, SessionRecord] = {}
        # weakly: a channel's lock lives while a turn holds or awaits it, not for every channel ever played in
        # (176 bytes each: 17.6 MB a hundred thousand channels, on a bot that runs for months)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._slots = WorkSlots(work_slots)
        # filled in by the manager (bot.core.sessions.manager): what to set going after a change, what to stop
        self.schedule = Starts(self)
        self.disarm: Callable[[SessionRecord], None] = lambda record: None

    # -- lookup ------------------------------------------------------------------------------------------------

    def lock(self, channel_id: int, *, ai_move: bool = False) -> ChannelTurn:
        """A channel's turn to change: one of the process's work slots, then the channel's lock.

        ``ai_move``: an AI seat's move, which starts only while no player's
        click holds a slot (:class:`bot.core.turns.WorkSlots`).  Never nest two: a
        holder waiting for another channel could wait for a slot that only it
        can free.
        """
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return ChannelTurn(self._slots, lock, ai_move=ai_move)  # which holds the lock (strongly) while it lives

    def in_channel(self, channel_id: int) -> SessionRecord | None:
        """The live session (lobby or game) of a channel, if any: a channel holds one at a time."""
        return self._by_channel.get(channel_id)

    def by_id(self, session_id: int) -> SessionRecord | None:
        """A live session by id; None once it ended (its buttons are then out of date)."""
        return self._by_id.get(session_id)

    def live(self) -> list[SessionRecord]:
        """Every live session, as a list the caller may iterate while sessions end."""
        return list(self._by_id.values())

    @staticmethod
    def spec(record: SessionRecord) -> Game:
        """The game a session plays."""
        return get(record.game)

    def remember(self, record: SessionRecord) -> None:
        """Hold a saved session in memory, findable by channel and by id."""
        self._by_channel[record.channel_id] = record
        self._by_id[record.id] = record

    def forget(self, record: SessionRecord) -> None:
        """Drop an ended session from memory and disarm its timers (not the channel's newer session)."""
        if self._by_channel.get(record.channel_id) is record:
            del self._by_channel[record.channel_id]
        self._by_id.pop(record.id, None)
        self.disarm(record)

    # -- changing ----------------------------------------------------------------------------------------------

    async def commit(
        self, live: SessionRecord, draft: SessionRecord, write: Callable[[SessionRecord], Awaitable[None]], what: str
    ) -> None:
        """Save ``draft`` with ``write``; only then does ``live`` take its values.

        A failed save (a locked or lost database) changes nothing in memory and
        becomes ``SessionError("not_saved")``: the caller's honest answer, and
        what the timer and AI paths retry on.  A cancellation goes through
        unchanged, adopting nothing either.
        """
        try:
            await write(draft)
        except Exception as exc:
            log.error("could not save %s of session %s; nothing of it happened", what, live.id, exc_info=True)
            raise SessionError("not_saved") from exc
        drafts.adopt(live, draft)

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        """Let the presenter start on a move's showing while the move is being saved (its ``prepare``).

        Why: the board's picture (drawn in a worker) does not depend on the
        save, so drawing it meanwhile takes the commit off the click's path.  Nothing is shown before the commit,
        and a failure here never touches the move.
        """
        try:
            self.presenter.prepare(draft, seat)
        except Exception:
            log.exception("could not prepare the showing of a move of session %s", draft.id)

    async def announce(self, record: SessionRecord, what: str, showing: Awaitable[None]) -> None:
        """Show a committed change, best-effort: it is saved whether or not people get to see it.

        A dropped connection, a timeout or a bug in a render must neither tell
        the player that nothing changed (it did) nor skip what follows the
        announcement (the AI's next move, the next timer), which would stall
        the game.  Logged here, once, with its traceback; a cancellation
        (``CancelledError`` is no ``Exception``) still goes through.
        """
        try:
            await showing
        except Exception:
            log.exception("could not show %s of session %s (it is saved)", what, record.id)

    @staticmethod
    def result_json(record: SessionRecord, result: Result) -> dict[str, Any]:
        """A result as stored: the engine's result with each seat's player, AI level and whether they left."""
        data = result.to_json()
        data["seats"] = [{"user_id": s.user_id, "name": s.name, "ai": s.ai_level} for s in record.seats]
        for s, seat in zip(record.seats, data["seats"], strict=True):
            if s.left_by is not None:  # left mid-game: rated last (bot.core.ratings), not on their record otherwise
                seat["left"] = s.left_by
            if s.hinted:  # took a hint: not rated (bot.core.ratings.rate)
                seat["hinted"] = True
        return data
