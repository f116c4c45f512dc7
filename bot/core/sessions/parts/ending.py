"""Ends and departures: forfeits, seats handed to the AI, moderator resets, expiry of idle sessions.

Every end is built on a draft and saved before the session leaves memory: a
failed save keeps it live and playable (and answers ``not_saved``), instead
of a channel that memory calls free while the database still holds its game.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.core import ai
from bot.core.sessions import drafts, prompts
from bot.core.sessions.base import Player, SessionError
from bot.core.sessions.table import Table, log
from bot.core.slow import pace
from bot.core.store import CHANNEL_GONE, SessionRecord
from bot.engine import Event, Result

LeaveLobby = Callable[[int, Player], Awaitable[SessionRecord]]


class Endings:
    def __init__(self, table: Table, stop_ai: Callable[[int], None]) -> None:
        self.table = table
        self.stop_ai = stop_ai
        self.leave_lobby: LeaveLobby | None = None  # set by the manager (the lobby part needs end() first)

    async def end(
        self,
        record: SessionRecord,
        status: str,
        *,
        ended_by: int | None,
        reason: str,
        result: Result | None = None,
        draft: SessionRecord | None = None,
    ) -> SessionRecord:
        """End a live session (caller holds its lock); ``draft`` carries a change made on the way (a leave)."""
        t = self.table
        d = draft if draft is not None else drafts.draft(record)
        d.status = status
        d.ended_by = ended_by
        d.end_reason = reason
        d.ended_at = t.clock()
        d.deadline = None
        result_json = t.result_json(d, result) if result is not None else None

        async def write(d: SessionRecord) -> None:
            await t.store.finish(d, result_json)

        await t.commit(record, d, write, "the end")
        t.forget(record)
        self.stop_ai(record.id)
        await t.announce(record, "the end", t.presenter.session_ended(record, result))
        return record

    async def leave_game(
        self, channel_id: int, player: Player, *, forget: bool = False, kicked_by: int | None = None
    ) -> SessionRecord:
        """Forfeit: a 2-seat game ends with the other player winning; otherwise an AI takes the seat.

        ``forget`` (/game forget-me): the seat also loses the player's name
        (``player.name`` is the anonymous one) and the host role passes on,
        in the same save, so neither stays in memory nor in the database.
        ``kicked_by``: the moderator who took the player out (``/game kick``):
        the table and the player are told so, not that they left, nor that a
        move takes the seat back (only a timed-out player's does).
        """
        t = self.table
        record = t.in_channel(channel_id)
        if record is None:
            raise SessionError("no_session")
        if record.status == "lobby":
            assert self.leave_lobby is not None
            return await self.leave_lobby(record.id, player)
        async with t.lock(channel_id):
            seat = record.seat_of(player.user_id)
            if seat is None:
                raise SessionError("not_a_player")
            if len(record.seats) == 2:
                result = Result(winners=(1 - seat,), scores=(0.0, 0.0), reason="forfeit")
                why = "forfeit" if kicked_by is None else "kicked"  # the result post says which
                return await self.end(record, "finished", ended_by=player.user_id, reason=why, result=result)
            d = drafts.draft(record)
            s = d.seats[seat]
            s.user_id = None  # they left: unlike a timed-out player, they cannot take the seat back
            s.ai_level = ai.DEFAULT_LEVEL
            s.left_by = None if forget else player.user_id  # rated last at the end (forget-me: not kept)
            if forget:
                s.name = player.name
                if d.host_id == player.user_id:
                    humans = [x.user_id for x in d.seats if x.user_id is not None]
                    d.host_id = humans[0] if humans else 0
            prompts.refresh_deadline(t.spec(d), d, t.settings, t.clock())
            await t.commit(record, d, t.store.save, "a seat change")
            kind = "seat_left" if kicked_by is None else "seat_kicked"
            changed = t.presenter.game_changed(record, [Event(kind, {"seat": seat})])
            await t.announce(record, "a seat change", changed)
            t.schedule(record)
            return record

    async def seat_left(self, guild_id: int, user_id: int) -> int:
        """A member left the server (or was kicked from the game): their seats go to AI, never a soft-lock."""
        count = 0
        for record in [r for r in self.table.live() if r.guild_id == guild_id and r.seat_of(user_id) is not None]:
            try:
                await self.leave_game(record.channel_id, Player(user_id, ""))
                count += 1
            except SessionError:
                continue
        return count

    async def channel_gone(self, channel_id: int) -> bool:
        """The channel was deleted, or Kado was removed from its server: its game ends there.

        Left live, its timers and AI seats would go on playing moves that no
        board can show (every post answers 404), and the players' DMs would keep
        buttons for a game nobody sees, until the idle sweep a day later.  The
        end is recorded as abandoned (a lobby as cancelled) with the reason
        :data:`CHANNEL_GONE`, which the presenter shows in the DMs alone.
        """
        t = self.table
        record = t.in_channel(channel_id)
        if record is None:
            return False
        async with t.lock(channel_id):
            if t.in_channel(channel_id) is not record:
                return False  # ended meanwhile
            status = "cancelled" if record.status == "lobby" else "abandoned"
            await self.end(record, status, ended_by=None, reason=CHANNEL_GONE)
        return True

    async def guild_gone(self, guild_id: int) -> int:
        """Kado was removed from a server: every game there ends, as in :meth:`channel_gone`."""
        ended = 0
        for record in [r for r in self.table.live() if r.guild_id == guild_id]:
            ended += await self.channel_gone(record.channel_id)
        return ended

    async def reset(self, channel_id: int, by_user: int) -> SessionRecord:
        """End whatever runs in the channel (moderator action); the channel is free again."""
        t = self.table
        record = t.in_channel(channel_id)
        if record is None:
            raise SessionError("no_session")
        async with t.lock(channel_id):
            status = "cancelled" if record.status == "lobby" else "abandoned"
            return await self.end(record, status, ended_by=by_user, reason="reset")

    async def sweep(self) -> int:
        """End lobbies nobody touched for ``lobby_ttl`` and games no human moved in for ``idle_ttl``.

        Recorded as abandoned (reason ``expired``) so a forgotten game never
        blocks a channel.  One that cannot be saved now stays live and the
        next sweep tries again.
        """
        t = self.table
        now = t.clock()
        ended = 0
        for record in t.live():
            if record.status == "lobby":
                stale = now - record.updated_at > t.settings.lobby_ttl
            else:
                idle = pace.idle_seconds(record.pace, t.settings.idle_ttl, record.pace_turn, record.turn_timeout)
                stale = now - (record.last_human_at or record.created_at) > idle
            if not stale:
                continue
            async with t.lock(record.channel_id):
                if t.by_id(record.id) is not record:
                    continue
                status = "cancelled" if record.status == "lobby" else "abandoned"
                try:
                    await self.end(record, status, ended_by=None, reason="expired")
                except SessionError:
                    log.warning("session %s expired but could not be ended now; next sweep", record.id)
                    continue
                ended += 1
        return ended
