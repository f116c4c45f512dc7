"""SessionManager: the session layer's one public face, a thin facade over its parts.

The parts, one job each: :class:`~bot.core.sessions.table.Table` (live records,
locks, copy-then-commit), :class:`~bot.core.sessions.lobby.Lobby`,
:class:`~bot.core.sessions.play.Play` (moves), :class:`~bot.core.sessions.clock.Clock`
(deadlines, reminders, AFK), :class:`~bot.core.sessions.ai_seats.AiSeats`,
:class:`~bot.core.sessions.ending.Endings` (forfeits, resets, expiry) and
:mod:`~bot.core.sessions.announcing`.  Cogs, interactions, the presenter, privacy
and forwarding call only this class.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Any

from bot.core.sessions import announcing, prompts
from bot.core.sessions.ai_seats import AiSeats
from bot.core.sessions.base import Presenter, Settings
from bot.core.sessions.clock import Clock
from bot.core.sessions.ending import Endings
from bot.core.sessions.lobby import Lobby
from bot.core.sessions.play import Play
from bot.core.sessions.table import Table
from bot.core.store import SessionRecord, Store
from bot.core.turns import WORK_SLOTS
from bot.engine import Action


def _shared(name: str) -> Any:
    """An attribute of the shared table, readable and settable on the manager (tests swap the presenter)."""
    return property(lambda self: getattr(self.table, name), lambda self, value: setattr(self.table, name, value))


class SessionManager:
    def __init__(
        self,
        store: Store,
        presenter: Presenter,
        *,
        ai_delay: float = 1.0,
        turn_timeout: float = 120.0,
        pick_timeout: float = 30.0,
        afk_limit: int = 3,
        lobby_ttl: float = 15 * 60,
        idle_ttl: float = 24 * 3600,
        clock: Callable[[], float] = time.time,
        seed: int | None = None,
        work_slots: int = WORK_SLOTS,
        **more: Any,
    ) -> None:
        settings = Settings(ai_delay, turn_timeout, pick_timeout, afk_limit, lobby_ttl, idle_ttl, **more)
        self.table = Table(store, presenter, settings, clock=clock, work_slots=work_slots)
        # Seeds come from the OS unless a test asks for a reproducible sequence.
        seeds: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.play = Play(self.table)
        self.clock_ = Clock(self.table, self.play)
        self.ai = AiSeats(self.table, self.play)
        self.endings = Endings(self.table, self.ai.stop)
        self.lobby = Lobby(self.table, self.endings.end, seeds)
        self.endings.leave_lobby = self.lobby.leave_lobby
        self.table.schedule = self._schedule
        self.table.disarm = self.clock_.disarm
        t, lb, pl, en = self.table, self.lobby, self.play, self.endings
        self.lock, self.in_channel, self.by_id, self.live, self.spec = t.lock, t.in_channel, t.by_id, t.live, t.spec
        self.new_lobby, self.join, self.leave_lobby, self.add_ai = lb.new_lobby, lb.join, lb.leave_lobby, lb.add_ai
        self.start, self.cancel_lobby = lb.start, lb.cancel_lobby
        self.act, self.act_action = pl.act, pl.act_action
        self.leave_game, self.seat_left, self.reset, self.sweep = en.leave_game, en.seat_left, en.reset, en.sweep
        self.channel_gone, self.guild_gone = en.channel_gone, en.guild_gone
        self.expire, self.remind = self.clock_.expire, self.clock_.remind
        self.reachable_again = self.clock_.reachable_again

    # -- the parts' shared things, as the manager's attributes (older callers and tests read them) --

    store = _shared("store")
    presenter = _shared("presenter")
    clock = _shared("clock")
    settings = _shared("settings")
    _timers = property(lambda self: self.clock_.timers)

    @property
    def unreachable(self) -> Callable[[SessionRecord], bool]:
        """Is Discord unreachable for a session's server now (its turns' deadlines are then held)?"""
        return self.clock_.unreachable

    @unreachable.setter
    def unreachable(self, predicate: Callable[[SessionRecord], bool]) -> None:
        self.clock_.unreachable = predicate

    _reminders = property(lambda self: self.clock_.reminders)
    _ai_tasks = property(lambda self: self.ai.tasks)

    @property
    def ai_delay(self) -> float:
        return self.table.settings.ai_delay

    @ai_delay.setter
    def ai_delay(self, value: float) -> None:
        self.table.settings.ai_delay = value

    # -- start and stop ---------------------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Load every live session at start-up and re-arm its AI turns and timers.

        The cyclic GC is paused meanwhile: 10,000 sessions are over a million
        small containers, and each batch of them would trigger another full scan
        of all the earlier ones (half the restore time, bench/restore.py).  They
        are then frozen (``gc.freeze``) so that collections during play skip them.
        """
        collecting = gc.isenabled()
        gc.disable()
        try:
            records = await self.table.store.live_sessions()
            for record in records:
                self.table.remember(record)
            for record in records:
                if record.status == "active":
                    self._schedule(record)
        finally:
            if collecting:
                gc.enable()
        gc.freeze()
        return len(records)

    async def announce_missed_endings(self, window: float = announcing.LATE_ANNOUNCE_WINDOW) -> int:
        return await announcing.announce_missed_endings(self.table, window)

    async def close(self) -> None:
        self.table.closing = True
        await self.clock_.close()
        await self.ai.close()

    def _schedule(self, record: SessionRecord) -> None:
        """What a committed change sets going: the AI's turn, the deadline and its reminder."""
        if self.table.closing or record.status != "active" or record.state is None:
            return
        self.ai.schedule(record)
        self.clock_.arm(record)

    # -- what a seat may do now (read by the UI and tests) -------------------------------------------------------------

    def legal_for(self, record: SessionRecord, seat: int) -> list[Action]:
        return prompts.legal_for(self.spec(record), record, seat)

    @staticmethod
    def prompt_version(record: SessionRecord, seat: int) -> int:
        return prompts.prompt_version(record, seat)

    def waiting_humans(self, record: SessionRecord) -> list[int]:
        return prompts.waiting_humans(self.spec(record), record)

    def timeout_seconds(self, record: SessionRecord, waiting: list[int] | None = None) -> float:
        return prompts.timeout_seconds(self.spec(record), record, self.table.settings, waiting)

