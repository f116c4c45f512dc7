"""SQLite persistence (aiosqlite): one file, one connection, one writer.

Durability choice: WAL journal with ``synchronous=FULL``.  WAL lets readers
run beside the single writer; FULL makes SQLite fsync the WAL on every commit,
so an accepted move survives a crash *and* a power loss.  The cost is one
fsync per move (a fraction of a millisecond on SSDs), far below a Discord
round trip.  ``NORMAL`` would be faster but may lose the last moves on power
loss, which breaks the promise "an accepted move is never lost".

What is SQLite's own here: the connection and its write lock, migrations
numbered by ``PRAGMA user_version``, and the group commit of moves
(:meth:`Store._write_moves`).  The methods themselves are :class:`BaseStore`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import rows, sql
from bot.store.base import BaseStore
from bot.store.records import SessionRecord
from bot.store.rows import Row
from bot.store.schema import migrations, split_sql

log = logging.getLogger(__name__)


class SqliteConnection:
    """The shared aiosqlite connection as a :class:`~bot.store.backend.Connection` (SQLite takes ``?`` as is)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cur = await self.db.execute(sql, params)
        return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())  # one hop to aiosqlite's thread, not one per 64 rows

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self.db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchrow(sql, params)
        return row[0] if row is not None else None

    async def insert_returning_id(self, sql: str, params: Sequence[Any]) -> int:
        cur = await self.db.execute(sql, params)
        assert cur.lastrowid is not None
        return cur.lastrowid


class Store(BaseStore):
    """One connection, one writer.  Every method is a complete unit of work."""

    dialect = sql.SQLITE
    _LOOK_BEFORE_INSERT = True  # the lock makes this connection the only writer: looking first is exact

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._con = SqliteConnection(db)
        # One connection is shared by every channel's coroutines: without this lock a second
        # channel's BEGIN lands inside the first one's transaction ("cannot start a transaction
        # within a transaction") and its ROLLBACK undoes the other channel's half-written move.
        self._tx = asyncio.Lock()
        # Moves waiting for the next group commit (see _commit_move), and the task writing them.
        self._moves: list[tuple[tuple[Any, ...], tuple[Any, ...], asyncio.Future[None]]] = []
        self._mover: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db)
        await store._migrate()
        return store

    async def close(self) -> None:
        if self._mover is not None:
            await asyncio.gather(self._mover, return_exceptions=True)  # moves already accepted get written
        await self.db.close()

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        current = row[0] if row else 0
        for number, script in _migrations():
            if number <= current:
                continue
            log.info("applying migration %03d", number)
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in split_sql(script):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version={number}")
                await self.db.execute("COMMIT")
            except Exception:
                await self.db.execute("ROLLBACK")
                raise

    # -- the backend's primitives ---------------------------------------------

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[SqliteConnection]:
        """One write transaction at a time on the shared connection; rolled back on any error."""
        async with self._tx:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self._con
                await self.db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.OperationalError):  # COMMIT may have ended it already
                    await self.db.execute("ROLLBACK")
                raise

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[SqliteConnection]:
        """The connection under the write lock: never inside another coroutine's open transaction."""
        async with self._tx:
            yield self._con

    @contextlib.asynccontextmanager
    async def _reading(self) -> AsyncIterator[SqliteConnection]:
        yield self._con

    async def _commit_move(self, action: tuple[Any, ...], record: SessionRecord) -> None:
        """Queue the move for the next group commit and return once the COMMIT holding it is done."""
        session_row = rows.session_params(record)[1:]  # status stays "active" (see sql.UPDATE_MOVE)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._moves.append((action, session_row, done))
        if self._mover is None or self._mover.done():
            self._mover = asyncio.get_running_loop().create_task(self._write_moves())
        await done

    # -- group commit -----------------------------------------------------------

    async def _write_moves(self) -> None:
        """Write the waiting moves, as many as are waiting, in one transaction: one hop, one fsync.

        Group commit: while one batch is being fsynced, the moves of other games
        queue up and go together in the next one, so 200 games clicking at once
        pay one fsync per batch instead of one each.  Every move's
        ``commit_action`` still returns only after the COMMIT that holds it.  In
        a batch of several, each move has its own savepoint: a move the database
        refuses fails alone, the others are written.
        """
        while self._moves:
            batch = [m for m in self._moves if not m[2].done()]  # a cancelled caller's move is not written
            self._moves = []
            if not batch:
                continue
            move_rows = [(action_row, session_row) for action_row, session_row, _ in batch]
            try:
                async with self._tx:
                    refused = await self._in_thread(functools.partial(_write_move_batch, rows=move_rows))
            except BaseException as exc:  # nothing of the batch was written
                for *_, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                if isinstance(exc, asyncio.CancelledError):
                    raise
                continue
            for i, (*_, done) in enumerate(batch):
                if done.done():
                    continue
                if i in refused:
                    done.set_exception(refused[i])
                else:
                    done.set_result(None)

    async def _in_thread(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work(connection)`` on aiosqlite's worker thread: one hop for a whole transaction.

        Every ``await db.execute`` is a round trip from the event loop to
        aiosqlite's thread and back (tens of µs; far more while the loop is busy
        with hundreds of games).  A move's commit took four (BEGIN, INSERT,
        UPDATE, COMMIT) and reached a third of a bare sqlite3 loop's rate; as one
        call it is the click path's only hop (bench/persistence.py).  aiosqlite
        has no public "run this on your thread", so this uses ``_execute`` and
        ``_conn``, the pair its own methods are built on.
        """
        return await self.db._execute(lambda: work(self.db._conn))


def _write_move_batch(con: sqlite3.Connection, rows: list[tuple[tuple[Any, ...], ...]]) -> dict[int, BaseException]:
    """One transaction for the moves in ``rows`` (on aiosqlite's thread); the moves refused, by index."""
    refused: dict[int, BaseException] = {}
    con.execute("BEGIN IMMEDIATE")
    try:
        if len(rows) == 1:
            con.execute(sql.INSERT_ACTION, rows[0][0])
            con.execute(sql.UPDATE_MOVE, rows[0][1])
        else:
            for i, (action_row, session_row) in enumerate(rows):
                con.execute("SAVEPOINT move")
                try:
                    con.execute(sql.INSERT_ACTION, action_row)
                    con.execute(sql.UPDATE_MOVE, session_row)
                except sqlite3.DatabaseError as exc:
                    con.execute("ROLLBACK TO move")
                    refused[i] = exc
                con.execute("RELEASE move")
        con.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.OperationalError):
            con.execute("ROLLBACK")
        raise
    return refused


def _migrations() -> list[tuple[int, str]]:
    """SQLite's migrations (``bot/store/migrations/``), in order."""
    return migrations("migrations")
