"""SQLite persistence (aiosqlite): sessions, seats, the action log, results.

Durability choice: WAL journal with ``synchronous=FULL``.  WAL lets readers
run beside the single writer; FULL makes SQLite fsync the WAL on every commit,
so an accepted move survives a crash *and* a power loss.  The cost is one
fsync per move (a fraction of a millisecond on SSDs), far below a Discord
round trip.  ``NORMAL`` would be faster but may lose the last moves on power
loss, which breaks the promise "an accepted move is never lost".
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.records import LIVE, SeatRecord, SessionRecord

log = logging.getLogger(__name__)


class LiveSessionExists(Exception):
    """The channel already has a lobby or a running game."""

    def __init__(self, session_id: int) -> None:
        super().__init__(session_id)
        self.session_id = session_id


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; plain json still works without it
    orjson = None  # type: ignore[assignment]


def _loads(text: str) -> Any:
    """``json.loads``, through orjson when installed: 2-3× faster on the JSON columns of a row.

    Restoring 10,000 sessions decodes ~40,000 of them at start-up (bench/restore.py).
    Anything orjson refuses that json accepts (NaN, integers beyond 64 bits) falls back.
    """
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot.store") / "migrations"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    return sorted(found)


class Store:
    """One connection, one writer.  Every method is a complete unit of work."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        # One connection is shared by every channel's coroutines: without this lock a second
        # channel's BEGIN lands inside the first one's transaction ("cannot start a transaction
        # within a transaction") and its ROLLBACK undoes the other channel's half-written move.
        self._tx = asyncio.Lock()
        # Moves waiting for the next group commit (see commit_action), and the task writing them.
        self._moves: list[tuple[tuple[Any, ...], tuple[Any, ...], asyncio.Future[None]]] = []
        self._mover: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One write transaction at a time on the shared connection; rolled back on any error."""
        async with self._tx:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                await self.db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.OperationalError):  # COMMIT may have ended it already
                    await self.db.execute("ROLLBACK")
                raise

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
        for number, sql in _migrations():
            if number <= current:
                continue
            log.info("applying migration %03d", number)
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(sql):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version={number}")
                await self.db.execute("COMMIT")
            except Exception:
                await self.db.execute("ROLLBACK")
                raise

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
        async with self._transaction():
            async with self.db.execute(
                "SELECT id FROM sessions WHERE channel_id=? AND status IN ('lobby','active')", (channel_id,)
            ) as cur:
                row = await cur.fetchone()
            if row is not None:
                raise LiveSessionExists(row[0])
            cur = await self.db.execute(
                "INSERT INTO sessions (game, guild_id, channel_id, host_id, status, options, seed, locale,"
                " created_at, updated_at) VALUES (?,?,?,?,'lobby',?,?,?,?,?)",
                (game, guild_id, channel_id, host_id, _dumps(options), seed, locale, now, now),
            )
            session_id = cur.lastrowid
            assert session_id is not None
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
            await self._write_seats(record)
        return record

    async def save(self, record: SessionRecord) -> None:
        """Write the whole session (row and seats) in one transaction."""
        record.updated_at = time.time()
        async with self._transaction():
            await self._write_session(record)
            await self._write_seats(record)

    async def commit_action(
        self,
        record: SessionRecord,
        *,
        seat: int,
        user_id: int | None,
        payload: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> None:
        """Append one accepted action and the state it produced, atomically.

        Called *before* anything announces the move: once this returns, the move
        survives a crash.
        """
        now = time.time()
        record.updated_at = now
        action_row = (record.id, record.version, seat, user_id, _dumps(payload), now)
        if result is None and record.status == "active":  # every move but the last: group commit
            session_row = _session_params(record)[1:]  # status stays "active" (see _UPDATE_MOVE)
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._moves.append((action_row, session_row, done))
            if self._mover is None or self._mover.done():
                self._mover = asyncio.get_running_loop().create_task(self._write_moves())
            await done
            return
        async with self._transaction():
            await self.db.execute(_INSERT_ACTION, action_row)
            await self._write_session(record)
            await self._write_result(record, result)

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
            rows = [(action_row, session_row) for action_row, session_row, _ in batch]
            try:
                async with self._tx:
                    refused = await self._in_thread(functools.partial(_write_move_batch, rows=rows))
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

    async def finish(self, record: SessionRecord, result: dict[str, Any] | None = None) -> None:
        """Store a session's end (status already set on the record) and its result, if any."""
        record.ended_at = record.ended_at or time.time()
        record.updated_at = record.ended_at
        async with self._transaction():
            await self._write_session(record)
            if result is not None:
                await self._write_result(record, result)

    async def set_board_message(self, record: SessionRecord, message_id: int | None) -> None:
        record.board_message_id = message_id
        async with self._tx:  # never inside another coroutine's open transaction
            await self.db.execute("UPDATE sessions SET board_message_id=? WHERE id=?", (message_id, record.id))

    async def set_dm(self, record: SessionRecord, seat: SeatRecord) -> None:
        async with self._tx:
            await self.db.execute(
                "UPDATE seats SET dm_channel_id=?, dm_message_id=?, dm_closed=? WHERE session_id=? AND seat=?",
                (seat.dm_channel_id, seat.dm_message_id, int(seat.dm_closed), record.id, seat.seat),
            )

    async def mark_announced(self, record: SessionRecord) -> None:
        """Record that a session's end was shown (final board and closing line posted).

        Its own small write, never part of ``_UPDATE_SESSION``: no later save of
        the record can clear it, and a move's commit stays as it is.
        """
        record.announced_at = time.time()
        async with self._tx:
            await self.db.execute("UPDATE sessions SET announced_at=? WHERE id=?", (record.announced_at, record.id))

    async def unannounced_endings(self, since: float) -> list[tuple[SessionRecord, dict[str, Any] | None]]:
        """Sessions that ended at or after ``since`` but whose end was never shown, with their stored result.

        A crash between the commit of a game's end and its announcement leaves
        these; the bot shows them once at start-up.  Oldest first.
        """
        async with self.db.execute(_UNANNOUNCED, (since,)) as cur:
            rows = await cur.fetchall()
        out = []
        for row in rows:
            record = _session_from_row(row)
            async with self.db.execute("SELECT * FROM seats WHERE session_id=? ORDER BY seat", (record.id,)) as cur:
                record.seats = [_seat_from_row(r) async for r in cur]
            async with self.db.execute("SELECT result FROM results WHERE session_id=?", (record.id,)) as cur:
                found = await cur.fetchone()
            out.append((record, _loads(found[0]) if found else None))
        return out

    async def live_sessions(self) -> list[SessionRecord]:
        async with self.db.execute("SELECT * FROM sessions WHERE status IN ('lobby','active') ORDER BY id") as cur:
            rows = await cur.fetchall()
        records = {row["id"]: _session_from_row(row) for row in rows}
        if records:
            async with self.db.execute(
                "SELECT seats.* FROM seats JOIN sessions ON sessions.id = seats.session_id"
                " WHERE sessions.status IN ('lobby','active') ORDER BY seats.session_id, seats.seat"
            ) as cur:
                seat_rows = await cur.fetchall()  # one hop to aiosqlite's thread, not one per 64 rows
            for row in seat_rows:
                records[row["session_id"]].seats.append(_seat_from_row(row))
        return list(records.values())

    async def get_session(self, session_id: int) -> SessionRecord | None:
        async with self.db.execute("SELECT * FROM sessions WHERE id=?", (session_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        record = _session_from_row(row)
        async with self.db.execute("SELECT * FROM seats WHERE session_id=? ORDER BY seat", (session_id,)) as cur:
            record.seats = [_seat_from_row(r) async for r in cur]
        return record

    async def actions(self, session_id: int) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT version, seat, user_id, payload, at FROM actions WHERE session_id=? ORDER BY version",
            (session_id,),
        ) as cur:
            return [
                {"version": r[0], "seat": r[1], "user_id": r[2], "payload": json.loads(r[3]), "at": r[4]}
                async for r in cur
            ]

    async def results(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        query = "SELECT session_id, game, guild_id, result, finished_at FROM results"
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            query += " WHERE guild_id=?"
            params = (guild_id,)
        async with self.db.execute(query + " ORDER BY finished_at", params) as cur:
            return [
                {"session_id": r[0], "game": r[1], "guild_id": r[2], "result": json.loads(r[3]), "finished_at": r[4]}
                async for r in cur
            ]

    # -- guild settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self.db.execute("SELECT data FROM guild_settings WHERE guild_id=?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else {}

    async def set_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        async with self._tx:
            await self.db.execute(
                "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET data=excluded.data",
                (guild_id, _dumps(data)),
            )

    async def moderator_roles(self) -> dict[int, int]:
        """guild id -> moderator role id, for every server that set one (loaded at start-up)."""
        query = (
            "SELECT guild_id, json_extract(data, '$.moderator_role') FROM guild_settings"
            " WHERE json_extract(data, '$.moderator_role') IS NOT NULL"
        )
        async with self.db.execute(query) as cur:
            return {int(r[0]): int(r[1]) async for r in cur}

    # -- server life: stats, history, data rights (issue 9) --------------------

    async def stats_rows(
        self, *, guild_id: int | None, user_id: int | None = None, game: str | None = None
    ) -> list[dict[str, Any]]:
        """Per (user, game): games played, won, drawn and the latest name, from ``participants``.

        ``guild_id=None`` means every server (a user's own data in DMs).  Only
        humans are in ``participants``, so no AI ever shows up here.
        """
        where, params = [], []
        for column, value in (("guild_id", guild_id), ("user_id", user_id), ("game", game)):
            if value is not None:
                where.append(f"{column}=?")
                params.append(value)
        query = (
            "SELECT user_id, game, COUNT(*), SUM(won), SUM(draw), name, MAX(finished_at) FROM participants"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " GROUP BY user_id, game"
        )
        async with self.db.execute(query, tuple(params)) as cur:
            return [
                {"user_id": r[0], "game": r[1], "played": r[2], "won": r[3], "drawn": r[4], "name": r[5]}
                async for r in cur
            ]

    async def history(
        self, *, guild_id: int | None, channel_id: int | None = None, user_id: int | None = None, limit: int = 10
    ) -> list[dict[str, Any]]:
        """The newest ended games (that were started) of a channel, or of a user in a server."""
        cols = "se.id, se.game, se.status, se.end_reason, se.ended_at, se.channel_id, r.result"
        base = " FROM sessions se LEFT JOIN results r ON r.session_id = se.id"
        ended = " se.status IN ('finished','abandoned') AND se.state IS NOT NULL"
        if user_id is not None:
            query = (
                f"SELECT {cols}{base} JOIN seats st ON st.session_id = se.id WHERE st.user_id=? AND {ended}"
                + (" AND se.guild_id=?" if guild_id is not None else "")
                + " ORDER BY se.id DESC LIMIT ?"
            )
            params: tuple[Any, ...] = (user_id, *((guild_id,) if guild_id is not None else ()), limit)
        else:
            query = f"SELECT {cols}{base} WHERE se.channel_id=? AND {ended} ORDER BY se.id DESC LIMIT ?"
            params = (channel_id, limit)
        async with self.db.execute(query, params) as cur:
            rows = await cur.fetchall()
        out = []
        for r in rows:
            async with self.db.execute("SELECT name FROM seats WHERE session_id=? ORDER BY seat", (r[0],)) as cur:
                names = [n[0] async for n in cur]
            out.append(
                {
                    "session_id": r[0],
                    "game": r[1],
                    "status": r[2],
                    "end_reason": r[3],
                    "ended_at": r[4],
                    "channel_id": r[5],
                    "result": json.loads(r[6]) if r[6] else None,
                    "names": names,
                }
            )
        return out

    async def user_data(self, user_id: int) -> dict[str, Any]:
        """Everything stored that points at one user, for ``/game mydata`` (counts and rows, no payloads)."""
        async with self.db.execute(
            "SELECT st.session_id, st.seat, st.name, st.locale, st.ai_level, st.dm_channel_id IS NOT NULL,"
            " se.game, se.guild_id, se.channel_id, se.status, se.created_at FROM seats st"
            " JOIN sessions se ON se.id = st.session_id WHERE st.user_id=? ORDER BY st.session_id",
            (user_id,),
        ) as cur:
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
                async for r in cur
            ]
        async with self.db.execute(
            "SELECT session_id, COUNT(*) FROM actions WHERE user_id=? GROUP BY session_id", (user_id,)
        ) as cur:
            actions = {int(r[0]): int(r[1]) async for r in cur}
        async with self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(won), 0) FROM participants WHERE user_id=?", (user_id,)
        ) as cur:
            results, wins = await cur.fetchone() or (0, 0)
        async with self.db.execute(
            "SELECT (SELECT COUNT(*) FROM sessions WHERE host_id=?), (SELECT COUNT(*) FROM sessions WHERE ended_by=?)",
            (user_id, user_id),
        ) as cur:
            hosted, ended = await cur.fetchone() or (0, 0)
        return {
            "seats": seats,
            "actions": actions,
            "results": int(results),
            "wins": int(wins),
            "hosted": int(hosted),
            "ended": int(ended),
        }

    async def forget_user(self, user_id: int, name: str) -> dict[str, int]:
        """Remove one user's id from every table, in one transaction; their seats keep ``name``.

        Seats, actions, results JSON and sessions (host, ended_by) lose the id;
        their stats rows go.  The games themselves stay (other players' records
        and replays need them).  Live sessions must have been left first: a
        live record in memory would write the id back on its next save.
        Counts per table are returned for the confirmation message.
        """
        counts: dict[str, int] = {}
        async with self._transaction():
            cur = await self.db.execute(
                "UPDATE seats SET user_id=NULL, name=?, dm_channel_id=NULL, dm_message_id=NULL WHERE user_id=?",
                (name, user_id),
            )
            counts["seats"] = cur.rowcount
            cur = await self.db.execute("UPDATE actions SET user_id=NULL WHERE user_id=?", (user_id,))
            counts["actions"] = cur.rowcount
            cur = await self.db.execute("DELETE FROM participants WHERE user_id=?", (user_id,))
            counts["stats"] = cur.rowcount
            await self.db.execute("UPDATE sessions SET host_id=0 WHERE host_id=?", (user_id,))
            await self.db.execute("UPDATE sessions SET ended_by=NULL WHERE ended_by=?", (user_id,))
            async with self.db.execute(
                "SELECT r.session_id, r.result FROM results r WHERE EXISTS (SELECT 1 FROM json_each(r.result,"
                " '$.seats') s WHERE json_extract(s.value, '$.user_id') = ?)",
                (user_id,),
            ) as c:
                rows = await c.fetchall()
            for session_id, raw in rows:
                data = json.loads(raw)
                for seat in data.get("seats") or []:
                    if seat.get("user_id") == user_id:
                        seat["user_id"] = None
                        seat["name"] = name
                await self.db.execute("UPDATE results SET result=? WHERE session_id=?", (_dumps(data), session_id))
            counts["results"] = len(rows)
        return counts

    async def _write_participants(self, r: SessionRecord, result: dict[str, Any], finished_at: float) -> None:
        """One stats row per human seat of a result (inside the caller's transaction)."""
        winners = set(result.get("winners") or [])
        await self.db.execute("DELETE FROM participants WHERE session_id=?", (r.id,))
        await self.db.executemany(
            "INSERT INTO participants (session_id, seat, user_id, name, guild_id, game, won, draw, finished_at)"
            " VALUES (?,?,?,?,?,?,?,?,?)",
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
                    finished_at,
                )
                for i, s in enumerate(result.get("seats") or [])
                if s.get("user_id") is not None
            ],
        )

    # -- internals ------------------------------------------------------------

    async def _write_session(self, r: SessionRecord) -> None:
        await self.db.execute(_UPDATE_SESSION, _session_params(r))

    async def _write_seats(self, r: SessionRecord) -> None:
        await self.db.execute("DELETE FROM seats WHERE session_id=?", (r.id,))
        await self.db.executemany(
            "INSERT INTO seats (session_id, seat, user_id, ai_level, name, locale, dm_channel_id, dm_message_id,"
            " dm_closed, timeouts) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [
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
            ],
        )

    async def _write_result(self, r: SessionRecord, result: dict[str, Any]) -> None:
        now = time.time()
        await self.db.execute(
            "INSERT OR REPLACE INTO results (session_id, game, guild_id, result, finished_at) VALUES (?,?,?,?,?)",
            (r.id, r.game, r.guild_id, _dumps(result), now),
        )
        await self._write_participants(r, result, now)


