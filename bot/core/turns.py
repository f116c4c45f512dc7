"""Admission control: how many channels may be changing at once in this process.

Every click is acknowledged the moment it arrives (``defer``, Discord's
3-second deadline); the move behind it (engine, commit, board) then takes its
channel's lock and waits for a *work slot*.  Without the cap, 200 busy
channels each keep a few steps in the event loop's ready queue, every loop
pass runs all of them, and the next click's acknowledgement waits behind the
lot.  With it, a pass runs the
steps of a few channels only; the rest of the queue waits in the semaphore,
in arrival order, where it costs nothing.

A slot is for work, not for waiting.  A request to Discord is awaited
through :func:`discord_request`: one that answers within ``PATIENCE`` (the
local case, and most of the work of parsing the answer) keeps its slot, so
answers arriving together cannot flood the loop; one that takes longer (the
real API's round trip, or a rate-limited channel's wait) lends
its slot to the next channel meanwhile, so slow answers cannot cap a process
at a few dozen moves a second.  Deadlock-free: code holding a slot never
waits for a lock (a click's turn takes its channel's lock first and a slot
second; an AI's move takes a slot first, and the lock only if it is free at
once, :class:`ChannelTurn`); a turn that lent its slot takes one back
(holding only its own lock, first in line) before its next CPU work.

The figures behind the cap (bench.clicks.latency, uncapped against a few
slots) are in docs/performance.md, "Figures behind the code".
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from collections.abc import Awaitable
from contextvars import ContextVar
from typing import Any, TypeVar

WORK_SLOTS = 2
"""Default number of channels whose work (engine, commit, board building) runs at once (KADO_WORK_SLOTS).

Two, not four: at 200 games in the emulator two slots answered clicks about
twice as fast at the 99th percentile, for a few per cent fewer moves per second
(bench.clicks.latency; docs/performance.md): fewer channels' work interleaved
means shorter passes of the event loop, and an acknowledgement waits for
about three of them.  Slow requests to Discord lend their slot, so the real API's round trips
do not cap throughput at two."""

PATIENCE = 0.002
"""Seconds a request to Discord may hold a work slot before lending it (see :func:`discord_request`).

