"""SQLite persistence (aiosqlite): sessions, seats, the action log, results.

Durability choice: WAL journal with ``synchronous=FULL``.  WAL lets readers
run beside the single writer; FULL makes SQLite fsync the WAL on every commit,
so an accepted move survives a crash *and* a power loss.  The cost is one
fsync per move (a fraction of a millisecond on SSDs), far below a Discord
round trip.  ``NORMAL`` would be faster but may lose the last moves on power
loss, which breaks the promise "an accepted move is never lost".
"""

from __future__ import annotations

import json
import logging
import time
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
        await self.db.execute("BEGIN IMMEDIATE")
        try:
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
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        return record

    async def save(self, record: SessionRecord) -> None:
        """Write the whole session (row and seats) in one transaction."""
        record.updated_at = time.time()
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self._write_session(record)
            await self._write_seats(record)
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

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
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self.db.execute(
                "INSERT INTO actions (session_id, version, seat, user_id, payload, at) VALUES (?,?,?,?,?,?)",
                (record.id, record.version, seat, user_id, _dumps(payload), now),
            )
            await self._write_session(record)
            if result is not None:
                await self._write_result(record, result)
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def finish(self, record: SessionRecord, result: dict[str, Any] | None = None) -> None:
        """Store a session's end (status already set on the record) and its result, if any."""
        record.ended_at = record.ended_at or time.time()
        record.updated_at = record.ended_at
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self._write_session(record)
            if result is not None:
                await self._write_result(record, result)
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def set_board_message(self, record: SessionRecord, message_id: int | None) -> None:
        record.board_message_id = message_id
        await self.db.execute("UPDATE sessions SET board_message_id=? WHERE id=?", (message_id, record.id))

    async def set_dm(self, record: SessionRecord, seat: SeatRecord) -> None:
        await self.db.execute(
            "UPDATE seats SET dm_channel_id=?, dm_message_id=?, dm_closed=? WHERE session_id=? AND seat=?",
            (seat.dm_channel_id, seat.dm_message_id, int(seat.dm_closed), record.id, seat.seat),
        )

    async def live_sessions(self) -> list[SessionRecord]:
        async with self.db.execute("SELECT * FROM sessions WHERE status IN ('lobby','active') ORDER BY id") as cur:
            rows = await cur.fetchall()
        records = {row["id"]: _session_from_row(row) for row in rows}
        if records:
            async with self.db.execute(
                "SELECT seats.* FROM seats JOIN sessions ON sessions.id = seats.session_id"
                " WHERE sessions.status IN ('lobby','active') ORDER BY seats.session_id, seats.seat"
            ) as cur:
                async for row in cur:
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
        await self.db.execute(
            "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET data=excluded.data",
            (guild_id, _dumps(data)),
        )

    # -- internals ------------------------------------------------------------

    async def _write_session(self, r: SessionRecord) -> None:
        await self.db.execute(
            "UPDATE sessions SET status=?, options=?, state=?, version=?, prompts=?, log=?, locale=?,"
            " board_message_id=?, deadline=?, updated_at=?, ended_at=?, ended_by=?, end_reason=?, host_id=?"
            " WHERE id=?",
            (
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
                r.id,
            ),
        )

    async def _write_seats(self, r: SessionRecord) -> None:
        await self.db.execute("DELETE FROM seats WHERE session_id=?", (r.id,))
        await self.db.executemany(
            "INSERT INTO seats (session_id, seat, user_id, ai_level, name, locale, dm_channel_id, dm_message_id,"
            " dm_closed) VALUES (?,?,?,?,?,?,?,?,?)",
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
                )
                for s in r.seats
            ],
        )

    async def _write_result(self, r: SessionRecord, result: dict[str, Any]) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO results (session_id, game, guild_id, result, finished_at) VALUES (?,?,?,?,?)",
            (r.id, r.game, r.guild_id, _dumps(result), time.time()),
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
        options=json.loads(row["options"]),
        state=json.loads(row["state"]) if row["state"] is not None else None,
        version=row["version"],
        prompts=json.loads(row["prompts"]),
        log=json.loads(row["log"]),
        locale=row["locale"],
        board_message_id=row["board_message_id"],
        deadline=row["deadline"],
        ended_at=row["ended_at"],
        ended_by=row["ended_by"],
        end_reason=row["end_reason"],
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
    )


__all__ = ["LIVE", "LiveSessionExists", "SeatRecord", "SessionRecord", "Store"]
