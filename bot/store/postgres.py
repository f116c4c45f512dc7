"""PostgreSQL persistence (asyncpg) behind the same methods as the SQLite :class:`~bot.store.Store`.

Why: one SQLite file serves one bot process.  A bot in more than ~2,500
servers must shard, and several shard processes (docs/deploy.md) need one
database they can all reach; PostgreSQL is that database.  Sessions are
channel-scoped and a channel belongs to one shard, so each process still
writes only its own sessions; the database's unique "one live session per
channel" index stays the referee.

Selected by ``DATABASE_URL=postgresql://…`` (``bot.app``); SQLite stays the
default.  Install with ``pip install -e '.[postgres]'``.

Same rows as SQLite: the schema (``migrations_pg/``) has the same tables and
columns, JSON columns hold the same text (``bot.store._dumps``), and rows are
turned into the same :class:`SessionRecord`/:class:`SeatRecord` by the SQLite
module's row readers (they only index rows by column name).  Durability is
PostgreSQL's default ``synchronous_commit=on``: a commit returns after its WAL
is flushed, the same promise as SQLite's ``synchronous=FULL``.

The hot path, :meth:`commit_action`, is a single statement (a CTE inserting
the action and updating the session), so it costs one round trip and is
atomic without an explicit transaction.  tests/store runs the same suite
against both backends (PostgreSQL when ``KADO_TEST_POSTGRES_DSN`` is set).
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from bot.store import (
    _INSERT_ACTION,
    _UNANNOUNCED,
    _UPDATE_MOVE,
    _UPDATE_SESSION,
    LiveSessionExists,
    SeatRecord,
    SessionRecord,
    _dumps,
    _loads,
    _seat_from_row,
    _session_from_row,
    _session_params,
    _split_sql,
)

try:
    import asyncpg
except ImportError as exc:  # pragma: no cover - exercised only without the extra installed
    raise ImportError("DATABASE_URL names PostgreSQL: install the extra, pip install -e '.[postgres]'") from exc

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x4B41444F  # "KADO": serialises migrations when several shard processes start at once


def _pg(sql: str) -> str:
    """SQLite ``?`` placeholders -> PostgreSQL ``$1, $2, …`` (our statements have no ``?`` in literals)."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], 1):
        out.append(f"${i}{part}")
    return "".join(out)


_UPDATE_SESSION_PG = _pg(_UPDATE_SESSION)  # the SQLite store's statement: a column added there is added here
_MOVE_PARAMS = _UPDATE_MOVE.count("?")
# One statement, one round trip, atomic: the action row and the session row it produced.  Like
# SQLite's, it leaves ``status`` alone, which lets PostgreSQL update the row without touching indexes.
_COMMIT_ACTION_PG = (
    "WITH action AS (INSERT INTO actions (session_id, version, seat, user_id, payload, at) VALUES ("
    + ", ".join(f"${_MOVE_PARAMS + i}" for i in range(1, 7))
    + ")) "
    + _pg(_UPDATE_MOVE)
)
_INSERT_ACTION_PG = _pg(_INSERT_ACTION)
_SEAT_COLUMNS = "session_id, seat, user_id, ai_level, name, locale, dm_channel_id, dm_message_id, dm_closed, timeouts"


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot.store") / "migrations_pg"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def _seat_rows(r: SessionRecord) -> list[tuple[Any, ...]]:
    return [
        (
            r.id,
            s.seat,
            s.user_id,
            s.ai_level,
            s.name,
            s.locale,
            s.dm_channel_id,
            s.dm_message_id,
            int(s.dm_closed),
            s.timeouts,
        )
        for s in r.seats
    ]


