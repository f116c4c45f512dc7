"""Lobbies: open one, join, leave, add an AI, start the game, cancel.

Each change is built on a draft and saved before it is live (see
:mod:`bot.core.sessions.drafts`); a failed save answers ``not_saved`` and leaves
the lobby as it was.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core import ai
from bot.core.games import get
from bot.core.sessions import drafts, prompts
from bot.core.sessions.base import Player, SessionError
from bot.core.sessions.table import Table, log
from bot.core.slow import pace as pace_of
from bot.core.store import LiveSessionExists, SeatRecord, SessionRecord

End = Callable[..., Awaitable[SessionRecord]]  # bot.core.sessions.parts.ending.Endings.end


class Lobby:
    def __init__(self, table: Table, end: End, seeds: random.Random) -> None:
        self.table = table
        self.end = end
        self.seeds = seeds

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
        """Open a lobby; the game will keep these options and this turn timer even if the server changes them.

        One insert holds both: a lobby saved without its timer (a second write
        that failed) would hold the channel while memory knew nothing of it.
        """
        t = self.table
        spec = get(game)
        try:
            resolved = spec.resolve_options(options)
        except ValueError as exc:
            raise SessionError("bad_option", detail=str(exc)) from None
        async with t.lock(channel_id):
            existing = t.in_channel(channel_id)
            if existing is not None:
                raise SessionError("channel_busy", game=existing.game, session=existing.id)
            try:
                record = await t.store.create_session(
                    game=game,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host.user_id,
                    seed=self.seeds.getrandbits(62),
                    options=resolved,
                    locale=locale,
                    seats=[SeatRecord(seat=0, name=host.name, user_id=host.user_id, locale=host.locale)],
                    turn_timeout=float(turn_timeout) if turn_timeout else None,
                    pace=pace_of.normal(pace),
                    pace_turn=pace_turn if pace_of.is_slow(pace) else None,
                )
            except LiveSessionExists as exc:
                raise SessionError("channel_busy", game=game, session=exc.session_id) from None
            except Exception as exc:
                log.error("could not save a new lobby in channel %s", channel_id, exc_info=True)
                raise SessionError("not_saved") from exc
            t.remember(record)
            await t.announce(record, "the lobby", t.presenter.lobby_changed(record))
            return record

    async def join(self, session_id: int, player: Player) -> SessionRecord:
        """Seat a player in a lobby; refused when they sit there already or it is full."""
        t = self.table
        record = self.live_lobby(session_id)
        async with t.lock(record.channel_id):
            require_lobby(record)
            if record.seat_of(player.user_id) is not None:
                raise SessionError("already_joined")
            if len(record.seats) >= t.spec(record).max_seats:
                raise SessionError("lobby_full")
            d = drafts.draft(record)
            d.seats.append(SeatRecord(seat=len(d.seats), name=player.name, user_id=player.user_id,
                                      locale=player.locale))
            await self._save(record, d, "a join")
            return record

    async def leave_lobby(self, session_id: int, player: Player) -> SessionRecord:
        """Take a player out of a lobby: with no human left it is cancelled, and a
        leaving host hands it to the next human."""
        t = self.table
        record = self.live_lobby(session_id)
        async with t.lock(record.channel_id):
            require_lobby(record)
            seat = record.seat_of(player.user_id)
            if seat is None:
                raise SessionError("not_in_lobby")
            d = drafts.draft(record)
            del d.seats[seat]
            for i, s in enumerate(d.seats):
                s.seat = i
            if not d.humans():
                return await self.end(record, "cancelled", ended_by=player.user_id, reason="empty", draft=d)
            if d.host_id == player.user_id:
                d.host_id = d.humans()[0].user_id or d.host_id
            await self._save(record, d, "a leave")
            return record

    async def add_ai(self, session_id: int, player: Player, level: str = ai.DEFAULT_LEVEL) -> SessionRecord:
        """The host seats an AI of ``level`` in a free seat (the caller has checked
        that the server allows that level)."""
        t = self.table
        record = self.live_lobby(session_id)
        if level not in ai.LEVELS:
            raise SessionError("bad_ai_level")
        async with t.lock(record.channel_id):
            require_lobby(record)
            require_host(record, player)
            if len(record.seats) >= t.spec(record).max_seats:
                raise SessionError("lobby_full")
            d = drafts.draft(record)
            add_ai_seat(d, level)
            await self._save(record, d, "an added AI")
            return record

    async def set_pace(self, session_id: int, player: Player, pace: str | None = None) -> SessionRecord:
        """The host picks the game's pace (``None``: the next one in the cycle); refused once the game started."""
        t = self.table
        record = self.live_lobby(session_id)
        async with t.lock(record.channel_id):
            require_lobby(record)
            require_host(record, player)
            d = drafts.draft(record)
            pick = (pace_of.normal(pace), None) if pace else pace_of.next_choice(d.pace, d.pace_turn, d.turn_timeout)
            d.pace, d.pace_turn = pick  # the pace and, when slow, the host's hours or days a turn
            await self._save(record, d, "a pace")
            return record

    async def start(
        self, session_id: int, player: Player, *, fill_level: str | None = ai.DEFAULT_LEVEL
    ) -> SessionRecord:
        """Start the game; empty seats up to the minimum are filled with AIs of ``fill_level``.

        ``fill_level`` is the server's allowed level (/game settings ai); ``None``
        when it allows no AI, and then the players alone must reach the minimum.
        """
        t = self.table
        record = self.live_lobby(session_id)
        async with t.lock(record.channel_id):
            require_lobby(record)
            require_host(record, player)
            spec = t.spec(record)
            if fill_level is None and len(record.seats) < spec.min_seats:
                raise SessionError("need_players", min=spec.min_seats)
            d = drafts.draft(record)
            while len(d.seats) < spec.min_seats:
                add_ai_seat(d, fill_level or ai.DEFAULT_LEVEL)
            d.state = spec.rules.new(len(d.seats), d.seed, d.options)
            d.status = "active"
            d.version = 0
            prompts.refresh_prompts(spec, d)
            prompts.refresh_deadline(spec, d, t.settings, t.clock())
            await t.commit(record, d, t.store.save, "the start")
            await t.announce(record, "the start", t.presenter.game_changed(record, []))
            t.schedule(record)
            return record

    async def cancel_lobby(self, session_id: int, player: Player, *, moderator: bool = False) -> SessionRecord:
        """Close a lobby: its host may, a moderator (``moderator=True``) may; nobody else."""
        record = self.live_lobby(session_id)
        async with self.table.lock(record.channel_id):
            require_lobby(record)
            if not moderator:
                require_host(record, player)
            return await self.end(record, "cancelled", ended_by=player.user_id, reason="cancelled")

    async def _save(self, record: SessionRecord, d: SessionRecord, what: str) -> None:
        t = self.table
        await t.commit(record, d, t.store.save, what)
        await t.announce(record, "the lobby", t.presenter.lobby_changed(record))

    def live_lobby(self, session_id: int) -> SessionRecord:
        """The live session ``session_id``; "session over" when it is gone (callers then check it is a lobby still)."""
        record = self.table.by_id(session_id)
        if record is None:
            raise SessionError("session_over")
        return record


def require_lobby(record: SessionRecord) -> None:
    """Refuse a change meant for a lobby once its game has started or ended."""
    if record.status != "lobby":
        raise SessionError("already_started" if record.status == "active" else "session_over")


def require_host(record: SessionRecord, player: Player) -> None:
    """Refuse a host's action (start, add an AI) to anyone else."""
    if record.host_id != player.user_id:
        raise SessionError("host_only")


def add_ai_seat(record: SessionRecord, level: str) -> None:
    """A lobby's next free seat given to an AI of ``level``."""
    n = sum(1 for s in record.seats if s.is_ai) + 1
    record.seats.append(SeatRecord(seat=len(record.seats), name=f"AI {n}", ai_level=level, locale=record.locale))
