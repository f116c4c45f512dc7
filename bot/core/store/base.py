"""The store's public methods, written once for SQLite and PostgreSQL.

Why: both backends hold the same rows and must behave alike (tests/store runs
one suite against both); only connection handling, commit paths and a few SQL
spellings differ, and those stay in ``sqlite.py``/``postgres.py``.  Every
method is a complete unit of work: a write has committed when it returns.
"""

from __future__ import annotations

import abc
import asyncio
import time
from typing import Any, ClassVar

from bot.core.store import rows, sql
from bot.core.store.backend import Connection
from bot.core.store.records import TUTORIAL, SeatRecord, SessionRecord
from bot.core.store.settings_reads import SettingsReads
from bot.core.store.topics.rating_standing import RatingStandingQueries
from bot.core.store.topics.ratings import RatingQueries
from bot.core.store.topics.reviews import ReviewQueries
from bot.core.store.topics.server_life import ServerLifeQueries
from bot.core.store.topics.slow import SlowQueries
from bot.runtime import metrics

PRUNE_BATCH = 500
"""Sessions pruned per transaction: a first prune of years of games must not hold the write lock for long."""


class LiveSessionExists(Exception):
    """The channel already has a lobby or a running game."""

    def __init__(self, session_id: int) -> None:
        super().__init__(session_id)
        self.session_id = session_id


