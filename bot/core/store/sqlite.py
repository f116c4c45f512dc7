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
import queue
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.core.store import rows, sql
from bot.core.store.base import BaseStore
from bot.core.store.records import SessionRecord
from bot.core.store.rows import Row
from bot.core.store.schema import StoreUnavailable, check_schema_version, migrations, split_sql

log = logging.getLogger(__name__)
_Move = tuple[tuple[Any, ...], tuple[Any, ...], "asyncio.Future[None]"]  # action row, session row, its caller's answer
_Work = Callable[[sqlite3.Connection], Any]  # run on aiosqlite's thread
_Then = Callable[[Any, "BaseException | None"], None]  # (result, error), run on the event loop after it


class SqliteConnection:
    """The shared aiosqlite connection as a :class:`~bot.core.store.backend.Connection` (SQLite takes ``?`` as is)."""

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
        # Moves waiting for the next group commit (see _commit_move); whether a batch is being written;
        # the task writing one, when one is needed (see _write_next).
        self._moves: list[_Move] = []
        self._batch_busy = False
        self._mover: asyncio.Task[None] | None = None
        self._direct = isinstance(getattr(db, "_tx", None), queue.SimpleQueue)  # see _post

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        """Open, check and migrate the database, or raise :class:`StoreUnavailable`.

        Any failure closes the connection first: aiosqlite's worker thread is
        not a daemon, so a connection left open after a failed start kept the
        process alive with no gateway and hid the failure from systemd.
        """
        path = Path(path)
        try:
            if str(path) != ":memory:":
                path.parent.mkdir(parents=True, exist_ok=True)
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailable(f"cannot open the database at {path}: {exc}") from exc
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            await _check_integrity(db, path)
            async with db.execute("PRAGMA user_version") as cur:
                version = (await cur.fetchone())[0]
            check_schema_version(version, _migrations(), str(path))
            store = cls(db)
            await store._migrate()
            await store.backfill_ratings()  # once, after migration 007: rate the games already stored
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise StoreUnavailable(f"cannot use the database at {path}: {exc}") from exc
            raise
        return store

    async def close(self) -> None:
        while self._batch_busy:  # moves already accepted get written
            if self._mover is not None and not self._mover.done():
                await asyncio.gather(self._mover, return_exceptions=True)
            else:
                await asyncio.sleep(0.001)
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
        if not self._batch_busy:
            self._write_next()
        await done

    # -- group commit -----------------------------------------------------------
    #
    # While one batch of moves is being written and fsynced, the moves of other
    # games queue up in ``_moves`` and go together in the next transaction, so 200
    # games clicking at once pay one fsync per batch instead of one each.  Every
    # move's ``commit_action`` still returns only after the COMMIT that holds it.
    # In a batch of several, each move has its own savepoint: a move the database
    # refuses fails alone, the others are written.
    #
    # The batch goes to aiosqlite's thread as a job that reports back itself
    # (``_post``), without a writer task in between: a lone move then costs two
    # passes of the event loop after its fsync instead of four plus a task
    # (bench/store/persistence.py: a fifth of a lone move's time; docs/performance.md).

    def _write_next(self) -> None:
        """Start writing the waiting moves, unless a write is under way (it starts the next when done)."""
        batch = [m for m in self._moves if not m[2].done()]  # a cancelled caller's move is not written
        self._moves = []
        if not batch:
            self._batch_busy = False
            return
        self._batch_busy = True
        work = functools.partial(_write_move_batch, rows=[(a, r) for a, r, _ in batch])
        then = functools.partial(self._written, batch)
        if self._direct and not self._tx.locked():
            # Posted now, the job runs before any transaction begun later (the worker takes jobs in order).
            self._post(work, then)
        else:  # a multi-statement transaction is open (or no direct path): the batch waits for the lock
            self._mover = asyncio.get_running_loop().create_task(self._run_then(work, then))

    def _written(
        self, batch: list[_Move], refused: dict[int, BaseException] | None, error: BaseException | None
    ) -> None:
        """A batch's transaction ended (on the event loop): answer its moves, then write what queued meanwhile."""
        for i, (*_, done) in enumerate(batch):
            if done.done():
                continue
            if error is not None:
                done.set_exception(error)
            elif refused and i in refused:
                done.set_exception(refused[i])
            else:
                done.set_result(None)
        self._write_next()

    def _post(self, work: _Work, then: _Then) -> None:
        """Run ``work(connection)`` on aiosqlite's thread, then ``then(result, error)`` on the event loop.

        aiosqlite's worker takes ``(future, function)`` pairs from its queue
        ``_tx`` and runs them in order; with no future it reports nothing, and
        the job reports back itself with one ``call_soon_threadsafe``.  If a
        later aiosqlite changes that queue, ``__init__`` finds no ``SimpleQueue``
        and batches go through :meth:`_run_then` instead.
        """
        loop = asyncio.get_running_loop()
        con = self.db._conn

        def job() -> None:
            try:
                result = work(con)
            except BaseException as exc:  # reported to the waiting moves, never lost in the worker
                loop.call_soon_threadsafe(then, None, exc)
            else:
                loop.call_soon_threadsafe(then, result, None)

        self.db._tx.put_nowait((None, job))

    async def _run_then(self, work: _Work, then: _Then) -> None:
        """What :meth:`_post` does, as a task: ``work`` under the write lock, then ``then(result, error)``."""
        try:
            async with self._tx:
                result = await self._in_thread(work)
        except BaseException as exc:  # nothing of the batch was written
            then(None, exc)
            if isinstance(exc, asyncio.CancelledError):
                raise
            return
        then(result, None)

    async def _in_thread(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work(connection)`` on aiosqlite's worker thread: one hop for a whole transaction.

        Every ``await db.execute`` is a round trip from the event loop to
        aiosqlite's thread and back (tens of µs; far more while the loop is busy
        with hundreds of games).  A move's commit took four (BEGIN, INSERT,
        UPDATE, COMMIT) and reached a third of a bare sqlite3 loop's rate; as one
        call it is the click path's only hop (bench/store/persistence.py).  aiosqlite
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


async def _check_integrity(db: aiosqlite.Connection, path: Path) -> None:
    """``PRAGMA quick_check`` at start: a damaged file is refused, never played on.

    quick_check reads every page (O(N), about a second per 100 MB) but skips
    the index-content cross-checks of ``integrity_check``, which would cost
    minutes on a large database at every restart.
    """
    async with db.execute("PRAGMA quick_check") as cur:
        rows = [r[0] for r in await cur.fetchall()]
    if rows != ["ok"]:
        detail = "; ".join(str(r) for r in rows[:3])
        raise StoreUnavailable(f"the database at {path} is damaged (quick_check: {detail}): restore a backup")


def _migrations() -> list[tuple[int, str]]:
    """SQLite's migrations (``bot/core/store/migrations/``), in order."""
    return migrations("migrations")
