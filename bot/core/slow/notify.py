"""Turn notices: one short channel ping per turn for a human who must act, gone once they have acted.

Why a module of its own: "who is pinged when" is a policy with a clock in it
(a grace time, turns that span several commits, a reminder folded into the
notice), and it must be testable without Discord.  The presenter tells the
notifier, after every commit, which seats are waiting and the text each notice
would carry; the notifier decides.  Posting, editing and deleting go through a
small injected :class:`Sender`, and time through an injected ``call_later``.

A seat's *turn* starts when it enters the set of seats waited for and lasts
while it stays there across consecutive commits, whatever sub-steps it clicks
through: one notice per turn, never one per sub-step.  A seat that acts within
the grace time gets no notice at all, and at most :data:`MOST_LIVE` notices of
one game stand in its channel at once.  State lives in memory only: after a
restart a seat that is still waited for gets one fresh notice after the grace.

Nothing here blocks the caller: :meth:`TurnNotifier.show` only schedules, and
the requests run in tasks of their own, so a click's board edit never waits
for a ping.  Each turn's requests run one after another (post, then edits,
then the delete), so a delete never overtakes the post it removes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.runtime import detached

log = logging.getLogger(__name__)

DEFAULT_GRACE = 8.0


@dataclass(frozen=True)
class Notice:
    """What one seat's notice says and whom it may ping (the only user mentioned)."""

    user_id: int
    text: str


class Sender(Protocol):
    """The few requests a notice needs; the presenter's implementation talks to Discord."""

    async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
        """Post ``text`` pinging only ``user_id``; the message id, or None if it could not be posted."""

    async def edit(self, channel_id: int, message_id: int, text: str) -> None: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...


class Cancellable(Protocol):
    def cancel(self) -> None: ...


CallLater = Callable[[float, Callable[[], None]], Cancellable]


def _loop_call_later(delay: float, callback: Callable[[], None]) -> Cancellable:
    return detached.call_later(delay, callback)  # the notice's timer keeps nothing of the click that armed it


MOST_LIVE = 2
"""Notices of one session standing in its channel at once (at most 3 of Kado's messages below the
board, one of them the moments message, bot/frontend/presenting/board_position.py).  A seat due while that many are up
(a simultaneous pick of four slow players) is pinged as soon as one of them has acted."""


