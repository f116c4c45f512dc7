"""SessionManager: the session layer's one public face, a thin facade over its parts.

The parts, one job each: :class:`~bot.core.sessions.table.Table` (live records,
locks, copy-then-commit), :class:`~bot.core.sessions.parts.lobby.Lobby`,
:class:`~bot.core.sessions.parts.play.Play` (moves), :class:`~bot.core.sessions.parts.clock.Clock`
(deadlines, reminders, AFK), :class:`~bot.core.sessions.parts.ai_seats.AiSeats`,
:class:`~bot.core.sessions.parts.ending.Endings` (forfeits, resets, expiry) and
:mod:`~bot.core.sessions.parts.announcing`.  Cogs, interactions, the presenter, privacy
and forwarding call only this class.  Each operation is a method here that
calls its part's, with the same signature, so a reader's go-to-definition
lands on a line that names the part (the parts themselves are attributes:
``table``, ``lobby``, ``play``, ``clock_``, ``ai``, ``endings``).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Any

from bot.core import ai
from bot.core.sessions import prompts
from bot.core.sessions.base import Answer, Player, Presenter, Settings
from bot.core.sessions.parts import absence, announcing
from bot.core.sessions.parts.absence import Absences
from bot.core.sessions.parts.ai_seats import AiSeats
from bot.core.sessions.parts.clock import Clock
from bot.core.sessions.parts.ending import Endings
from bot.core.sessions.parts.lobby import Lobby
from bot.core.sessions.parts.play import Play
from bot.core.sessions.table import Table
from bot.core.store import SessionRecord, Store
from bot.core.turns import WORK_SLOTS, ChannelTurn
from bot.engine import Action
from bot.gamefacts import Game


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
        self.absences = Absences(self.table, self.clock_.arm)  # /game away, /game ai-for
        self.clock_.absences = self.absences
        self.endings.leave_lobby = self.lobby.leave_lobby
        self.table.schedule.parts = [self.ai.schedule, self.clock_.arm]
        self.table.disarm = self.clock_.disarm

    # -- the parts' operations: each a plain call a reader (and go-to-definition) can follow into its part ------------

    def lock(self, channel_id: int, *, ai_move: bool = False) -> ChannelTurn:
        """A channel's turn to change (:meth:`Table.lock <bot.core.sessions.table.Table.lock>`)."""
        return self.table.lock(channel_id, ai_move=ai_move)

    def in_channel(self, channel_id: int) -> SessionRecord | None:
        """The live session of a channel, if any (:meth:`Table.in_channel`)."""
        return self.table.in_channel(channel_id)

    def by_id(self, session_id: int) -> SessionRecord | None:
        """A live session by id (:meth:`Table.by_id`)."""
        return self.table.by_id(session_id)

    def live(self) -> list[SessionRecord]:
        """Every live session (:meth:`Table.live`)."""
        return self.table.live()

    @staticmethod
    def spec(record: SessionRecord) -> Game:
        """The game a session plays (:meth:`Table.spec`)."""
        return Table.spec(record)

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
        pace: str | None = None,
        pace_turn: float | None = None,
    ) -> SessionRecord:
        """Open a lobby (:meth:`Lobby.new_lobby <bot.core.sessions.parts.lobby.Lobby.new_lobby>`)."""
        return await self.lobby.new_lobby(
            game,
            guild_id=guild_id,
            channel_id=channel_id,
            host=host,
            locale=locale,
            options=options,
            turn_timeout=turn_timeout,
            pace=pace,
            pace_turn=pace_turn,
        )

    async def set_pace(self, session_id: int, player: Player, pace: str | None = None) -> SessionRecord:
        """The host picks the game's pace (:meth:`Lobby.set_pace`)."""
        return await self.lobby.set_pace(session_id, player, pace)

    async def join(self, session_id: int, player: Player) -> SessionRecord:
        """A player takes a lobby seat (:meth:`Lobby.join`)."""
        return await self.lobby.join(session_id, player)

    async def leave_lobby(self, session_id: int, player: Player) -> SessionRecord:
        """A player leaves a lobby (:meth:`Lobby.leave_lobby`)."""
        return await self.lobby.leave_lobby(session_id, player)

    async def add_ai(self, session_id: int, player: Player, level: str = ai.DEFAULT_LEVEL) -> SessionRecord:
        """The host seats an AI (:meth:`Lobby.add_ai`)."""
        return await self.lobby.add_ai(session_id, player, level)

    async def start(
        self, session_id: int, player: Player, *, fill_level: str | None = ai.DEFAULT_LEVEL
    ) -> SessionRecord:
        """The host starts the game (:meth:`Lobby.start`)."""
        return await self.lobby.start(session_id, player, fill_level=fill_level)

    async def cancel_lobby(self, session_id: int, player: Player, *, moderator: bool = False) -> SessionRecord:
        """The host or a moderator closes a lobby (:meth:`Lobby.cancel_lobby`)."""
        return await self.lobby.cancel_lobby(session_id, player, moderator=moderator)

    async def act(
        self, session_id: int, user_id: int, prompt_version: int, index: int, answer: Answer | None = None
    ) -> SessionRecord:
        """A button's move (:meth:`Play.act <bot.core.sessions.parts.play.Play.act>`); ``answer``: the click's."""
        return await self.play.act(session_id, user_id, prompt_version, index, answer)

    async def act_action(self, channel_id: int, user_id: int, action: Action) -> SessionRecord:
        """A command's move, named by its action (:meth:`Play.act_action`)."""
        return await self.play.act_action(channel_id, user_id, action)

    async def leave_game(
        self, channel_id: int, player: Player, *, forget: bool = False, kicked_by: int | None = None
    ) -> SessionRecord:
        """A player leaves a game under way (:meth:`Endings.leave_game <bot.core.sessions.parts.ending.Endings>`)."""
        return await self.endings.leave_game(channel_id, player, forget=forget, kicked_by=kicked_by)

    async def seat_left(self, guild_id: int, user_id: int) -> int:
        """A member left the server: their seats go to the AI (:meth:`Endings.seat_left`)."""
        return await self.endings.seat_left(guild_id, user_id)

    async def reset(self, channel_id: int, by_user: int) -> SessionRecord:
        """A moderator ends a channel's game or lobby (:meth:`Endings.reset`)."""
        return await self.endings.reset(channel_id, by_user)

    async def sweep(self) -> int:
        """End untouched lobbies and idle games (:meth:`Endings.sweep`)."""
        return await self.endings.sweep()

    async def channel_gone(self, channel_id: int) -> bool:
        """A channel was deleted: its game ends (:meth:`Endings.channel_gone`)."""
        return await self.endings.channel_gone(channel_id)

    async def guild_gone(self, guild_id: int) -> int:
        """The bot left a server: its games end (:meth:`Endings.guild_gone`)."""
        return await self.endings.guild_gone(guild_id)

    async def expire(self, session_id: int, deadline: float | None) -> None:
        """A turn's time ran out (:meth:`Clock.expire <bot.core.sessions.parts.clock.Clock.expire>`)."""
        await self.clock_.expire(session_id, deadline)

    async def remind(self, session_id: int, deadline: float) -> None:
        """A turn's reminder falls due (:meth:`Clock.remind`)."""
        await self.clock_.remind(session_id, deadline)

    async def reachable_again(self) -> int:
        """Discord is back: held deadlines restart (:meth:`Clock.reachable_again`)."""
        return await self.clock_.reachable_again()

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
        """Seconds an AI seat waits before it moves, so that players can follow its turn (tests set 0)."""
        return self.table.settings.ai_delay

    @ai_delay.setter
    def ai_delay(self, value: float) -> None:
        """Seconds an AI seat waits before it moves, so that players can follow its turn (tests set 0)."""
        self.table.settings.ai_delay = value

    # -- start and stop ---------------------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Load every live session at start-up and re-arm its AI turns and timers.

        The cyclic GC is paused meanwhile: 10,000 sessions are over a million
        small containers, and each batch of them would trigger another full scan
        of all the earlier ones (half the restore time, bench/store/restore.py).  They
        are then frozen (``gc.freeze``) so that collections during play skip them.
        """
        collecting = gc.isenabled()
        gc.disable()
        try:
            records = await self.table.store.live_sessions()
            absence.remember(await self.table.store.absences(self.table.clock()))  # who said they are away
            for record in records:
                self.table.remember(record)
            for record in records:
                if record.status == "active":
                    self.table.schedule(record)
        finally:
            if collecting:
                gc.enable()
        gc.freeze()
        return len(records)

    async def announce_missed_endings(self, window: float = announcing.LATE_ANNOUNCE_WINDOW) -> int:
        """Show the endings a crash cut off before they were announced (committed but never shown)."""
        return await announcing.announce_missed_endings(self.table, window)

    async def close(self) -> None:
        """Stop arming timers and AI turns, then cancel those armed: the process is shutting down."""
        self.table.closing = True
        await self.clock_.close()
        await self.ai.close()

    # -- what a seat may do now (read by the UI and tests) -------------------------------------------------------------

    def legal_for(self, record: SessionRecord, seat: int) -> list[Action]:
        """The actions ``seat`` may take now, as its buttons list them (empty when it is not asked)."""
        return prompts.legal_for(self.spec(record), record, seat)

    @staticmethod
    def prompt_version(record: SessionRecord, seat: int) -> int:
        """The version a seat's buttons carry: a click with an older one is out of date."""
        return prompts.prompt_version(record, seat)

    def waiting_humans(self, record: SessionRecord) -> list[int]:
        """The human seats the game is waiting for now (whose timer runs, whom a notice pings)."""
        return prompts.waiting_humans(self.spec(record), record)

    def timeout_seconds(self, record: SessionRecord, waiting: list[int] | None = None) -> float:
        """How long the seats waited for have: the turn, pick or reaction timer that applies now."""
        return prompts.timeout_seconds(self.spec(record), record, self.table.settings, waiting)

