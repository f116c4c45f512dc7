"""Channel sessions: one lock per channel; load → engine.apply → commit → announce.

This module decides *what happens*; it knows no Discord.  The interaction
layer calls it with plain ids, and it reports every change to a
:class:`Presenter` (the Discord side) only after the change is committed, so a
crash between the two loses an announcement, never a move.

Buttons are checked against *prompt versions*: each seat's prompt version is
the session version at which that seat's list of legal actions last changed.
A button carries (session id, prompt version, action index), so a click is
stale exactly when the choices it was drawn for are no longer the seat's
choices, while another player's simultaneous pick does not invalidate it.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from bot import ai
from bot.engine import Action, Event, Result, RuleError
from bot.games import GameSpec, get
from bot.store import LiveSessionExists, SeatRecord, SessionRecord, Store
from bot.turns import WORK_SLOTS, ChannelTurn

log = logging.getLogger(__name__)

LOG_KEEP = 12  # public log lines kept on the board
EXPIRE_RETRY = 30.0  # seconds before a timeout move whose save failed is tried again

LATE_ANNOUNCE_WINDOW = 24 * 3600
"""How old an end may be and still be announced after a crash (seconds).

A crash between the commit of a game's end and its announcement leaves a
board with dead buttons and no result line; the next start shows them (see
:meth:`SessionManager.announce_missed_endings`).  A day covers any restart an
operator would make, while an end older than that is history (``/game
history`` has it) rather than news: posting it into a channel that has moved
on would only confuse.  It also bounds the start-up work should many ends go
unannounced (a long outage of Discord).  Not ``IDLE_TTL``: that setting says
how long a *live* game may sit unplayed, which has nothing to do with this.
"""


class SessionError(Exception):
    """A request the session refuses; ``code`` is an i18n key under ``error.``."""

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


def _digest(actions: list[Action]) -> str:
    raw = json.dumps(actions, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.blake2b(raw, digest_size=8).hexdigest()


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
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.ai_delay = ai_delay
        self.turn_timeout = turn_timeout
        self.pick_timeout = pick_timeout
        self.afk_limit = afk_limit
        self.lobby_ttl = lobby_ttl
        self.idle_ttl = idle_ttl
        self.clock = clock
        self._by_channel: dict[int, SessionRecord] = {}
        self._by_id: dict[int, SessionRecord] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._slots = asyncio.Semaphore(work_slots)
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._reminders: dict[int, asyncio.TimerHandle] = {}
        self._timer_tasks: set[asyncio.Task[None]] = set()
        self._closing = False
        # Seeds come from the OS unless a test asks for a reproducible sequence.
        self._seeds: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()

    # -- lookup ---------------------------------------------------------------

    def lock(self, channel_id: int) -> ChannelTurn:
        """A channel's turn to change: one of the process's work slots, then the channel's lock.

        Never nest two: a holder waiting for another channel could wait for a
        slot that only it can free.
        """
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return ChannelTurn(self._slots, lock)

    def in_channel(self, channel_id: int) -> SessionRecord | None:
        return self._by_channel.get(channel_id)

    def by_id(self, session_id: int) -> SessionRecord | None:
        return self._by_id.get(session_id)

    def live(self) -> list[SessionRecord]:
        return list(self._by_id.values())

    def spec(self, record: SessionRecord) -> GameSpec:
        return get(record.game)

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
            records = await self.store.live_sessions()
            for record in records:
                self._remember(record)
            for record in records:
                if record.status == "active":
                    self._schedule(record)
        finally:
            if collecting:
                gc.enable()
        gc.freeze()
        return len(records)

    async def announce_missed_endings(self, window: float = LATE_ANNOUNCE_WINDOW) -> int:
        """Show, once, every end of the last ``window`` seconds that a crash kept from being shown.

        The end of a session (a game's last move, a forfeit, a reset, an expiry,
        a cancelled lobby) is committed before the presenter shows it, so a crash
        in between left its board with buttons that only answer "this game has
        ended" and no result line.  Such sessions are not live, so :meth:`restore`
        skips them; here each goes through the presenter's end-of-game path
        exactly as when it ended (final board, closing line), which marks it
        announced when done (``Store.mark_announced``), so a later start shows
        it no more.  Call after :meth:`restore`; returns how many were shown.
        """
        endings = await self.store.unannounced_endings(self.clock() - window)
        shown = 0
        for record, stored in endings:
            result = None
            if stored is not None:
                result = Result(tuple(stored["winners"]), tuple(stored["scores"]), stored.get("reason", ""))
            async with self.lock(record.channel_id):
                try:
                    await self.presenter.session_ended(record, result)
                    shown += 1
                except Exception:
                    log.exception("could not announce the end of session %s", record.id)
        log.info("announced %d session ends a crash had left unannounced", shown)
        return shown

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run a timer's job as a task we can cancel on shutdown (not a fire-and-forget one)."""
        if self._closing:
            job.close()
            return
        task = asyncio.get_running_loop().create_task(job)
        self._timer_tasks.add(task)
        task.add_done_callback(self._timer_tasks.discard)

    async def close(self) -> None:
        self._closing = True
        for handle in [*self._timers.values(), *self._reminders.values()]:
            handle.cancel()
        running = list(self._timer_tasks)
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        tasks = list(self._ai_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _remember(self, record: SessionRecord) -> None:
        self._by_channel[record.channel_id] = record
        self._by_id[record.id] = record

    def _forget(self, record: SessionRecord) -> None:
        if self._by_channel.get(record.channel_id) is record:
            del self._by_channel[record.channel_id]
        self._by_id.pop(record.id, None)
        for timers in (self._timers, self._reminders):
            handle = timers.pop(record.id, None)
            if handle:
                handle.cancel()

    # -- lobby ----------------------------------------------------------------

    async def new_lobby(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host: Player,
        locale: str,
        options: dict[str, Any] | None = None,
        turn_timeout: float | None = None,
    ) -> SessionRecord:
        """Open a lobby; the game will keep these options and this turn timer even if the server changes them."""
        spec = get(game)
        try:
            resolved = spec.resolve_options(options)
        except ValueError as exc:
            raise SessionError("bad_option", detail=str(exc)) from None
        async with self.lock(channel_id):
            existing = self._by_channel.get(channel_id)
            if existing is not None:
                raise SessionError("channel_busy", game=existing.game, session=existing.id)
            try:
                record = await self.store.create_session(
                    game=game,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host.user_id,
                    seed=self._seeds.getrandbits(62),
                    options=resolved,
                    locale=locale,
                    seats=[SeatRecord(seat=0, name=host.name, user_id=host.user_id, locale=host.locale)],
                )
            except LiveSessionExists as exc:
                raise SessionError("channel_busy", game=game, session=exc.session_id) from None
            if turn_timeout:
                record.turn_timeout = float(turn_timeout)
                await self.store.save(record)
            self._remember(record)
            await self._announce(record, "the lobby", self.presenter.lobby_changed(record))
            return record

    async def join(self, session_id: int, player: Player) -> SessionRecord:
        record = self._live_lobby(session_id)
        async with self.lock(record.channel_id):
            self._require_lobby(record)
            if record.seat_of(player.user_id) is not None:
                raise SessionError("already_joined")
            if len(record.seats) >= self.spec(record).max_seats:
                raise SessionError("lobby_full")
            record.seats.append(
                SeatRecord(seat=len(record.seats), name=player.name, user_id=player.user_id, locale=player.locale)
            )
            await self.store.save(record)
            await self._announce(record, "the lobby", self.presenter.lobby_changed(record))
            return record

    async def leave_lobby(self, session_id: int, player: Player) -> SessionRecord:
        record = self._live_lobby(session_id)
        async with self.lock(record.channel_id):
            self._require_lobby(record)
            seat = record.seat_of(player.user_id)
            if seat is None:
                raise SessionError("not_in_lobby")
            del record.seats[seat]
            self._renumber(record)
            if not record.humans():
                return await self._end(record, "cancelled", ended_by=player.user_id, reason="empty")
            if record.host_id == player.user_id:
                record.host_id = record.humans()[0].user_id or record.host_id
            await self.store.save(record)
            await self._announce(record, "the lobby", self.presenter.lobby_changed(record))
            return record

    async def add_ai(self, session_id: int, player: Player, level: str = ai.DEFAULT_LEVEL) -> SessionRecord:
        record = self._live_lobby(session_id)
        if level not in ai.LEVELS:
            raise SessionError("bad_ai_level")
        async with self.lock(record.channel_id):
            self._require_lobby(record)
            self._require_host(record, player)
            if len(record.seats) >= self.spec(record).max_seats:
                raise SessionError("lobby_full")
            self._add_ai_seat(record, level)
            await self.store.save(record)
            await self._announce(record, "the lobby", self.presenter.lobby_changed(record))
            return record

    async def start(
        self, session_id: int, player: Player, *, fill_level: str | None = ai.DEFAULT_LEVEL
    ) -> SessionRecord:
        """Start the game; empty seats up to the minimum are filled with AIs of ``fill_level``.

        ``fill_level`` is the server's allowed level (/game settings ai); ``None``
        when it allows no AI, and then the players alone must reach the minimum.
        """
        record = self._live_lobby(session_id)
        async with self.lock(record.channel_id):
            self._require_lobby(record)
            self._require_host(record, player)
            spec = self.spec(record)
            if fill_level is None and len(record.seats) < spec.min_seats:
                raise SessionError("need_players", min=spec.min_seats)
            while len(record.seats) < spec.min_seats:
                self._add_ai_seat(record, fill_level or ai.DEFAULT_LEVEL)
            record.state = spec.rules.new(len(record.seats), record.seed, record.options)
            record.status = "active"
            record.version = 0
            self._refresh_prompts(record)
            self._refresh_deadline(record)
            await self.store.save(record)
            await self._announce(record, "the start", self.presenter.game_changed(record, []))
            self._schedule(record)
            return record

    async def cancel_lobby(self, session_id: int, player: Player, *, moderator: bool = False) -> SessionRecord:
        record = self._live_lobby(session_id)
        async with self.lock(record.channel_id):
            self._require_lobby(record)
            if not moderator:
                self._require_host(record, player)
            return await self._end(record, "cancelled", ended_by=player.user_id, reason="cancelled")

    # -- play -------------------------------------------------------------------

    def legal_for(self, record: SessionRecord, seat: int) -> list[Action]:
        if record.status != "active" or record.state is None:
            return []
        try:
            return list(self.spec(record).rules.legal(record.state, seat))
        except RuleError:
            return []

    def prompt_version(self, record: SessionRecord, seat: int) -> int:
        entry = record.prompts.get(str(seat))
        return int(entry[0]) if entry else 0

    async def act(self, session_id: int, user_id: int, prompt_version: int, index: int) -> SessionRecord:
        """Apply the action a button stands for, if it is still that player's choice."""
        record = self._by_id.get(session_id)
        if record is None:
            raise SessionError("session_over")
        async with self.lock(record.channel_id):
            if record.status == "lobby":
                raise SessionError("not_started")
            if record.status != "active" or self._by_id.get(session_id) is not record:
                raise SessionError("session_over")
            seat = record.seat_of(user_id)
            if seat is None:
                raise SessionError("not_a_player")
            legal = self.legal_for(record, seat)
            if not legal:
                raise SessionError("not_your_turn")
            # An AFK seat (AI standing in) is still this player's: their click is judged like any
            # other, and only an accepted one gives the seat back (in _apply), so a refusal changes nothing.
            if prompt_version != self.prompt_version(record, seat) or not 0 <= index < len(legal):
                raise SessionError("stale_button")
            await self._apply(record, seat, user_id, legal[index])
            return record

    async def act_action(self, channel_id: int, user_id: int, action: Action) -> SessionRecord:
        """Apply a move named by a command (not a button), if it is one of that player's choices now."""
        record = self._by_channel.get(channel_id)
        if record is None:
            raise SessionError("no_session")
        async with self.lock(channel_id):
            if record.status != "active":
                raise SessionError("not_started")
            seat = record.seat_of(user_id)
            if seat is None:
                raise SessionError("not_a_player")
            legal = self.legal_for(record, seat)
            if not legal:
                raise SessionError("not_your_turn")
            if action not in legal:
                raise SessionError("not_now")
            await self._apply(record, seat, user_id, action)
            return record

    async def _apply(
        self,
        record: SessionRecord,
        seat: int,
        user_id: int | None,
        action: Action,
        extra_events: list[Event] | None = None,
    ) -> None:
        """The one path every accepted move takes.  Caller holds the channel lock.

        ``extra_events`` are the platform's own notices (a timeout, a seat handed
        to the AI) shown with the move.
        """
        spec = self.spec(record)
        assert record.state is not None
        try:
            transition = spec.rules.apply(record.state, seat, action)
        except RuleError as exc:
            raise SessionError("rule", rule_code=exc.code, game=record.game) from None
        mover = record.seats[seat]
        previous = (
            record.state,
            record.version,
            dict(record.prompts),
            list(record.log),
            record.deadline,
            record.reminded,
        )
        seat_before = (mover.ai_level, mover.timeouts, record.last_human_at)
        record.state = transition.state
        if user_id is not None:
            # The player moved: an AFK seat is theirs again (the AI task sees it under the lock and stands down).
            mover.ai_level = None
            mover.timeouts = 0
            record.last_human_at = self.clock()
        record.version += 1
        events = [*(extra_events or []), *transition.events]
        record.log = (record.log + [e.to_json() for e in events if e.to is None])[-LOG_KEEP:]
        result = spec.rules.result(record.state)
        if result is not None:
            record.status = "finished"
            record.ended_at = self.clock()
            record.end_reason = result.reason or "finished"
            record.deadline = None
        else:
            self._refresh_prompts(record)
            self._refresh_deadline(record)
        try:
            await self.store.commit_action(
                record,
                seat=seat,
                user_id=user_id,
                payload=action,
                result=self._result_json(record, result) if result else None,
            )
        except BaseException:
            record.state, record.version, record.prompts, record.log, record.deadline, record.reminded = previous
            mover.ai_level, mover.timeouts, record.last_human_at = seat_before
            record.status = "active"
            raise
        # Committed: from here on, only announcing, and it cannot undo or stall the move.
        if result is not None:
            self._forget(record)
            await self._announce(record, "a move", self.presenter.game_changed(record, events))
            await self._announce(record, "the end", self.presenter.session_ended(record, result))
        else:
            await self._announce(record, "a move", self.presenter.game_changed(record, events))
            self._schedule(record)

    async def _announce(self, record: SessionRecord, what: str, showing: Awaitable[None]) -> None:
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

    def _result_json(self, record: SessionRecord, result: Result) -> dict[str, Any]:
        data = result.to_json()
        data["seats"] = [{"user_id": s.user_id, "name": s.name, "ai": s.ai_level} for s in record.seats]
        return data

    def _refresh_prompts(self, record: SessionRecord) -> None:
        for seat in range(len(record.seats)):
            digest = _digest(self.legal_for(record, seat))
            entry = record.prompts.get(str(seat))
            if entry is None or entry[1] != digest:
                record.prompts[str(seat)] = [record.version, digest]

    def waiting_humans(self, record: SessionRecord) -> list[int]:
        if record.status != "active" or record.state is None:
            return []
        to_act = self.spec(record).rules.to_act(record.state)
        return [s for s in to_act if not record.seats[s].is_ai]

    def _refresh_deadline(self, record: SessionRecord) -> None:
        """Start a new timer when a waiting human's choices are new; keep it otherwise.

        One deadline per session covers everyone it waits for: a simultaneous
        pick keeps its timer while players answer one by one.
        """
        waiting = self.waiting_humans(record)
        if not waiting:
            record.deadline = None
            return
        fresh = any(self.prompt_version(record, s) == record.version for s in waiting)
        if record.deadline is None or fresh:
            record.deadline = self.clock() + self.timeout_seconds(record, waiting)
            record.reminded = False

    def timeout_seconds(self, record: SessionRecord, waiting: list[int] | None = None) -> float:
        """How long the current choice may take: the rule's reaction time, a hidden pick, or a turn."""
        spec = self.spec(record)
        assert record.state is not None
        waiting = self.waiting_humans(record) if waiting is None else waiting
        if any(spec.rules.timeout_action(record.state, s) is not None for s in waiting):
            return spec.reaction_timeout(record.options)
        if len(spec.rules.to_act(record.state)) > 1:
            return self.pick_timeout
        return record.turn_timeout or self.turn_timeout

    # -- AI and timers ------------------------------------------------------------

    def _schedule(self, record: SessionRecord) -> None:
        if self._closing or record.status != "active" or record.state is None:
            return
        to_act = self.spec(record).rules.to_act(record.state)
        if any(record.seats[s].is_ai for s in to_act):
            task = self._ai_tasks.get(record.id)
            if task is None or task.done():
                self._ai_tasks[record.id] = asyncio.get_running_loop().create_task(self._run_ai(record.id))
        self._arm_timer(record)

    def _arm_timer(self, record: SessionRecord) -> None:
        """(Re)arm the deadline and its half-time reminder from the stored deadline.

        Deadlines live in the database, not in ``asyncio.sleep``: after a restart
        :meth:`restore` calls this and an overdue deadline fires at once.
        """
        for timers in (self._timers, self._reminders):
            handle = timers.pop(record.id, None)
            if handle:
                handle.cancel()
        deadline = record.deadline
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        now = self.clock()
        self._timers[record.id] = loop.call_later(
            max(0.0, deadline - now), lambda: self._spawn(self.expire(record.id, deadline))
        )
        if not record.reminded and record.state is not None:
            remind_at = deadline - self.timeout_seconds(record) / 2
            if remind_at > now:
                self._reminders[record.id] = loop.call_later(
                    remind_at - now, lambda: self._spawn(self.remind(record.id, deadline))
                )

    async def remind(self, session_id: int, deadline: float) -> None:
        record = self._by_id.get(session_id)
        if record is None or record.deadline != deadline or record.reminded:
            return
        async with self.lock(record.channel_id):
            if record.deadline != deadline or record.status != "active":
                return
            record.reminded = True
            await self.store.save(record)
            await self._announce(record, "a reminder", self.presenter.remind(record, self.waiting_humans(record)))

    async def _run_ai(self, session_id: int) -> None:
        """Play AI seats one move at a time, with a visible pause, until a human must act."""
        try:
            while not self._closing:
                record = self._by_id.get(session_id)
                if record is None or record.status != "active" or record.state is None:
                    return
                spec = self.spec(record)
                ai_seats = [s for s in spec.rules.to_act(record.state) if record.seats[s].is_ai]
                if not ai_seats:
                    return
                await asyncio.sleep(self.ai_delay)
                if self._by_id.get(session_id) is not record or record.status != "active" or record.state is None:
                    return
                seat = next((s for s in spec.rules.to_act(record.state) if record.seats[s].is_ai), None)
                if seat is None:
                    return
                # Think outside the channel's turn (states are never mutated, so this one stays
                # as it is): a strong AI's second of search holds no work slot and no lock.
                state, version, prompt = record.state, record.version, self.prompt_version(record, seat)
                level = record.seats[seat].ai_level or ai.DEFAULT_LEVEL
                action = await asyncio.to_thread(
                    ai.choose, spec, state, seat, level, record.seed ^ (version * 7919 + seat)
                )
                async with self.lock(record.channel_id):
                    if self._by_id.get(session_id) is not record or record.status != "active":
                        return
                    if self.prompt_version(record, seat) != prompt or not record.seats[seat].is_ai:
                        continue  # its choices changed meanwhile (or a player took the seat back): look again
                    await self._apply(record, seat, None, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI turn failed in session %s", session_id)

    async def expire(self, session_id: int, deadline: float | None) -> None:
        """A deadline passed: every waiting human gets the rule's default or a normal-AI move."""
        record = self._by_id.get(session_id)
        if record is None or deadline is None:
            return
        async with self.lock(record.channel_id):
            if record.status != "active" or record.deadline != deadline or record.state is None:
                return
            spec = self.spec(record)
            for seat in self.waiting_humans(record):
                if record.status != "active" or record.state is None:
                    break
                if seat not in spec.rules.to_act(record.state):
                    continue
                action = spec.rules.timeout_action(record.state, seat)
                if action is None:
                    action = ai.choose(spec, record.state, seat, ai.DEFAULT_LEVEL, record.seed ^ record.version)
                s = record.seats[seat]
                before = (s.timeouts, s.ai_level)
                s.timeouts += 1
                events: list[Event] = [Event("timed_out", {"seat": seat})]
                if s.timeouts >= self.afk_limit:
                    s.ai_level = ai.DEFAULT_LEVEL  # for good, until the player moves again
                    events.append(Event("seat_to_ai", {"seat": seat, "afk": True}))
                try:
                    await self._apply(record, seat, None, action, extra_events=events)
                except SessionError:
                    s.timeouts, s.ai_level = before
                    log.exception("timeout action refused in session %s", session_id)
                except Exception:  # not saved (the database refused or failed): nothing of it happened
                    s.timeouts, s.ai_level = before
                    log.exception("timeout move of session %s not saved; trying again in %.0f s", session_id,
                                  EXPIRE_RETRY)
                    self._retry_expire(record, deadline)
                    return

    def _retry_expire(self, record: SessionRecord, deadline: float) -> None:
        """Fire the same deadline again later: without it a failed save would leave the game waiting forever.

        The move was rolled back, so the record still holds ``deadline`` and the
        retry passes :meth:`expire`'s checks unless someone moved meanwhile.
        """
        handle = self._timers.pop(record.id, None)
        if handle:
            handle.cancel()
        self._timers[record.id] = asyncio.get_running_loop().call_later(
            EXPIRE_RETRY, lambda: self._spawn(self.expire(record.id, deadline))
        )

    # -- leaving and moderation ------------------------------------------------------

    async def leave_game(self, channel_id: int, player: Player) -> SessionRecord:
        """Forfeit: a 2-seat game ends with the other player winning; otherwise an AI takes the seat."""
        record = self._by_channel.get(channel_id)
        if record is None:
            raise SessionError("no_session")
        if record.status == "lobby":
            return await self.leave_lobby(record.id, player)
        async with self.lock(channel_id):
            seat = record.seat_of(player.user_id)
            if seat is None:
                raise SessionError("not_a_player")
            if len(record.seats) == 2:
                other = 1 - seat
                result = Result(winners=(other,), scores=(0.0, 0.0), reason="forfeit")
                record.status = "finished"
                record.end_reason = "forfeit"
                record.ended_by = player.user_id
                await self._end(record, "finished", ended_by=player.user_id, reason="forfeit", result=result)
                return record
            s = record.seats[seat]
            s.user_id = None  # they left: unlike a timed-out player, they cannot take the seat back
            s.ai_level = ai.DEFAULT_LEVEL
            self._refresh_deadline(record)
            await self.store.save(record)
            changed = self.presenter.game_changed(record, [Event("seat_to_ai", {"seat": seat})])
            await self._announce(record, "a seat change", changed)
            self._schedule(record)
            return record

    async def seat_left(self, guild_id: int, user_id: int) -> int:
        """A member left the server (or was kicked from the game): their seats go to AI, never a soft-lock."""
        count = 0
        for record in [r for r in self._by_id.values() if r.guild_id == guild_id and r.seat_of(user_id) is not None]:
            try:
                await self.leave_game(record.channel_id, Player(user_id, ""))
                count += 1
            except SessionError:
                continue
        return count

    async def sweep(self) -> int:
        """End lobbies nobody touched for ``lobby_ttl`` and games no human moved in for ``idle_ttl``.

        Recorded as abandoned (reason ``expired``) so a forgotten game never blocks a channel.
        """
        now = self.clock()
        ended = 0
        for record in list(self._by_id.values()):
            if record.status == "lobby":
                stale = now - record.updated_at > self.lobby_ttl
            else:
                stale = now - (record.last_human_at or record.created_at) > self.idle_ttl
            if not stale:
                continue
            async with self.lock(record.channel_id):
                if self._by_id.get(record.id) is record:
                    status = "cancelled" if record.status == "lobby" else "abandoned"
                    await self._end(record, status, ended_by=None, reason="expired")
                    ended += 1
        return ended

    async def reset(self, channel_id: int, by_user: int) -> SessionRecord:
        """End whatever runs in the channel (moderator action); the channel is free again."""
        record = self._by_channel.get(channel_id)
        if record is None:
            raise SessionError("no_session")
        async with self.lock(channel_id):
            status = "cancelled" if record.status == "lobby" else "abandoned"
            return await self._end(record, status, ended_by=by_user, reason="reset")

    async def _end(
        self,
        record: SessionRecord,
        status: str,
        *,
        ended_by: int | None,
        reason: str,
        result: Result | None = None,
    ) -> SessionRecord:
        record.status = status
        record.ended_by = ended_by
        record.end_reason = reason
        record.ended_at = self.clock()
        record.deadline = None
        await self.store.finish(record, self._result_json(record, result) if result else None)
        self._forget(record)
        task = self._ai_tasks.pop(record.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        await self._announce(record, "the end", self.presenter.session_ended(record, result))
        return record

    # -- guards -------------------------------------------------------------------

    def _live_lobby(self, session_id: int) -> SessionRecord:
        record = self._by_id.get(session_id)
        if record is None:
            raise SessionError("session_over")
        return record

    @staticmethod
    def _require_lobby(record: SessionRecord) -> None:
        if record.status != "lobby":
            raise SessionError("already_started" if record.status == "active" else "session_over")

    @staticmethod
    def _require_host(record: SessionRecord, player: Player) -> None:
        if record.host_id != player.user_id:
            raise SessionError("host_only")

    @staticmethod
    def _add_ai_seat(record: SessionRecord, level: str) -> None:
        n = sum(1 for s in record.seats if s.is_ai) + 1
        record.seats.append(SeatRecord(seat=len(record.seats), name=f"AI {n}", ai_level=level, locale=record.locale))

    @staticmethod
    def _renumber(record: SessionRecord) -> None:
        for i, seat in enumerate(record.seats):
            seat.seat = i
