"""In a relaxed or correspondence game, a seat's DM screen follows what asks nothing of it at most once per interval.

Why: once the clicks' interaction tokens have died (the bot uses one 14 minutes), every
edit of a DM screen is a bot-token request, and in a game played in DMs every public
change used to edit every other seat's screen: two to four requests per move where the
budget is 1.2 (docs/slow-games.md).  The channel board still shows every public change
at once; a seat's own screen is brought up to date at once only when

- a choice is asked of it (its turn, a window it may answer): it must see what it chooses from;
- its own private part changed (its hand, what it has seen), or a private line is addressed to it;
- its player clicked in it (that click's answer is the edit, and it is free: the presenter's).

A change that is public only and asks nothing of the seat is folded into its next
refresh, and one *catch-up* refresh, an interval (the pace's notice delay) after the first
change it missed, keeps an idle screen from going stale for long.  A live game is not
touched: every seat's screen follows every change, as it always has.

What a decision may depend on: only what that seat may know.  Whether its screen changed
at all (:func:`signature`: its own view, which holds the public part, and the record's public
fields), whether it is asked, whether its private part changed (its view less the public
view, :func:`private_part`), whether lines were addressed to it, and when those changes
came.  Never another seat's hidden state: a hidden pick that leaves a seat's view as it was
neither edits its screen nor moves its catch-up (:func:`decide`).

Restart-safe by rule rather than stored timers: what each seat was shown is kept in memory
only, so after a restart a seat's screen counts as unknown and the next change of the game
refreshes it (a screen idle and stale at the restart waits for that change).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from bot.core import pace_words as words
from bot.core.games import get
from bot.core.slow import pace
from bot.core.slow.notify import CallLater, Cancellable
from bot.core.store import SeatRecord, SessionRecord
from bot.gamefacts import Game
from bot.runtime import detached

log = logging.getLogger(__name__)

NOW, LATER, NOTHING = "now", "later", "nothing"
"""What a change means for one seat's screen: refresh it now, fold it into a catch-up, or nothing to show."""