class BaseStore(ServerLifeQueries, RatingQueries, RatingStandingQueries, SettingsReads, ReviewQueries, SlowQueries):
    """Sessions, seats, the action log, results and settings, over a backend's connections."""

    # How create_session tells "this channel already has a live session": a single writer looks
    # first (exact, and no constraint error to interpret); several writer processes cannot, so the
    # unique index referees and its refusal (``_LIVE_CONFLICT``) is turned into LiveSessionExists.
    _LOOK_BEFORE_INSERT: ClassVar[bool] = False
    _LIVE_CONFLICT: ClassVar[tuple[type[BaseException], ...]] = ()

    @abc.abstractmethod
    async def close(self) -> None:
        """Write what was accepted, then release the database."""

    @abc.abstractmethod
    async def _commit_move(self, action: tuple[Any, ...], record: SessionRecord) -> None:
        """Commit one move of a running game (action row + session row, ``status`` unchanged): the hot path."""

    # -- sessions -----------------------------------------------------------

    async def create_session(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        seed: int,
        options: dict[str, Any],
        locale: str,
        seats: list[SeatRecord],
        turn_timeout: float | None = None,
        pace: str | None = None,
        pace_turn: float | None = None,
    ) -> SessionRecord:
        """Insert a lobby with its first seats; ``turn_timeout`` is the server's timer the game keeps, ``pace`` and
        ``pace_turn`` the pace and slow turn length it starts with (a rematch keeps the old game's)."""
        now = time.time()
        new: dict[str, Any] = {
            "game": game,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "seed": seed,
            "options": options,
            "locale": locale,
            "turn_timeout": turn_timeout,
            "pace": pace,
            "pace_turn": pace_turn,
        }
        try:
            async with self._transaction() as con:
                if self._LOOK_BEFORE_INSERT:
                    existing = await con.fetchval(sql.LIVE_IN_CHANNEL, (channel_id,))
                    if existing is not None:
                        raise LiveSessionExists(existing)
                session_id = await con.insert_returning_id(sql.INSERT_SESSION, rows.new_session_params(**new, now=now))
                record = rows.new_session_record(session_id, **new, seats=seats, now=now)
                await self._write_seats(con, record)
        except self._LIVE_CONFLICT:  # the one-live-session-per-channel index
            async with self._reading() as con:
                existing = await con.fetchval(sql.LIVE_IN_CHANNEL, (channel_id,))
            raise LiveSessionExists(existing) from None
        return record

    async def save(self, record: SessionRecord) -> None:
        """Write the whole session (row and seats) in one transaction."""
        record.updated_at = time.time()
        async with self._transaction() as con:
            await self._write_session(con, record)
            await self._write_seats(con, record)

    async def commit_action(
        self,
        record: SessionRecord,
        *,
        seat: int,
        user_id: int | None,
        payload: dict[str, Any],
        result: dict[str, Any] | None = None,
        seats: bool = False,
    ) -> None:
        """Append one accepted action and the state it produced, atomically.

        Called *before* anything announces the move: once this returns, the move
        survives a crash.  ``seats``: the move changed a seat too (a timeout
        counted, a seat handed to the AI or taken back), written in the same
        transaction; the fast path writes the session row only.
        """
        now = time.time()
        record.updated_at = now
        action = rows.action_row(record, seat, user_id, payload, now)
        started = time.perf_counter()
        if result is None and record.status == "active" and not seats:  # most moves: the backend's fast path
            await self._commit_move(action, record)
        else:
            async with self._transaction() as con:
                await con.execute(sql.INSERT_ACTION, action)
                await self._write_session(con, record)
                if seats:
                    await self._write_seats(con, record)
                if result is not None:
                    await self._write_result(con, record, result)  # this move ended the game
        # every accepted move passes here once, committed (the operators' moves/s and commit time)
        metrics.move_committed(record.game, user_id is None, time.perf_counter() - started)

    async def finish(self, record: SessionRecord, result: dict[str, Any] | None = None) -> None:
        """Store a session's end (status already set on the record) and its result, if any."""
        record.ended_at = record.ended_at or time.time()
        record.updated_at = record.ended_at
        async with self._transaction() as con:
            await self._write_session(con, record)
            if result is not None:
                await self._write_result(con, record, result)

    async def set_board_message(self, record: SessionRecord, message_id: int | None) -> None:
        record.board_message_id = message_id
        async with self._writing() as con:
            await con.execute(sql.SET_BOARD_MESSAGE, (message_id, record.id))

    async def set_moments_message(self, record: SessionRecord, message_id: int | None) -> None:
        """The message below the board that the game's moments share, kept so that a restart edits it too."""
        record.moments_message_id = message_id
        async with self._writing() as con:
            await con.execute(sql.SET_MOMENTS_MESSAGE, (message_id, record.id))

    async def set_dm(self, record: SessionRecord, seat: SeatRecord) -> None:
        async with self._writing() as con:
            await con.execute(
                sql.SET_DM, (seat.dm_channel_id, seat.dm_message_id, int(seat.dm_closed), record.id, seat.seat)
            )

    async def mark_announced(self, record: SessionRecord) -> None:
        """Record that a session's end was shown (final board and closing line posted).

        Its own small write, never part of ``sql.UPDATE_SESSION``: no later save of
        the record can clear it, and a move's commit stays as it is.
        """
        record.announced_at = time.time()
        async with self._writing() as con:
            await con.execute(sql.SET_ANNOUNCED, (record.announced_at, record.id))

    async def unannounced_endings(self, since: float) -> list[tuple[SessionRecord, dict[str, Any] | None]]:
        """Sessions that ended at or after ``since`` but whose end was never shown, with their stored result.

        A crash between the commit of a game's end and its announcement leaves
        these; the bot shows them once at start-up.  Oldest first; only this
        process's shards' sessions when it runs only some.
        """
        mine, params = self._shard_filter()
        async with self._reading() as con:
            out = []
            for row in await con.fetch(sql.UNANNOUNCED.format(mine=mine), (since, *params)):
                record = rows.session_from_row(row)
                record.seats = [rows.seat_from_row(r) for r in await con.fetch(sql.SEATS_OF_SESSION, (record.id,))]
                raw = await con.fetchval(sql.RESULT_OF_SESSION, (record.id,))
                out.append((record, rows.loads(raw) if raw else None))
        return out

    async def live_sessions(self) -> list[SessionRecord]:
        """Every lobby and running game — of this process's shards when it runs only some."""
        mine, params = self._shard_filter()
        async with self._reading() as con:
            found = await con.fetch(sql.LIVE_SESSIONS.format(mine=mine), params)
            records = {row["id"]: rows.session_from_row(row) for row in found}
            if records:
                for row in await con.fetch(sql.LIVE_SEATS.format(mine=mine), params):  # one query for all seats
                    records[row["session_id"]].seats.append(rows.seat_from_row(row))
        return list(records.values())

    async def get_session(self, session_id: int) -> SessionRecord | None:
        async with self._reading() as con:
            row = await con.fetchrow(sql.SESSION_BY_ID, (session_id,))
            if row is None:
                return None
            record = rows.session_from_row(row)
            record.seats = [rows.seat_from_row(r) for r in await con.fetch(sql.SEATS_OF_SESSION, (session_id,))]
        return record

    async def actions(self, session_id: int) -> list[dict[str, Any]]:
        async with self._reading() as con:
            return [rows.action_from_row(r) for r in await con.fetch(sql.ACTIONS_OF_SESSION, (session_id,))]

    async def results(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        query, params = sql.RESULTS, ()
        if guild_id is not None:
            query, params = query + " WHERE guild_id=?", (guild_id,)
        async with self._reading() as con:
            return [rows.result_from_row(r) for r in await con.fetch(query + " ORDER BY finished_at", params)]

    # -- retention --------------------------------------------------------------------------------------------

    async def prune_history(self, ended_before: float, *, batch: int = PRUNE_BATCH) -> int:
        """Drop the moves of games that ended before ``ended_before``; how many sessions were pruned.

        Why: the action log and the state/log/prompts of a finished game are
        what a replay needs, and most of its bytes; kept forever they are most
        of a long-running bot's database.  Live sessions are never touched
        (only ended ones match), nor are seats, results and participants, so
        history, stats and leaderboards stay whole; ``pruned_at`` marks the
        session so ``/game replay`` can say why it has nothing to show.

        ``batch`` sessions per transaction, with the event loop let through in
        between: moves queued behind the write lock wait for one batch at most.
        SQLite reuses the freed pages for later rows, so the file stops growing
        instead of shrinking, and no VACUUM (which would rewrite the whole file
        under an exclusive lock) is needed.  Only this process's shards' sessions:
        shard processes sharing PostgreSQL each prune their own.
        """
        pruned = 0
        while True:
            done = await self._prune_batch(ended_before, batch)
            pruned += done
            if done < batch:
                return pruned
            await asyncio.sleep(0)  # let waiting moves take the write lock between batches

    async def _prune_batch(self, ended_before: float, batch: int) -> int:
        """Prune up to ``batch`` of the oldest prunable sessions in one transaction; how many it pruned."""
        mine, params = self._shard_filter()
        async with self._transaction() as con:
            found = await con.fetch(sql.PRUNABLE.format(mine=mine), (ended_before, *params, batch))
            ids = [row[0] for row in found]
            if ids:
                in_ids = sql.id_list(len(ids))
                await con.execute(sql.PRUNE_ACTIONS.format(ids=in_ids), ids)
                await self._prune_reviews(con, ids, in_ids)  # a review goes with the moves it judged
                await con.execute(sql.PRUNE_SESSIONS.format(ids=in_ids), (time.time(), *ids))
        return len(ids)

    # -- guild settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._reading() as con:
            raw = await con.fetchval(sql.GUILD_SETTINGS, (guild_id,))
        return rows.loads(raw) if raw else {}

    async def set_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        async with self._writing() as con:
            await con.execute(sql.SET_GUILD_SETTINGS, (guild_id, rows.dumps(data)))

    async def moderator_roles(self) -> dict[int, int]:
        """guild id -> moderator role id, for every server that set one (loaded at start-up)."""
        async with self._reading() as con:
            return {int(r[0]): int(r[1]) for r in await con.fetch(self.dialect.moderator_roles)}

    # -- writes inside the caller's transaction ---------------------------------

    @staticmethod
    async def _write_session(con: Connection, r: SessionRecord) -> None:
        await con.execute(sql.UPDATE_SESSION, rows.session_params(r))

    @staticmethod
    async def _write_seats(con: Connection, r: SessionRecord) -> None:
        await con.execute(sql.DELETE_SEATS, (r.id,))
        await con.executemany(sql.INSERT_SEAT, rows.seat_rows(r))

    async def _write_result(self, con: Connection, r: SessionRecord, result: dict[str, Any]) -> None:
        """The result, one stats row per human seat of it (``participants``) and its ratings, with the same time."""
        if r.options.get(TUTORIAL):  # a guided first game: no result kept, so neither stats nor ratings see it
            return
        await self._lock_ratings(con, r.guild_id, r.game)
        now = time.time()
        await con.execute(self.dialect.upsert_result, (r.id, r.game, r.guild_id, rows.dumps(result), now))
        await con.execute(sql.DELETE_PARTICIPANTS, (r.id,))
        await con.executemany(sql.INSERT_PARTICIPANT, rows.participant_rows(r, result, now))
        await self._rate_result(con, r.id, r.game, r.guild_id, result, now)  # live with the result, never apart