# The start-up query of ends never shown; its WHERE repeats the partial index's (migration 005) so that
# SQLite and PostgreSQL read that index, which holds only such sessions.
_UNANNOUNCED = (
    "SELECT * FROM sessions WHERE announced_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned')"
    " AND ended_at >= ? ORDER BY id"
)
_INSERT_ACTION = "INSERT INTO actions (session_id, version, seat, user_id, payload, at) VALUES (?,?,?,?,?,?)"
_UPDATE_SESSION = (
    "UPDATE sessions SET status=?, options=?, state=?, version=?, prompts=?, log=?, locale=?,"
    " board_message_id=?, deadline=?, updated_at=?, ended_at=?, ended_by=?, end_reason=?, host_id=?,"
    " reminded=?, last_human_at=?, turn_timeout=? WHERE id=?"
)

# A move of a running game leaves ``status`` as it is.  Not writing it keeps SQLite from rewriting
# the entries of both partial indexes on status (it re-indexes every column in a SET list, changed
# or not): 40 % fewer WAL bytes per move, ~25 % more moves per second (bench/persistence.py).
_UPDATE_MOVE = _UPDATE_SESSION.replace("SET status=?, ", "SET ", 1)
assert _UPDATE_MOVE != _UPDATE_SESSION


def _write_move_batch(con: sqlite3.Connection, rows: list[tuple[tuple[Any, ...], ...]]) -> dict[int, BaseException]:
    """One transaction for the moves in ``rows`` (on aiosqlite's thread); the moves refused, by index."""
    refused: dict[int, BaseException] = {}
    con.execute("BEGIN IMMEDIATE")
    try:
        if len(rows) == 1:
            con.execute(_INSERT_ACTION, rows[0][0])
            con.execute(_UPDATE_MOVE, rows[0][1])
        else:
            for i, (action_row, session_row) in enumerate(rows):
                con.execute("SAVEPOINT move")
                try:
                    con.execute(_INSERT_ACTION, action_row)
                    con.execute(_UPDATE_MOVE, session_row)
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