def private_part(own: Any, public: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """What a seat's view holds that the public view does not (its hand, what it saw): each leaf where they differ.

    As (path, value) pairs, key by key and item by item, so a public card added to a row the
    seat has one of its own in leaves that part as it was.  A list whose length differs is the seat's whole.
    """
    if isinstance(own, dict) and isinstance(public, dict):
        return [leaf for k, v in own.items() if v != public.get(k)
                for leaf in private_part(v, public.get(k), (*path, k))]
    if isinstance(own, list) and isinstance(public, list) and len(own) == len(public):
        return [leaf for i, (a, b) in enumerate(zip(own, public, strict=True)) if a != b
                for leaf in private_part(a, b, (*path, i))]
    return [(path, own)]


def _digest(value: Any) -> str:
    return hashlib.blake2b(json.dumps(value, sort_keys=True, default=repr).encode(), digest_size=12).hexdigest()


@dataclass(frozen=True)
class Signature:
    """What one seat can see of a record: its whole screen's inputs, and its private part alone."""

    screen: str
    private: str
    asked: bool


def signature(record: SessionRecord, spec: Game, seat: int, public: Any = None) -> Signature:
    """``seat``'s signature of ``record``: from its own view, the public view (``public``, if the caller has it)
    and the record's public fields."""
    assert record.state is not None
    own = spec.rules.view(record.state, seat)
    public = spec.rules.view(record.state, None) if public is None else public
    seats = [(s.user_id, s.name, s.ai_level, s.dm_closed) for s in record.seats]
    screen = _digest([own, record.status, record.deadline, record.reminded, seats])
    asked = record.status == "active" and seat in spec.rules.to_act(record.state)
    return Signature(screen, _digest(private_part(own, public)), asked)


def decide(before: Signature | None, now: Signature, *, lines: bool = False) -> str:
    """One seat's decision for a change, from what it could see before and sees now (``lines``: new lines for it).

    A pure function of the seat's own knowledge: two records it cannot tell
    apart give the same signatures, hence the same decision.
    """
    if before is not None and before.screen == now.screen and not lines:
        return NOTHING  # nothing it can see changed (another seat's hidden pick, say)
    if before is None or now.asked or lines or now.private != before.private:
        return NOW
    return LATER


class Screens(Protocol):
    async def update(self, record: SessionRecord, seat: SeatRecord) -> None: ...


class DmRefresh:
    """Which seats' DM screens a change of a slow game refreshes now; the others' catch-ups, one timer per seat.

    ``screens``: what brings one seat's screen up to date (the presenter's
    :class:`~bot.frontend.presenting.dm_screens.DmScreens`); ``notices``: the DM notices, whose
    ``delay`` (``SLOW_NOTICE_DELAY``) the interval derives from.  Held, not called back through the
    presenter: a click's path goes down through these modules, never back up.
    """

    def __init__(self, screens: Screens, notices: Any, *, call_later: CallLater | None = None) -> None:
        self._screens = screens
        self._notices = notices
        self._call_later = call_later or detached.call_later
        self._seen: dict[tuple[int, int], Signature] = {}  # (session, seat) -> what it last could see
        self._timers: dict[tuple[int, int], Cancellable] = {}  # (session, seat) -> its catch-up, armed
        self.running: set[asyncio.Task[None]] = set()  # catch-ups being shown (held: a task nobody holds may vanish)

    def interval(self, record: SessionRecord) -> float | None:
        """The least time between a seat's refresh and its catch-up: the pace's notice delay; None: a live game."""
        return pace.notice_delay(record.pace, words.live_turn(record), self._notices.delay, record.pace_turn)

    def later(self, record: SessionRecord, spec: Game | None = None, *, clicker: int | None = None,
              lines: set[int] | frozenset[int] = frozenset()) -> set[int]:
        """The human seats whose refresh this change leaves to a catch-up (empty in a live game); the rest now.

        ``clicker``: the seat whose click made the change (shown now, by its answer);
        ``lines``: seats given new private lines (or a tutorial's) by it.
        """
        if record.state is None or record.status != "active" or self.interval(record) is None:
            return set()
        spec = spec or get(record.game)
        deferred: set[int] = set()
        public = spec.rules.view(record.state, None)  # once for every seat
        for s in record.seats:
            if s.user_id is None:
                continue
            key = (record.id, s.seat)
            sig = signature(record, spec, s.seat, public)
            verdict = NOW if s.seat == clicker else decide(self._seen.get(key), sig, lines=s.seat in lines)
            if verdict == NOW:
                self._cancel(key)
            elif verdict == LATER:
                deferred.add(s.seat)
                self._arm(record, s.seat)
            else:
                deferred.add(s.seat)  # nothing new to show it: no request either way
            self._seen[key] = sig
        return deferred

    def _arm(self, record: SessionRecord, seat: int) -> None:
        """The seat's catch-up, an interval after the first change it missed (kept if armed already)."""
        key = (record.id, seat)
        if key in self._timers:
            return
        wait = self.interval(record) or 0.0
        self._timers[key] = self._call_later(wait, lambda: self._start(record, seat))

    def _start(self, record: SessionRecord, seat: int) -> None:
        task = detached.create_task(self._catch_up(record, seat))
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def _catch_up(self, record: SessionRecord, seat: int) -> None:
        """The seat's screen brought up to date from the live record (the same object every commit updates)."""
        key = (record.id, seat)
        self._timers.pop(key, None)
        if record.state is None or record.status != "active":
            return  # ended meanwhile: its end showed every screen
        try:
            version = record.version
            await self._screens.update(record, record.seats[seat])
            if record.version != version and record.status == "active" and seat < len(record.seats):
                # a move was committed while this screen was built or sent, outside the channel's turn: its own
                # showing may have sent the newer screen first, so the newest is sent once more (no request if shown)
                await self._screens.update(record, record.seats[seat])
        except Exception:  # a catch-up is best effort: the next change shows the screen anyway
            log.exception("DM catch-up failed for session %s seat %s", record.id, seat)
            return
        self._seen[key] = signature(record, get(record.game), seat)

    def _cancel(self, key: tuple[int, int]) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def forget(self, session_id: int) -> None:
        """The game ended (every screen shown by its end): its memory and catch-ups go."""
        for key in [k for k in self._timers if k[0] == session_id]:
            self._cancel(key)
        for key in [k for k in self._seen if k[0] == session_id]:
            del self._seen[key]
