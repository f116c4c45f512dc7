"""SQLite's group commit (bot.core.store.sqlite): moves posted straight to aiosqlite's thread, batched while one
is written, kept apart from multi-statement transactions, and never lost at close."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.store import SeatRecord, SessionRecord, Store
from bot.core.store.sqlite import _write_move_batch


async def _game(store: Store, channel: int) -> SessionRecord:
    record = await store.create_session(
        game="portas", guild_id=1, channel_id=channel, host_id=100, seed=1, options={}, locale="en",
        seats=[SeatRecord(seat=0, name="a", user_id=100), SeatRecord(seat=1, name="b", user_id=101)],
    )
    record.status = "active"
    record.state = {"v": 0}
    await store.save(record)
    return record


async def _move(store: Store, record: SessionRecord, value: int) -> None:
    record.version += 1
    record.state = {"v": value}
    await store.commit_action(record, seat=0, user_id=100, payload={"v": value})


@pytest.fixture(params=[True, False], ids=["posted", "through-execute"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Both ways to aiosqlite's thread: the posted job, and the fallback if aiosqlite's queue ever changes."""
    s = await Store.open(tmp_path / "k.sqlite3")
    s._direct = request.param
    yield s
    await s.close()


async def test_moves_queued_during_a_write_go_in_one_batch(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    records = [await _game(store, 10 + i) for i in range(8)]
    batches: list[int] = []

    def counting_batch(con, rows):  # type: ignore[no-untyped-def]
        batches.append(len(rows))
        return _write_move_batch(con, rows)

    monkeypatch.setattr("bot.core.store.sqlite._write_move_batch", counting_batch)
    await asyncio.gather(*(_move(store, r, r.id) for r in records))
    assert batches == [1, 7]  # the first is written at once; the seven that came meanwhile share one commit
    for r in records:
        got = await store.get_session(r.id)
        assert got is not None and got.state == {"v": r.id} and got.version == 1


async def test_a_move_waits_for_an_open_transaction(store: Store) -> None:
    """A batch is never written inside another coroutine's BEGIN … COMMIT on the shared connection."""
    record = await _game(store, 10)
    other = await _game(store, 11)
    async with store._transaction() as con:
        move = asyncio.create_task(_move(store, record, 7))
        await asyncio.sleep(0.05)
        assert not move.done()  # waiting for the transaction, not written inside it
        await con.execute("UPDATE sessions SET locale='ja' WHERE id=?", (other.id,))
    await asyncio.wait_for(move, 5)
    got = await store.get_session(record.id)
    assert got is not None and got.state == {"v": 7}
    again = await store.get_session(other.id)
    assert again is not None and again.locale == "ja"


async def test_a_failed_batch_fails_every_move_in_it(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    records = [await _game(store, 10 + i) for i in range(3)]

    def disk_full(con, rows):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr("bot.core.store.sqlite._write_move_batch", disk_full)
    outcomes = await asyncio.gather(*(_move(store, r, 1) for r in records), return_exceptions=True)
    assert all(isinstance(o, OSError) for o in outcomes)
    monkeypatch.undo()
    await _move(store, records[0], 2)  # the store goes on after a failed batch
    got = await store.get_session(records[0].id)
    assert got is not None and got.state == {"v": 2}


async def test_close_writes_the_moves_already_accepted(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    records = [await _game(store, 10 + i) for i in range(5)]
    moves = [asyncio.create_task(_move(store, r, 3)) for r in records]
    await asyncio.sleep(0)  # all five queued
    await store.close()
    assert all(m.done() and m.exception() is None for m in moves)
    again = await Store.open(tmp_path / "k.sqlite3")
    try:
        for r in records:
            got = await again.get_session(r.id)
            assert got is not None and got.state == {"v": 3}
    finally:
        await again.close()