class PostgresStore:
    """A connection pool; every method is a complete unit of work, like :class:`bot.store.Store`'s."""

    def __init__(self, pool: asyncpg.Pool, shards: tuple[int, tuple[int, ...]] | None = None) -> None:
        self.pool = pool
        self.shards = shards

    @classmethod
    async def open(
        cls,
        dsn: str,
        *,
        shards: tuple[int, tuple[int, ...]] | None = None,
        min_size: int = 1,
        max_size: int = 8,
        server_settings: dict[str, str] | None = None,
    ) -> PostgresStore:
        """Connect a pool and migrate.

        ``shards=(shard_count, shard_ids)``: this process runs only those shards,
        so :meth:`live_sessions` returns only their servers' sessions (another
        process owns the rest; restoring them here would play their AI turns
        and timers twice).  ``server_settings`` (``{"search_path": …}``) is for tests.
        """
        pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, server_settings=server_settings)
        store = cls(pool, shards)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self.pool.close()

    async def _migrate(self) -> None:
        async with self.pool.acquire() as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute("CREATE TABLE IF NOT EXISTS kado_schema (version INTEGER NOT NULL)")
            current = await con.fetchval("SELECT MAX(version) FROM kado_schema") or 0
            for number, sql in _migrations():
                if number <= current:
                    continue
                log.info("applying PostgreSQL migration %03d", number)
                for statement in _split_sql(sql):
                    await con.execute(statement)
                await con.execute("INSERT INTO kado_schema (version) VALUES ($1)", number)

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
    ) -> SessionRecord:
        now = time.time()
        try:
            async with self.pool.acquire() as con, con.transaction():
                session_id = await con.fetchval(
                    "INSERT INTO sessions (game, guild_id, channel_id, host_id, status, options, seed, locale,"
                    " created_at, updated_at) VALUES ($1,$2,$3,$4,'lobby',$5,$6,$7,$8,$9) RETURNING id",
                    game,
                    guild_id,
                    channel_id,
                    host_id,
                    _dumps(options),
                    seed,
                    locale,
                    now,
                    now,
                )
                record = SessionRecord(
                    id=session_id,
                    game=game,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    status="lobby",
                    seed=seed,
                    created_at=now,
                    updated_at=now,
                    options=dict(options),
                    locale=locale,
                    seats=list(seats),
                )
                await self._write_seats(con, record)
        except asyncpg.UniqueViolationError:  # the one-live-session-per-channel index
            existing = await self.pool.fetchval(
                "SELECT id FROM sessions WHERE channel_id=$1 AND status IN ('lobby','active')", channel_id
            )
            raise LiveSessionExists(existing) from None
        return record

    async def save(self, record: SessionRecord) -> None:
        """Write the whole session (row and seats) in one transaction."""
        record.updated_at = time.time()
        async with self.pool.acquire() as con, con.transaction():
            await con.execute(_UPDATE_SESSION_PG, *_session_params(record))
            await self._write_seats(con, record)

    async def commit_action(
        self,
        record: SessionRecord,
        *,
        seat: int,
        user_id: int | None,
        payload: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> None:
        """Append one accepted action and the state it produced, atomically (see the module doc)."""
        now = time.time()
        record.updated_at = now
        action = (record.id, record.version, seat, user_id, _dumps(payload), now)
        if result is None and record.status == "active":
            await self.pool.execute(_COMMIT_ACTION_PG, *_session_params(record)[1:], *action)
            return
        async with self.pool.acquire() as con, con.transaction():
            await con.execute(_INSERT_ACTION_PG, *action)
            await con.execute(_UPDATE_SESSION_PG, *_session_params(record))
            await self._write_result(con, record, result)

    async def finish(self, record: SessionRecord, result: dict[str, Any] | None = None) -> None:
        """Store a session's end (status already set on the record) and its result, if any."""
        record.ended_at = record.ended_at or time.time()
        record.updated_at = record.ended_at
        async with self.pool.acquire() as con, con.transaction():
            await con.execute(_UPDATE_SESSION_PG, *_session_params(record))
            if result is not None:
                await self._write_result(con, record, result)

    async def set_board_message(self, record: SessionRecord, message_id: int | None) -> None:
        record.board_message_id = message_id
        await self.pool.execute("UPDATE sessions SET board_message_id=$1 WHERE id=$2", message_id, record.id)

    async def set_dm(self, record: SessionRecord, seat: SeatRecord) -> None:
        await self.pool.execute(
            "UPDATE seats SET dm_channel_id=$1, dm_message_id=$2, dm_closed=$3 WHERE session_id=$4 AND seat=$5",
            seat.dm_channel_id,
            seat.dm_message_id,
            int(seat.dm_closed),
            record.id,
            seat.seat,
        )

    def _mine(self, first: int) -> tuple[str, list[Any]]:
        """The SQL condition (and its parameters, numbered from ``$first``) "a session of this process's shards".

        Empty when this process runs every shard (see :meth:`open`).
        """
        if self.shards is None:
            return "", []
        # Discord's shard of a server: (guild_id >> 22) % shard_count; sessions outside servers go to shard 0
        mine = f" AND ((COALESCE(sessions.guild_id, 0) >> 22) % ${first}) = ANY(${first + 1}::int[])"
        return mine, [self.shards[0], list(self.shards[1])]

    async def mark_announced(self, record: SessionRecord) -> None:
        """Record that a session's end was shown (see ``Store.mark_announced``)."""
        record.announced_at = time.time()
        await self.pool.execute("UPDATE sessions SET announced_at=$1 WHERE id=$2", record.announced_at, record.id)

    async def unannounced_endings(self, since: float) -> list[tuple[SessionRecord, dict[str, Any] | None]]:
        """Ends at or after ``since`` never shown, of this process's shards (see ``Store.unannounced_endings``)."""
        mine, params = self._mine(2)
        query = _pg(_UNANNOUNCED).replace(" ORDER BY id", f"{mine} ORDER BY id")
        out = []
        async with self.pool.acquire() as con:
            for row in await con.fetch(query, since, *params):
                record = _session_from_row(row)
                seats = await con.fetch("SELECT * FROM seats WHERE session_id=$1 ORDER BY seat", record.id)
                record.seats = [_seat_from_row(r) for r in seats]
                raw = await con.fetchval("SELECT result FROM results WHERE session_id=$1", record.id)
                out.append((record, _loads(raw) if raw else None))
        return out

    async def live_sessions(self) -> list[SessionRecord]:
        """Every lobby and running game — of this process's shards when it runs only some (see :meth:`open`)."""
        mine, params = self._mine(1)
        async with self.pool.acquire() as con:
            rows = await con.fetch(
                f"SELECT * FROM sessions WHERE status IN ('lobby','active'){mine} ORDER BY id", *params
            )
            records = {row["id"]: _session_from_row(row) for row in rows}
            if records:
                seat_rows = await con.fetch(
                    "SELECT seats.* FROM seats JOIN sessions ON sessions.id = seats.session_id"
                    f" WHERE sessions.status IN ('lobby','active'){mine} ORDER BY seats.session_id, seats.seat",
                    *params,
                )
                for row in seat_rows:
                    records[row["session_id"]].seats.append(_seat_from_row(row))
        return list(records.values())

    async def get_session(self, session_id: int) -> SessionRecord | None:
        async with self.pool.acquire() as con:
            row = await con.fetchrow("SELECT * FROM sessions WHERE id=$1", session_id)
            if row is None:
                return None
            record = _session_from_row(row)
            seats = await con.fetch("SELECT * FROM seats WHERE session_id=$1 ORDER BY seat", session_id)
        record.seats = [_seat_from_row(r) for r in seats]
        return record

    async def actions(self, session_id: int) -> list[dict[str, Any]]:
        rows = await self.pool.fetch(
            "SELECT version, seat, user_id, payload, at FROM actions WHERE session_id=$1 ORDER BY version", session_id
        )
        return [{"version": r[0], "seat": r[1], "user_id": r[2], "payload": _loads(r[3]), "at": r[4]} for r in rows]

    async def results(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        query = "SELECT session_id, game, guild_id, result, finished_at FROM results"
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            query += " WHERE guild_id=$1"
            params = (guild_id,)
        rows = await self.pool.fetch(query + " ORDER BY finished_at", *params)
        return [
            {"session_id": r[0], "game": r[1], "guild_id": r[2], "result": _loads(r[3]), "finished_at": r[4]}
            for r in rows
        ]

    # -- guild settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        raw = await self.pool.fetchval("SELECT data FROM guild_settings WHERE guild_id=$1", guild_id)
        return _loads(raw) if raw else {}

    async def set_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        await self.pool.execute(
            "INSERT INTO guild_settings (guild_id, data) VALUES ($1, $2)"
            " ON CONFLICT (guild_id) DO UPDATE SET data=excluded.data",
            guild_id,
            _dumps(data),
        )

    async def moderator_roles(self) -> dict[int, int]:
        """guild id -> moderator role id, for every server that set one (loaded at start-up)."""
        rows = await self.pool.fetch(
            "SELECT guild_id, data::jsonb ->> 'moderator_role' FROM guild_settings"
            " WHERE jsonb_typeof(data::jsonb -> 'moderator_role') IN ('number', 'string')"
        )
        return {int(r[0]): int(r[1]) for r in rows}

    # -- server life: stats, history, data rights ------------------------------

    async def stats_rows(
        self, *, guild_id: int | None, user_id: int | None = None, game: str | None = None
    ) -> list[dict[str, Any]]:
        """Per (user, game): games played, won, drawn and the latest name (see ``Store.stats_rows``)."""
        where, params = [], []
        for column, value in (("guild_id", guild_id), ("user_id", user_id), ("game", game)):
            if value is not None:
                params.append(value)
                where.append(f"{column}=${len(params)}")
        query = (
            "SELECT user_id, game, COUNT(*), SUM(won), SUM(draw), (ARRAY_AGG(name ORDER BY finished_at DESC))[1]"
            " FROM participants" + (" WHERE " + " AND ".join(where) if where else "") + " GROUP BY user_id, game"
        )
        rows = await self.pool.fetch(query, *params)
        return [
            {"user_id": r[0], "game": r[1], "played": r[2], "won": int(r[3]), "drawn": int(r[4]), "name": r[5]}
            for r in rows
        ]

    async def history(
        self, *, guild_id: int | None, channel_id: int | None = None, user_id: int | None = None, limit: int = 10
    ) -> list[dict[str, Any]]:
        """The newest ended games (that were started) of a channel, or of a user in a server."""
        cols = "se.id, se.game, se.status, se.end_reason, se.ended_at, se.channel_id, r.result"
        base = " FROM sessions se LEFT JOIN results r ON r.session_id = se.id"
        ended = " se.status IN ('finished','abandoned') AND se.state IS NOT NULL"
        if user_id is not None:
            params: list[Any] = [user_id]
            query = f"SELECT {cols}{base} JOIN seats st ON st.session_id = se.id WHERE st.user_id=$1 AND {ended}"
            if guild_id is not None:
                params.append(guild_id)
                query += " AND se.guild_id=$2"
            params.append(limit)
            query += f" ORDER BY se.id DESC LIMIT ${len(params)}"
        else:
            params = [channel_id, limit]
            query = f"SELECT {cols}{base} WHERE se.channel_id=$1 AND {ended} ORDER BY se.id DESC LIMIT $2"
        async with self.pool.acquire() as con:
            rows = await con.fetch(query, *params)
            out = []
            for r in rows:
                seats = await con.fetch("SELECT name FROM seats WHERE session_id=$1 ORDER BY seat", r[0])
                names = [n[0] for n in seats]
                out.append(
                    {
                        "session_id": r[0],
                        "game": r[1],
                        "status": r[2],
                        "end_reason": r[3],
                        "ended_at": r[4],
                        "channel_id": r[5],
                        "result": _loads(r[6]) if r[6] else None,
                        "names": names,
                    }
                )
        return out

    async def user_data(self, user_id: int) -> dict[str, Any]:
        """Everything stored that points at one user, for ``/game mydata`` (counts and rows, no payloads)."""
        async with self.pool.acquire() as con:
            seat_rows = await con.fetch(
                "SELECT st.session_id, st.seat, st.name, st.locale, st.ai_level, st.dm_channel_id IS NOT NULL,"
                " se.game, se.guild_id, se.channel_id, se.status, se.created_at FROM seats st"
                " JOIN sessions se ON se.id = st.session_id WHERE st.user_id=$1 ORDER BY st.session_id",
                user_id,
            )
            action_rows = await con.fetch(
                "SELECT session_id, COUNT(*) FROM actions WHERE user_id=$1 GROUP BY session_id", user_id
            )
            results, wins = await con.fetchrow(
                "SELECT COUNT(*), COALESCE(SUM(won), 0) FROM participants WHERE user_id=$1", user_id
            )
            hosted, ended = await con.fetchrow(
                "SELECT (SELECT COUNT(*) FROM sessions WHERE host_id=$1), (SELECT COUNT(*) FROM sessions"
                " WHERE ended_by=$1)",
                user_id,
            )
        seats = [
            {
                "session_id": r[0],
                "seat": r[1],
                "name": r[2],
                "locale": r[3],
                "ai_level": r[4],
                "dm_stored": bool(r[5]),
                "game": r[6],
                "guild_id": r[7],
                "channel_id": r[8],
                "status": r[9],
                "created_at": r[10],
            }
            for r in seat_rows
        ]
        return {
            "seats": seats,
            "actions": {int(r[0]): int(r[1]) for r in action_rows},
            "results": int(results),
            "wins": int(wins),
            "hosted": int(hosted),
            "ended": int(ended),
        }

    async def forget_user(self, user_id: int, name: str) -> dict[str, int]:
        """Remove one user's id from every table, in one transaction (see ``Store.forget_user``)."""
        counts: dict[str, int] = {}
        async with self.pool.acquire() as con, con.transaction():
            status = await con.execute(
                "UPDATE seats SET user_id=NULL, name=$1, dm_channel_id=NULL, dm_message_id=NULL WHERE user_id=$2",
                name,
                user_id,
            )
            counts["seats"] = _rowcount(status)
            status = await con.execute("UPDATE actions SET user_id=NULL WHERE user_id=$1", user_id)
            counts["actions"] = _rowcount(status)
            counts["stats"] = _rowcount(await con.execute("DELETE FROM participants WHERE user_id=$1", user_id))
            await con.execute("UPDATE sessions SET host_id=0 WHERE host_id=$1", user_id)
            await con.execute("UPDATE sessions SET ended_by=NULL WHERE ended_by=$1", user_id)
            rows = await con.fetch(
                "SELECT r.session_id, r.result FROM results r WHERE EXISTS (SELECT 1 FROM"
                " jsonb_array_elements(COALESCE(r.result::jsonb -> 'seats', '[]'::jsonb)) s"
                " WHERE s ->> 'user_id' = $1::text)",
                str(user_id),
            )
            for session_id, raw in rows:
                data = json.loads(raw)
                for seat in data.get("seats") or []:
                    if seat.get("user_id") == user_id:
                        seat["user_id"] = None
                        seat["name"] = name
                await con.execute("UPDATE results SET result=$1 WHERE session_id=$2", _dumps(data), session_id)
            counts["results"] = len(rows)
        return counts

    # -- LISTEN/NOTIFY: DM clicks forwarded between shard processes (bot/forwarding.py) --------

    async def session_route(self, session_id: int) -> tuple[str, int | None, int] | None:
        """(status, guild id, channel id) of a session: is it live, and on which shard, without loading it."""
        row = await self.pool.fetchrow("SELECT status, guild_id, channel_id FROM sessions WHERE id=$1", session_id)
        return None if row is None else (row[0], row[1], row[2])

    async def notify(self, channel: str, payload: str) -> None:
        """``NOTIFY channel, payload`` (delivered to every LISTENing connection of this database)."""
        await self.pool.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def listen(
        self, callbacks: dict[str, Callable[[str], None]], on_lost: Callable[[], None]
    ) -> tuple[Any, Callable[[Any], None], list[tuple[str, Callable[..., None]]]]:
        """Hold one pool connection LISTENing on each channel of ``callbacks`` (called with the payload).

        ``on_lost`` is called if that connection dies (a database restart): LISTEN
        again then.  Give the returned handle to :meth:`unlisten`.
        """
        con = await self.pool.acquire()
        listeners: list[tuple[str, Callable[..., None]]] = []
        try:
            for channel, callback in callbacks.items():
                listener = functools.partial(_notified, callback)
                await con.add_listener(channel, listener)
                listeners.append((channel, listener))

            def lost(_con: Any) -> None:
                on_lost()

            con.add_termination_listener(lost)
        except BaseException:
            await self.pool.release(con)
            raise
        return con, lost, listeners

    async def unlisten(self, handle: tuple[Any, Callable[[Any], None], list[tuple[str, Callable[..., None]]]]) -> None:
        """UNLISTEN and give the connection back; quietly, if it died (the pool took it back itself then)."""
        con, lost, listeners = handle
        try:
            con.remove_termination_listener(lost)
            for channel, listener in listeners:
                await con.remove_listener(channel, listener)
            await self.pool.release(con)
        except Exception:
            log.debug("the LISTEN connection was gone already", exc_info=True)

    # -- internals ------------------------------------------------------------

    @staticmethod
    async def _write_seats(con: asyncpg.Connection, r: SessionRecord) -> None:
        await con.execute("DELETE FROM seats WHERE session_id=$1", r.id)
        placeholders = ", ".join(f"${i}" for i in range(1, 11))
        await con.executemany(f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES ({placeholders})", _seat_rows(r))

    @staticmethod
    async def _write_result(con: asyncpg.Connection, r: SessionRecord, result: dict[str, Any]) -> None:
        now = time.time()
        await con.execute(
            "INSERT INTO results (session_id, game, guild_id, result, finished_at) VALUES ($1,$2,$3,$4,$5)"
            " ON CONFLICT (session_id) DO UPDATE SET game=excluded.game, guild_id=excluded.guild_id,"
            " result=excluded.result, finished_at=excluded.finished_at",
            r.id,
            r.game,
            r.guild_id,
            _dumps(result),
            now,
        )
        winners = set(result.get("winners") or [])
        await con.execute("DELETE FROM participants WHERE session_id=$1", r.id)
        await con.executemany(
            "INSERT INTO participants (session_id, seat, user_id, name, guild_id, game, won, draw, finished_at)"
            " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
            [
                (
                    r.id,
                    i,
                    s["user_id"],
                    s.get("name") or "",
                    r.guild_id,
                    r.game,
                    int(i in winners),
                    int(not winners),
                    now,
                )
                for i, s in enumerate(result.get("seats") or [])
                if s.get("user_id") is not None
            ],
        )


def _notified(callback: Callable[[str], None], _con: Any, _pid: int, _channel: str, payload: str) -> None:
    """asyncpg's notification callback -> ours (only the payload matters)."""
    callback(payload)


def _rowcount(status: str) -> int:
    """Rows touched, from asyncpg's command tag (``"UPDATE 3"``, ``"DELETE 0"``)."""
    try:
        return int(status.rsplit(" ", 1)[-1])
    except ValueError:
        return 0


__all__ = ["PostgresStore"]
