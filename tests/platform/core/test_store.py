"""The SQLite store: migrations, one live session per channel, atomic action commits."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.store import LiveSessionExists, SeatRecord, Store


async def _new(store: Store, channel: int = 10):
    return await store.create_session(
        game="portas", guild_id=1, channel_id=channel, host_id=100, seed=7, options={}, locale="en",
        seats=[SeatRecord(seat=0, name="alice", user_id=100)],
    )


async def test_migrations_set_wal_and_full_sync(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "sub" / "kado.sqlite3")
    try:
        async with store.db.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
        async with store.db.execute("PRAGMA synchronous") as cur:
            assert (await cur.fetchone())[0] == 2  # FULL
        async with store.db.execute("PRAGMA user_version") as cur:
            assert (await cur.fetchone())[0] >= 1
    finally:
        await store.close()
    again = await Store.open(tmp_path / "sub" / "kado.sqlite3")  # re-opening re-applies nothing
    await again.close()


async def test_one_live_session_per_channel(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    try:
        first = await _new(store)
        with pytest.raises(LiveSessionExists) as info:
            await _new(store)
        assert info.value.session_id == first.id
        await _new(store, channel=11)  # another channel is independent
        first.status = "cancelled"
        await store.finish(first)
        await _new(store)  # the channel is free again
    finally:
        await store.close()


async def test_commit_action_round_trips_and_restores(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    store = await Store.open(path)
    record = await _new(store)
    record.seats.append(SeatRecord(seat=1, name="AI 1", ai_level="normal"))
    record.status = "active"
    record.state = {"x": [1, 2, 3], "name": "日本語"}
    await store.save(record)
    record.version = 1
    record.state = {"x": [4]}
    await store.commit_action(record, seat=0, user_id=100, payload={"type": "port", "card": 3})
    await store.close()

    store = await Store.open(path)
    try:
        (restored,) = await store.live_sessions()
        assert restored.state == {"x": [4]} and restored.version == 1
        assert [s.name for s in restored.seats] == ["alice", "AI 1"]
        assert restored.seats[1].is_ai and not restored.seats[0].is_ai
        actions = await store.actions(restored.id)
        assert actions == [{"version": 1, "seat": 0, "user_id": 100, "payload": {"type": "port", "card": 3},
                            "at": actions[0]["at"]}]
    finally:
        await store.close()


async def test_duplicate_version_rolls_back_whole_commit(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    try:
        record = await _new(store)
        record.status = "active"
        record.version = 1
        record.state = {"v": 1}
        await store.commit_action(record, seat=0, user_id=100, payload={"a": 1})
        record.state = {"v": "lost"}
        with pytest.raises(Exception):  # noqa: B017 - sqlite3.IntegrityError through aiosqlite
            await store.commit_action(record, seat=0, user_id=100, payload={"a": 2})
        again = await store.get_session(record.id)
        assert again is not None and again.state == {"v": 1}
    finally:
        await store.close()
