"""Deadlines: the half-time reminder, the timeout move, AFK hand-over, and retries of failed saves.

Deadlines live in the database, not in ``asyncio.sleep``: after a restart the
manager re-arms them from the stored records and an overdue one fires at once
(in the bot, it is then held until the gateway is connected: see below).

A deadline that comes while Discord is unreachable for its session (the
bot's gateway connection down, or not up yet: no click can reach it) is held, not played:
the player was not slow, Discord was away.  When the connection is back, each
held turn starts again with a full timer (:meth:`Clock.reachable_again`).
Without it an outage of a few minutes would hand every waiting player's seat
to the AI (three timeouts in a row, ``AFK_LIMIT``) in every game at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from bot.core import ai
from bot.core import settings as server_settings
from bot.core.sessions import drafts, prompts
from bot.core.sessions.base import SessionError
from bot.core.sessions.parts.play import Play
from bot.core.sessions.table import Table, log
from bot.core.slow import pace
from bot.core.store import SessionRecord
from bot.engine import Event
from bot.runtime import detached

MAX_TIMEOUT_STEPS = 50
"""Sub-steps a timed-out turn may take before the rest is left to the next deadline (none needs 10)."""


class Clock:
    def __init__(self, table: Table, play: Play) -> None:
        self.table = table
        self.play = play
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.reminders: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.unreachable: Callable[[SessionRecord], bool] = lambda record: False
        """Is Discord unreachable for this session's server now?  The app sets it (bot.frontend.gateway.outages)."""
        self.held: dict[int, float] = {}  # session id -> its deadline that came while Discord was unreachable
        self.absences: Any = None  # bot.core.sessions.parts.absence.Absences, set by the manager

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run a timer's job as a task we can cancel on shutdown (not a fire-and-forget one)."""
        if self.table.closing:
            job.close()
            return
        task = detached.create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def disarm(self, record: SessionRecord) -> None:
        for timers in (self.timers, self.reminders):
            handle = timers.pop(record.id, None)
            if handle:
                handle.cancel()

    def arm(self, record: SessionRecord) -> None:
        """(Re)arm the deadline and its half-time reminder from the record's deadline."""
        self.disarm(record)
        deadline = record.deadline
        if deadline is None:
            return
        now = self.table.clock()
        self.timers[record.id] = detached.call_later(
            max(0.0, deadline - now), lambda: self._spawn(self.expire(record.id, deadline))
        )
        if not record.reminded and record.state is not None:
            spec = self.table.spec(record)
            remind_at = deadline - prompts.timeout_seconds(spec, record, self.table.settings) / 2
            if remind_at > now:
                self.reminders[record.id] = detached.call_later(
                    remind_at - now, lambda: self._spawn(self.remind(record.id, deadline))
                )

    async def close(self) -> None:
        for handle in [*self.timers.values(), *self.reminders.values()]:
            handle.cancel()
        running = list(self._tasks)
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)

    async def remind(self, session_id: int, deadline: float) -> None:
        t = self.table
        record = t.by_id(session_id)
        if record is None or record.deadline != deadline or record.reminded:
            return
        async with t.lock(record.channel_id):
            if record.deadline != deadline or record.status != "active":
                return
            d = drafts.draft(record)
            d.reminded = True
            try:
                await t.commit(record, d, t.store.save, "a reminder")
            except SessionError:
                return  # not saved: no ping either (a reminder is a courtesy; the deadline itself still fires)
            waiting = prompts.turn_humans(t.spec(record), record)  # a reaction window is nobody's turn to remind
            await t.announce(record, "a reminder", t.presenter.remind(record, waiting))

    async def expire(self, session_id: int, deadline: float | None) -> None:
        """A deadline passed: every waiting human gets the rule's default or a normal-AI move.

        Only a seat's own turn counts as a timeout (:meth:`_timed_out`); a
        reaction window (``prompts.is_reaction``) closes on its rule's default
        answer quietly, and a choice in someone else's turn
        (``prompts.is_own_turn``) is answered quietly too.
        """
        t = self.table
        record = t.by_id(session_id)
        if record is None or deadline is None:
            return
        async with t.lock(record.channel_id):
            if record.status != "active" or record.deadline != deadline or record.state is None:
                return
            if self.unreachable(record):
                self.held[record.id] = deadline
                log.info("session %s: its deadline came while Discord was unreachable; held", session_id)
                return
            if self.absences is not None and await self.absences.wait_out(record):
                return  # an away player's own turn: it waits for them (bot.core.sessions.parts.absence)
            spec = t.spec(record)
            for seat in prompts.waiting_humans(spec, record):
                try:
                    await self._finish_turn(record, seat)
                except SessionError as exc:
                    if exc.code != "not_saved":
                        log.exception("timeout action refused in session %s", session_id)
                        continue
                    self._retry(record, deadline)
                    return
                except Exception:  # a bug on the way: try again later rather than leave the game waiting
                    log.exception("timeout move of session %s failed", session_id)
                    self._retry(record, deadline)
                    return

    async def reachable_again(self) -> int:
        """Give each held turn whose server Discord reaches again a full timer from now; how many restarted.

        A turn someone played meanwhile (an AI seat, a click that came
        through) is simply dropped from the held ones.  The new deadline is
        saved, then shown (the board and the DMs name it).
        """
        t = self.table
        restarted = 0
        for session_id, deadline in list(self.held.items()):
            record = t.by_id(session_id)
            if record is not None and self.unreachable(record):
                continue  # still away: held until its server is reachable
            if self.held.pop(session_id, None) is None or record is None:
                continue  # restarted meanwhile by another call, or the session is gone
            async with t.lock(record.channel_id):
                if record.status != "active" or record.deadline != deadline or record.state is None:
                    continue
                spec = t.spec(record)
                waiting = prompts.waiting_humans(spec, record)
                if not waiting:
                    continue
                d = drafts.draft(record)
                d.deadline = t.clock() + prompts.timeout_seconds(spec, record, t.settings, waiting)
                d.reminded = False
                try:
                    await t.commit(record, d, t.store.save, "a turn restarted after an outage")
                except SessionError:  # not saved: held still, and tried again in a while
                    self.held[session_id] = deadline
                    self._restart_later()
                    continue
                self.arm(record)
                restarted += 1
                await t.announce(record, "a turn restarted after an outage", t.presenter.game_changed(record, []))
        return restarted

    def _restart_later(self) -> None:
        async def restart() -> None:
            await self.reachable_again()

        detached.call_later(self.table.settings.retry_delay, lambda: self._spawn(restart()))

    async def _finish_turn(self, record: SessionRecord, seat: int) -> None:
        """Play ``seat``'s whole turn for them: the rule's default or the normal AI, sub-step after sub-step.

        A timed-out turn is one timeout, however many clicks it takes (play
        Steal, pick a target, discard…): moving one sub-step and waiting again
        would make one absent player cost the table a full timer per sub-step.
        The first sub-step counts the timeout; the turn ends when the seat is
        no longer to act, or is asked in a reaction window (bounded, in case a
        game offered moves forever).  A reaction window's expiry is one answer,
        the rule's default, and counts nothing.

        A choice in someone else's turn (``prompts.is_own_turn`` false: an
        Eminit receiver's acquired Supply) is answered the same way, sub-step
        after sub-step, but counts no strike and posts nothing (see
        :func:`prompts.is_own_turn` for why), and ends where the seat's own
        turn would begin: that turn gets its full time.
        """
        spec = self.table.spec(record)
        reacting = prompts.is_reaction(spec, record, seat)
        own = not reacting and prompts.is_own_turn(spec, record, seat)
        for step in range(MAX_TIMEOUT_STEPS):
            if record.status != "active" or record.state is None or seat not in spec.rules.to_act(record.state):
                return
            if step and record.seats[seat].ai_level is not None:
                return  # handed to the AI by this timeout: its own turns take over from here
            if step and (reacting or prompts.is_reaction(spec, record, seat)):
                # A window takes one answer, and the turn or window that follows it is the player's
                # own, with its full time: without this, the flip that follows an expired contest
                # (or the contest a timed-out flip opens) was played for the seat at once.
                return
            if step and prompts.is_own_turn(spec, record, seat) != own:
                return  # the choice in another's turn is answered; the seat's own turn that follows has its time
            action = spec.rules.timeout_action(record.state, seat)
            if action is None:
                action = ai.choose(spec, record.state, seat, ai.DEFAULT_LEVEL, record.seed ^ record.version)
            # a reaction window's silence is the rule's answer, and a choice outside one's own turn is no
            # turn to be AFK on: no timeout counted, nothing posted
            quiet = step or not own
            adjust = None if quiet else self._timed_out(seat, await self._afk_limit(record))
            await self.play.apply(record, seat, None, action, adjust=adjust)

    async def _afk_limit(self, record: SessionRecord) -> int:
        """Timeouts in a row that hand a seat to the AI: ``AFK_LIMIT``, or in a slow game its server's setting."""
        if not pace.is_slow(record.pace):
            return self.table.settings.afk_limit
        data = await self.table.store.guild_settings(record.guild_id) if record.guild_id else {}
        count = server_settings.read(data).afk_limit_slow  # None: the bot's own default
        return self.table.settings.afk_limit_slow if count is None else count

    def _timed_out(self, seat: int, limit: int) -> Any:
        """The draft edit of a timeout move: count it; at the AFK limit the seat goes to the AI."""

        def adjust(d: SessionRecord) -> list[Event]:
            s = d.seats[seat]
            s.timeouts += 1
            events = [Event("timed_out", {"seat": seat})]
            if s.timeouts >= limit:
                s.ai_level = ai.DEFAULT_LEVEL  # for good, until the player moves again
                events.append(Event("seat_to_ai", {"seat": seat, "afk": True}))
            return events

        return adjust

    def _retry(self, record: SessionRecord, deadline: float) -> None:
        """Fire the same deadline again later: without it a failed save would leave the game waiting forever.

        Nothing of the move is in memory, so the record still holds ``deadline``
        and the retry passes :meth:`expire`'s checks unless someone moved meanwhile.
        """
        delay = self.table.settings.retry_delay
        log.warning("timeout move of session %s not saved; trying again in %.0f s", record.id, delay)
        handle = self.timers.pop(record.id, None)
        if handle:
            handle.cancel()
        self.timers[record.id] = detached.call_later(
            delay, lambda: self._spawn(self.expire(record.id, deadline))
        )