A local answer (the emulator's) comes within it; the real API's never does,
and the slot sits idle that long.  A patience as long as a round trip let two
slots through only a few dozen requests a second under Discord's round trip
(``bench.clicks.openloop --rtt 100``), and the clicks offered beyond that queued for
seconds; a patience shorter than any real round trip costs nothing without
one (docs/performance.md, "Figures behind the code")."""

T = TypeVar("T")

_current: ContextVar[ChannelTurn | None] = ContextVar("kado_channel_turn", default=None)
# The task handling a player's click (held weakly, as bot.transport.edits holds it): an AI's turn spawned from it copies
# the context but runs in a task of its own, so it is not the click.
_player: ContextVar[weakref.ref[asyncio.Task[Any]] | None] = ContextVar("kado_player_task", default=None)


def for_a_player() -> None:
    """The current task handles a player's click: its turns take a freed work slot before other work does."""
    task = asyncio.current_task()
    if task is not None:
        _player.set(weakref.ref(task))


def _players_turn() -> bool:
    player = _player.get()
    return player is not None and player() is asyncio.current_task()


PLAYER, OTHER, AI_MOVE = 0, 1, 2
"""Who waits for a work slot: a player's click, other work (a slash command, a timer), an AI's move."""
_RESUMING, _DUE = 3, 4
# Two more lines of waiters: a turn taking back the slot it lent (it holds its channel's lock, so it goes
# first: one step of work at most), and work that has waited AI_PATIENCE (served after at most DUE_SHARE clicks).

AI_PATIENCE = 1.0
"""Seconds an AI's move (or other work) waits behind players' clicks; then it is *due*: it gets a slot at least
after every :data:`DUE_SHARE` clicks.

Under a steady stream of clicks that overlap there may be no moment without
a click in hand, and a queue served clicks-first would never reach the AI
tables (strong-AI answers took many seconds at a steady click rate).
So a waiter out of patience is served after at most :data:`DUE_SHARE` of the
clicks in line, ahead of work that has not waited so long.

**The bound.**  An AI's move is delayed by load at most ``AI_PATIENCE`` plus,
for itself and each due waiter before it, ``DUE_SHARE + 1`` steps of a
channel's work (a few milliseconds each, ``bench.clicks.latency``), whatever
the click rate, and is never starved.  It holds no channel lock while it waits (:class:`ChannelTurn`),
so a click in its channel is answered as any other.  A click waits at most one
due waiter's step in ``DUE_SHARE + 1`` longer than with no AI at all."""


DUE_SHARE = 8
"""While clicks wait in line, a due waiter gets the slot after this many of them (not every other slot).

Every other slot (2) cost a saturated bot almost half its moves (bench.ai.fair; docs/performance.md,
"Figures behind the code"); behind every click, unbounded.  One in eight bounds the wait and
leaves the clicks their pace."""


class WorkSlots:
    """The process's work slots: a semaphore that serves players' clicks first and AI moves last, and starves neither.

    Why: AI moves and timeouts wait for a slot in the same queue as clicks, so
    with tables of AIs playing in many channels a click waited behind their
    work (``bench.ai.load --trace``: a channel's turn took many times longer
    than with no AI tables).  A freed slot goes to a waiting click first.
    An AI's move, besides, starts only while no click holds a slot: run beside
    a click it took the event loop by turns with it (``bench.ai.load``: the
    click's answer is faster at the 99th percentile without that).  It waits a
    few milliseconds longer instead, behind its visible pause.  Never longer than
    :data:`AI_PATIENCE` (see there for the bound): then it is due.  Each line keeps
    its order of arrival.
    """

    def __init__(self, slots: int) -> None:
        self.free = slots
        self.players = 0  # slots held by players' clicks
        # each waiter: (its future, the kind of work it is), in the line of its kind, _RESUMING or _DUE
        self._waiting: tuple[deque[tuple[asyncio.Future[None], int]], ...] = tuple(deque() for _ in range(5))
        self._clicks_since_due = 0  # slots handed to clicks waiting in line since the last went to a due waiter

    def locked(self) -> bool:
        return self.free == 0

    async def acquire(self, kind: int = OTHER, *, resume: bool = False) -> None:
        """A slot for work of ``kind`` (:data:`PLAYER`, :data:`OTHER` or :data:`AI_MOVE`).

        ``resume``: a turn takes back the slot it lent (:func:`discord_request`); it goes first in line.
        """
        # (while a slot is free, only AI moves waiting for a quiet moment are in line: _dispatch saw to it)
        if self.free > 0 and (resume or kind != AI_MOVE or self.players == 0):
            self.free -= 1
            self.players += kind == PLAYER
            return
        loop = asyncio.get_running_loop()
        handed: asyncio.Future[None] = loop.create_future()
        self._waiting[_RESUMING if resume else kind].append((handed, kind))
        tired = None if resume or kind == PLAYER else loop.call_later(AI_PATIENCE, self._due, handed)
        try:
            await handed
        except BaseException:
            if handed.done() and not handed.cancelled():
                self.release(kind)  # handed a slot just as it was cancelled: the next in line has it
            else:
                self._forget(handed)
            raise
        finally:
            if tired is not None:
                tired.cancel()

    def release(self, kind: int = OTHER) -> None:
        self.players -= kind == PLAYER
        self.free += 1
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand free slots: resuming turns; clicks, a due waiter after DUE_SHARE of them; other work; quiet AI moves."""
        while self.free > 0:
            line = self._next_line()
            if line is None:
                return
            kind = self._hand(line)
            if kind is None:
                continue  # only cancelled waiters were left in that line
            self.free -= 1
            self.players += kind == PLAYER
            if line == _DUE:
                self._clicks_since_due = 0
            elif line == PLAYER:
                self._clicks_since_due += 1

    def _next_line(self) -> int | None:
        waiting = self._waiting
        if waiting[_RESUMING]:
            return _RESUMING
        if waiting[_DUE] and (not waiting[PLAYER] or self._clicks_since_due >= DUE_SHARE):
            return _DUE
        if waiting[PLAYER]:
            return PLAYER
        if waiting[OTHER]:
            return OTHER
        if waiting[AI_MOVE] and self.players == 0:
            return AI_MOVE
        return None

    def _due(self, handed: asyncio.Future[None]) -> None:
        """A waiter has waited :data:`AI_PATIENCE`: it moves to the due line (and takes a free slot, if any)."""
        if handed.done():
            return
        kind = self._forget(handed)
        if kind is None:
            return
        self._waiting[_DUE].append((handed, kind))
        self._dispatch()

    def _forget(self, handed: asyncio.Future[None]) -> int | None:
        """Take ``handed`` out of whichever line it is in; its kind (None if it was in none)."""
        for line in self._waiting:
            for item in line:
                if item[0] is handed:
                    line.remove(item)
                    return item[1]
        return None

    def _hand(self, line: int) -> int | None:
        """Hand a slot to the first live waiter of ``line``: its kind, or None if the line held none."""
        queue = self._waiting[line]
        while queue:
            handed, kind = queue.popleft()
            if not handed.done():
                handed.set_result(None)
                return kind
        return None


def _free_now(lock: asyncio.Lock) -> bool:
    """``lock.acquire()`` would take it without waiting: it is free and nobody is in line for it.

    (``locked()`` alone is False for a moment after a release, while the waiter woken for it has not run yet.)
    """
    waiters = getattr(lock, "_waiters", None) or ()
    return not lock.locked() and all(w.cancelled() for w in waiters)


class ChannelTurn:
    """A channel's turn to change: the channel's lock and one of the process's work slots.

    A click's turn (and other work's) takes the lock, then a slot, at click
    priority.  An AI's move takes the slot *first*, holding nothing: it may
    wait up to :data:`AI_PATIENCE` and more for it, and must not keep its
    channel's players out meanwhile (clicks in AI channels showed
    nothing for many seconds).  With its slot it takes the lock if nobody holds it or
    waits for it; otherwise it gives the slot back, waits in line for the lock,
    and then takes a slot first in line (one step of work away).  Code holding
    a slot never waits for a lock, so no order of turns deadlocks.

    Never nest two: a turn waiting for another channel's lock while holding
    a slot could wait forever for slots that only it can free.
    """

    __slots__ = ("_ai_move", "_holding_slot", "_kind", "_lock", "_owner", "_slots", "_token")

    def __init__(self, slots: WorkSlots, lock: asyncio.Lock, *, ai_move: bool = False) -> None:
        self._slots = slots
        self._lock = lock
        self._ai_move = ai_move
        self._kind = OTHER
        self._holding_slot = False
        self._token: object = None
        self._owner: asyncio.Task[object] | None = None  # the task inside the turn; None outside it

    def locked(self) -> bool:
        return self._lock.locked()

    def _leave_slot(self) -> None:
        if self._holding_slot:
            self._holding_slot = False
            self._slots.release(self._kind)

    async def _take_slot(self, *, resume: bool = False) -> None:
        if not self._holding_slot:
            await self._slots.acquire(self._kind, resume=resume)
            self._holding_slot = True
            if self._owner is None:  # the turn ended meanwhile (cancelled): give it straight back
                self._leave_slot()

    def lends_from(self, task: asyncio.Task[object] | None) -> bool:
        """Only the task inside the turn lends its slot (tasks it started inherit the context, not the slot)."""
        return self._holding_slot and task is not None and task is self._owner

    async def __aenter__(self) -> None:
        self._owner = asyncio.current_task()
        self._kind = PLAYER if _players_turn() else AI_MOVE if self._ai_move else OTHER
        locked = False
        try:
            if self._ai_move:
                await self._take_slot()  # holding no lock while it waits
                if not _free_now(self._lock):
                    self._leave_slot()  # someone is in the channel: wait for it with no slot held
                await self._lock.acquire()  # (at once, if the slot is still held)
                locked = True
                await self._take_slot(resume=True)
            else:
                await self._lock.acquire()
                locked = True
                await self._take_slot()
        except BaseException:
            self._owner = None
            self._leave_slot()
            if locked:
                self._lock.release()
            raise
        self._token = _current.set(self)

    async def __aexit__(self, *exc: object) -> None:
        _current.reset(self._token)  # type: ignore[arg-type]
        self._owner = None
        self._leave_slot()
        self._lock.release()


async def discord_request(request: Awaitable[T], patience: float = PATIENCE) -> T:
    """Await a request to Discord; if it is slow, lend the current turn's work slot meanwhile."""
    turn = _current.get()
    if turn is None or not turn.lends_from(asyncio.current_task()):
        return await request
    task = asyncio.ensure_future(request)
    try:
        done, _ = await asyncio.wait({task}, timeout=patience)
    except BaseException:
        task.cancel()
        raise
    if done:
        return task.result()
    return await _lending(turn, task)


async def elsewhere(work: Awaitable[T]) -> T:
    """Await work done outside this process (a worker's picture), lending the current turn's slot meanwhile.

    The slot caps what runs on the event loop; a turn waiting for another
    process uses none of it, and holding its slot would cap the whole bot at
    two channels' pictures at a time (bench.clicks.openloop: the clicks offered
    beyond that queued for seconds while the bot's own process idled).
    """
    turn = _current.get()
    if turn is None or not turn.lends_from(asyncio.current_task()):
        return await work
    return await _lending(turn, work)


async def _lending(turn: ChannelTurn, work: Awaitable[T]) -> T:
    """``work`` awaited with ``turn``'s slot lent to the next channel, and taken back before returning."""
    turn._leave_slot()
    try:
        return await work
    finally:
        await turn._take_slot(resume=True)  # first in line: the turn holds its channel's lock