@dataclass(eq=False)
class _Turn:
    session_id: int
    channel_id: int
    notice: Notice
    timer: Cancellable | None = None
    message_id: int | None = None
    shown: str | None = None  # the text the posted message carries
    live: bool = True  # False once the turn ended
    held: bool = False  # due, but MOST_LIVE notices of its session were up: posted when one goes
    posting: bool = False  # its post is in flight (counts as up)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class TurnNotifier:
    """Decides who is pinged when; one job, no Discord in it."""

    def __init__(self, sender: Sender, *, grace: float = DEFAULT_GRACE, call_later: CallLater | None = None,
                 most: int = MOST_LIVE) -> None:
        self.sender = sender
        self.most = max(1, most)
        self.grace = max(0.0, grace)
        self._call_later = call_later or _loop_call_later
        # session -> seat -> its turn while it lasts (by session: a commit looks at its own session's turns only,
        # however many games run)
        self._turns: dict[int, dict[int, _Turn]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # -- what the presenter calls -----------------------------------------------------

    def show(
        self, session_id: int, channel_id: int, waiting: Mapping[int, Notice], *, delay: float | None = None
    ) -> None:
        """After a commit: ``waiting`` maps each seat a human must act for to its notice.

        A seat new to the set starts a turn (its notice is posted after the
        grace time, or ``delay`` seconds from now when given); a seat that left
        it ends its turn (its notice, if posted, is deleted); a seat still in it
        keeps its turn, and its posted notice is edited if the text changed (a
        new deadline).
        """
        for seat, turn in list(self._turns.get(session_id, {}).items()):
            if seat not in waiting or waiting[seat].user_id != turn.notice.user_id:
                self._end(session_id, seat)
        for seat, notice in waiting.items():
            turn = self._turns.get(session_id, {}).get(seat)
            if turn is None:
                turn = _Turn(session_id, channel_id, notice)
                self._turns.setdefault(session_id, {})[seat] = turn
                wait = self.grace if delay is None else max(0.0, delay)
                turn.timer = self._call_later(wait, lambda t=turn: self._due(t))
            elif turn.notice != notice:
                turn.notice = notice
                if turn.shown is not None:
                    self._spawn(self._refresh(turn))

    def remind(self, session_id: int, notices: Mapping[int, Notice]) -> list[int]:
        """Fold a half-time reminder into the turn notices; returns the seats it was folded for.

        A posted notice is edited (no second ping); one still inside its grace
        time is posted now with the reminder's text.  Seats without a turn
        here (none, normally) are left to the caller.
        """
        folded = []
        for seat, notice in notices.items():
            turn = self._turns.get(session_id, {}).get(seat)
            if turn is None or turn.notice.user_id != notice.user_id:
                continue
            folded.append(seat)
            turn.notice = notice
            if turn.timer is not None:
                turn.timer.cancel()
                turn.timer = None
                self._spawn(self._post(turn))
            else:
                self._spawn(self._refresh(turn))
        return folded

    def adopt(self, session_id: int, channel_id: int, seat: int, notice: Notice, message_id: int) -> bool:
        """A notice posted before a restart becomes the seat's turn's notice (no second ping); False if it has one."""
        turns = self._turns.setdefault(session_id, {})
        if seat in turns:
            return False
        turns[seat] = _Turn(session_id, channel_id, notice, message_id=message_id, shown=notice.text)
        return True

    def spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run a request of the caller's in this notifier's tasks (awaited by :meth:`settle`)."""
        self._spawn(job)

    def forget(self, session_id: int) -> None:
        """The session ended: every notice of it goes."""
        for seat in list(self._turns.get(session_id, ())):
            self._end(session_id, seat)

    async def close(self, patience: float = 3.0) -> None:
        """A clean shutdown: take every notice down (the next start posts fresh ones after the grace time).

        Bounded by ``patience``: a slow Discord must not hold the shutdown up; a
        notice left behind then is only a stale ping, never a wrong move.
        """
        for sid, turns in list(self._turns.items()):
            for seat in list(turns):
                self._end(sid, seat)
        try:
            await asyncio.wait_for(self.settle(), patience)
        except TimeoutError:
            log.warning("shutting down with %d turn notice requests unfinished", len(self._tasks))

    def waiting(self, session_id: int) -> dict[int, int | None]:
        """Seats with a turn in progress and their notice's message id (None: not posted yet); for tests."""
        return {seat: t.message_id for seat, t in self._turns.get(session_id, {}).items()}

    async def settle(self) -> None:
        """Wait for every request in flight (tests, and a clean shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- inside ---------------------------------------------------------------------------

    def _end(self, session_id: int, seat: int) -> None:
        turns = self._turns[session_id]
        turn = turns.pop(seat)
        if not turns:
            del self._turns[session_id]
        turn.live = False
        if turn.timer is not None:
            turn.timer.cancel()  # acted within the grace time: never posted
            turn.timer = None
        self._spawn(self._retire(turn))
        self._release(session_id)

    def _up(self, session_id: int) -> int:
        """Notices of the session standing in the channel, or being posted."""
        return sum(t.message_id is not None or t.posting for t in self._turns.get(session_id, {}).values())

    def _release(self, session_id: int) -> None:
        """A notice went: the seats held back meanwhile are posted, oldest first, while there is room."""
        for turn in list(self._turns.get(session_id, {}).values()):
            if turn.held and turn.live and self._up(session_id) < self.most:
                turn.held = False
                self._spawn(self._post(turn))

    def _due(self, turn: _Turn) -> None:
        turn.timer = None
        if turn.live:
            self._spawn(self._post(turn))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post(self, turn: _Turn) -> None:
        async with turn.lock:
            if turn.message_id is not None or not turn.live:
                return  # already up, or the turn ended while this waited
            if self._up(turn.session_id) >= self.most:
                turn.held = True  # the board would sink under notices: this one waits for room (_release)
                return
            text = turn.notice.text
            turn.posting = True
            try:
                turn.message_id = await self.sender.post(turn.channel_id, turn.notice.user_id, text)
            except Exception:
                log.exception("could not post a turn notice in channel %s", turn.channel_id)
                return
            finally:
                turn.posting = False
            turn.shown = text if turn.message_id is not None else None
        if turn.shown is not None and turn.shown != turn.notice.text:
            self._spawn(self._refresh(turn))  # the text changed while it was being posted

    async def _refresh(self, turn: _Turn) -> None:
        async with turn.lock:
            if turn.message_id is None or turn.shown == turn.notice.text or not turn.live:
                return
            text = turn.notice.text
            try:
                await self.sender.edit(turn.channel_id, turn.message_id, text)
                turn.shown = text
            except Exception:
                log.exception("could not edit turn notice %s", turn.message_id)

    async def _retire(self, turn: _Turn) -> None:
        async with turn.lock:  # after a post in flight, so that its message is the one removed
            if turn.message_id is None:
                return
            message_id, turn.message_id = turn.message_id, None
            try:
                await self.sender.delete(turn.channel_id, message_id)
            except Exception:
                log.exception("could not delete turn notice %s", message_id)
