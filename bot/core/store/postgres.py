"""PostgreSQL persistence (asyncpg): the same :class:`~bot.core.store.base.BaseStore` methods as SQLite's Store.

Why: one SQLite file serves one bot process.  A bot in more than ~2,500
servers must shard, and several shard processes (docs/deploy.md) need one
database they can all reach; PostgreSQL is that database.  Sessions are
channel-scoped and a channel belongs to one shard, so each process still
writes only its own sessions; the database's unique "one live session per
channel" index stays the referee.

Selected by ``DATABASE_URL=postgresql://…`` (``bot.app``); SQLite stays the
default.  Install with ``pip install -e '.[postgres]'``.

Same rows as SQLite: the schema (``migrations_pg/``) has the same tables and
columns, JSON columns hold the same text, and the statements and row readers
are the shared ones (``sql.py``, ``rows.py``) with placeholders numbered.
What is PostgreSQL's own here: the pool, migrations under an advisory lock,
the shard filter, the one-statement move, and LISTEN/NOTIFY.  Durability is
PostgreSQL's default ``synchronous_commit=on``: a commit returns after its WAL
is flushed, the same promise as SQLite's ``synchronous=FULL``.

The hot path, a move's commit (:meth:`PostgresStore._commit_move`), is a
single statement (a CTE inserting the action and updating the session), so it
costs one round trip and is atomic without an explicit transaction.
tests/store runs the same suite against both backends (PostgreSQL when
``KADO_TEST_POSTGRES_DSN`` is set).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from bot.core.store import rows, sql
from bot.core.store.base import BaseStore
from bot.core.store.records import SessionRecord
from bot.core.store.rows import Row
from bot.core.store.schema import StoreUnavailable, check_schema_version, migrations, split_sql
from bot.core.store.sql import numbered

try:
    import asyncpg
except ImportError as exc:  # pragma: no cover - exercised only without the extra installed
    raise ImportError("DATABASE_URL names PostgreSQL: install the extra, pip install -e '.[postgres]'") from exc

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x4B41444F  # "KADO": serialises migrations when several shard processes start at once

_MOVE_PARAMS = sql.UPDATE_MOVE.count("?")
# One statement, one round trip, atomic: the action row and the session row it produced.  Like
# SQLite's, it leaves ``status`` alone, which lets PostgreSQL update the row without touching indexes.
_COMMIT_ACTION = (
    "WITH action AS (INSERT INTO actions (session_id, version, seat, user_id, payload, at) VALUES ("
    + ", ".join(f"${_MOVE_PARAMS + i}" for i in range(1, 7))
    + ")) "
    + numbered(sql.UPDATE_MOVE)
)


class PostgresConnection:
    """An asyncpg connection (or the pool) as a :class:`~bot.core.store.backend.Connection`: ``?`` become ``$n``."""

    def __init__(self, con: asyncpg.Connection | asyncpg.Pool) -> None:
        self.con = con

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.con.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.con.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.con.fetch(numbered(sql), *params)

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.con.fetchrow(numbered(sql), *params)

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.con.fetchval(numbered(sql), *params)

    async def insert_returning_id(self, sql: str, params: Sequence[Any]) -> int:
        return await self.con.fetchval(numbered(sql) + " RETURNING id", *params)


class PostgresStore(BaseStore):
    """A connection pool; every method is a complete unit of work, like :class:`bot.core.store.Store`'s."""

    dialect = sql.POSTGRES
    # Several processes write: only the unique index can tell, so its refusal is turned into LiveSessionExists.
    _LIVE_CONFLICT = (asyncpg.UniqueViolationError,)

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
        try:
            pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, server_settings=server_settings)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreUnavailable(f"cannot connect to the PostgreSQL database: {exc}") from exc
        store = cls(pool, shards)
        try:
            await store._migrate()
            await store.backfill_ratings()  # once, after migration 007: rate the games already stored
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self.pool.close()

    async def _migrate(self) -> None:
        async with self.pool.acquire() as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute("CREATE TABLE IF NOT EXISTS kado_schema (version INTEGER NOT NULL)")
            current = await con.fetchval("SELECT MAX(version) FROM kado_schema") or 0
            check_schema_version(current, migrations("migrations_pg"), "DATABASE_URL")
            for number, script in migrations("migrations_pg"):
                if number <= current:
                    continue
                log.info("applying PostgreSQL migration %03d", number)
                for statement in split_sql(script):
                    await con.execute(statement)
                await con.execute("INSERT INTO kado_schema (version) VALUES ($1)", number)

    # -- the backend's primitives ---------------------------------------------

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PostgresConnection]:
        async with self.pool.acquire() as con, con.transaction():
            yield PostgresConnection(con)

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[PostgresConnection]:
        """The pool itself: each statement takes a connection, commits on its own and gives it back."""
        yield PostgresConnection(self.pool)

    @contextlib.asynccontextmanager
    async def _reading(self) -> AsyncIterator[PostgresConnection]:
        async with self.pool.acquire() as con:
            yield PostgresConnection(con)

    async def _commit_move(self, action: tuple[Any, ...], record: SessionRecord) -> None:
        await self.pool.execute(_COMMIT_ACTION, *rows.session_params(record)[1:], *action)

    def _shard_filter(self) -> tuple[str, tuple[Any, ...]]:
        """The SQL condition (and its parameters) "a session of this process's shards".

        Empty when this process runs every shard (see :meth:`open`).
        """
        if self.shards is None:
            return "", ()
        # Discord's shard of a server: (guild_id >> 22) % shard_count; sessions outside servers go to shard 0
        mine = " AND ((COALESCE(sessions.guild_id, 0) >> 22) % ?) = ANY(?::int[])"
        return mine, (self.shards[0], list(self.shards[1]))

    # -- LISTEN/NOTIFY: DM clicks forwarded between shard processes (bot/frontend/gateway/forwarding.py) --------

    async def session_route(self, session_id: int) -> tuple[str, int | None, int] | None:
        """(status, guild id, channel id) of a session: is it live, and on which shard, without loading it."""
        row = await self.pool.fetchrow("SELECT status, guild_id, channel_id FROM sessions WHERE id=$1", session_id)
        return None if row is None else (row[0], row[1], row[2])

    async def live_routes_of(self, user_id: int) -> list[tuple[int, int | None, int]]:
        """(session, guild, channel) of each live session naming ``user_id`` (forget-me: forwarding.py)."""
        rows = await PostgresConnection(self.pool).fetch(sql.LIVE_ROUTES_OF, (user_id,) * 3)
        return [(row[0], row[1], row[2]) for row in rows]

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
