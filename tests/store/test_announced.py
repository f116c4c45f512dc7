"""The "end announced" marker (migration 005 / PostgreSQL 003), on every backend.

A session's end is committed before it is shown; a crash in between must be
healed at the next start (``SessionManager.announce_missed_endings``), and only
then.  So the store must tell exactly which recent ends were never shown, and
the mark must stick.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from bot.core.store import SeatRecord, Store, _migrations, _split_sql
from tests.store.test_backends import _new, _result, _start

DAY = 24 * 3600.0


async def _finished(store: Any, channel: int, *, ended_at: float | None = None) -> Any:
    record = await _new(store, channel=channel)
    await _start(store, record, SeatRecord(seat=1, name="bob", user_id=101))
    record.status = "finished"
    record.end_reason = "all_taken"
    record.ended_at = ended_at
    await store.finish(record, _result(record, [1]))
    return record


async def test_mark_announced_round_trip(backend: Any, store: Any) -> None:
    record = await _finished(store, 10)
    got = await store.get_session(record.id)
    assert got is not None and got.announced_at is None
    [(pending, result)] = await store.unannounced_endings(0.0)
    assert pending.id == record.id and pending.status == "finished" and pending.end_reason == "all_taken"
    assert [(s.seat, s.name, s.user_id) for s in pending.seats] == [(0, "アリス", 100), (1, "bob", 101)]
    assert pending.state == record.state  # enough to draw the final board again
    assert result is not None and result["winners"] == [1] and result["reason"] == "all_taken"

    before = time.time()
    await store.mark_announced(record)
    assert record.announced_at is not None and record.announced_at >= before
    assert await store.unannounced_endings(0.0) == []
    await store.save(record)  # a later write of the whole session keeps the mark
    await store.close()
    again = await backend.open()  # and it is durable
    got = await again.get_session(record.id)
    assert got is not None and got.announced_at == record.announced_at
    assert await again.unannounced_endings(0.0) == []


async def test_unannounced_endings_are_only_recent_unshown_ends(store: Any) -> None:
    now = time.time()
    await _new(store, channel=20)  # a lobby: live, restored by restore(), not an end
    active = await _new(store, channel=21)
    await _start(store, active, SeatRecord(seat=1, name="bob", user_id=101))  # a running game: live too
    cancelled = await _new(store, channel=22)
    cancelled.status, cancelled.end_reason = "cancelled", "cancelled"
    await store.finish(cancelled)
    abandoned = await _new(store, channel=23)
    await _start(store, abandoned, SeatRecord(seat=1, name="bob", user_id=101))
    abandoned.status, abandoned.end_reason, abandoned.ended_by = "abandoned", "reset", 555
    await store.finish(abandoned)
    finished = await _finished(store, 24)
    shown = await _finished(store, 25)
    await store.mark_announced(shown)
    await _finished(store, 26, ended_at=now - 2 * DAY)  # too old to be news

    pending = await store.unannounced_endings(now - DAY)
    assert [(r.id, r.status) for r, _ in pending] == [
        (cancelled.id, "cancelled"), (abandoned.id, "abandoned"), (finished.id, "finished")
    ]
    results = {r.id: res for r, res in pending}
    assert results[cancelled.id] is None and results[abandoned.id] is None
    assert results[finished.id] is not None and results[finished.id]["winners"] == [1]
    by_id = {r.id: r for r, _ in pending}
    assert by_id[abandoned.id].ended_by == 555 and by_id[abandoned.id].end_reason == "reset"
    assert len(await store.unannounced_endings(now - 3 * DAY)) == 4  # the old one, given a wider window
    assert await store.unannounced_endings(time.time() + 1) == []


async def test_migration_marks_ends_stored_before_it_announced(tmp_path: Path) -> None:
    """Upgrading must not post again every result of the last day: old ends count as shown."""
    path = tmp_path / "k.sqlite3"
    con = sqlite3.connect(path)
    for number, sql in _migrations():
        if number >= 5:
            break
        for statement in _split_sql(sql):
            con.execute(statement)
        con.execute(f"PRAGMA user_version={number}")
    columns = "game, guild_id, channel_id, host_id, status, seed, created_at, updated_at, ended_at"
    con.execute(f"INSERT INTO sessions ({columns}) VALUES ('portas', 1, 1, 9, 'finished', 1, 1.0, 3.0, 2.0)")
    con.execute(f"INSERT INTO sessions ({columns}) VALUES ('portas', 1, 2, 9, 'cancelled', 1, 1.0, 4.0, NULL)")
    con.execute(f"INSERT INTO sessions ({columns}) VALUES ('portas', 1, 3, 9, 'active', 1, 1.0, 5.0, NULL)")
    con.commit()
    con.close()
    store = await Store.open(path)
    try:
        async with store.db.execute("SELECT status, announced_at FROM sessions ORDER BY id") as cur:
            rows = [tuple(r) for r in await cur.fetchall()]
        assert rows == [("finished", 2.0), ("cancelled", 4.0), ("active", None)]
        assert await store.unannounced_endings(0.0) == []
    finally:
        await store.close()