def _session_params(r: SessionRecord) -> tuple[Any, ...]:
    """The parameters of ``_UPDATE_SESSION`` for ``r`` (JSON columns encoded); ``[1:]`` for ``_UPDATE_MOVE``."""
    return (
        r.status,
        _dumps(r.options),
        _dumps(r.state) if r.state is not None else None,
        r.version,
        _dumps(r.prompts),
        _dumps(r.log),
        r.locale,
        r.board_message_id,
        r.deadline,
        r.updated_at,
        r.ended_at,
        r.ended_by,
        r.end_reason,
        r.host_id,
        int(r.reminded),
        r.last_human_at,
        r.turn_timeout,
        r.id,
    )


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our statements)."""
    body = "\n".join(line for line in script.splitlines() if not line.strip().startswith("--"))
    return [s.strip() for s in body.split(";") if s.strip()]


def _session_from_row(row: aiosqlite.Row) -> SessionRecord:
    return SessionRecord(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        seed=row["seed"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        options=_loads(row["options"]),
        state=_loads(row["state"]) if row["state"] is not None else None,
        version=row["version"],
        prompts=_loads(row["prompts"]),
        log=_loads(row["log"]),
        locale=row["locale"],
        board_message_id=row["board_message_id"],
        deadline=row["deadline"],
        ended_at=row["ended_at"],
        ended_by=row["ended_by"],
        end_reason=row["end_reason"],
        announced_at=row["announced_at"],
        reminded=bool(row["reminded"]),
        last_human_at=row["last_human_at"],
        turn_timeout=row["turn_timeout"],
    )


def _seat_from_row(row: aiosqlite.Row) -> SeatRecord:
    return SeatRecord(
        seat=row["seat"],
        name=row["name"],
        user_id=row["user_id"],
        ai_level=row["ai_level"],
        locale=row["locale"],
        dm_channel_id=row["dm_channel_id"],
        dm_message_id=row["dm_message_id"],
        dm_closed=bool(row["dm_closed"]),
        timeouts=row["timeouts"],
    )


__all__ = ["LIVE", "LiveSessionExists", "SeatRecord", "SessionRecord", "Store"]
