"""One storage suite, every backend: SQLite (bot.core.store.Store) and PostgreSQL (bot.core.store.postgres).

The bot only ever calls these methods, so a backend that passes this suite can
stand in for the other.  See conftest.py for how PostgreSQL is found.
"""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.core.store import LiveSessionExists, SeatRecord, SessionRecord, Store
from tests.store.conftest import DSN, Backend, postgres_or_skip

BIG = 1_234_567_890_123_456_789  # a real Discord snowflake is this size: beyond 2**53 and 32 bits


async def _new(
    store: Any, channel: int = 10, *, guild: int = 1, host: int = 100, game: str = "portas"
) -> SessionRecord:
    return await store.create_session(
        game=game, guild_id=guild, channel_id=channel, host_id=host, seed=2**62 - 1, options={"overshoot": "illegal"},
        locale="ja", seats=[SeatRecord(seat=0, name="アリス", user_id=host, locale="ja")],
    )


async def _start(store: Any, record: SessionRecord, *others: SeatRecord) -> None:
    record.seats.extend(others)
    record.status = "active"
    record.state = {"z": 1, "a": [1, 2, {"nested": None}], "日本": "語", "big": BIG, "f": 0.1}
    record.prompts = {"0": [0, "abcd"], "1": [0, "ef01"]}
    record.deadline = 1_700_000_000.5
    await store.save(record)


def _result(record: SessionRecord, winners: list[int]) -> dict[str, Any]:
    return {
        "winners": winners,
        "scores": [3.0, 1.0],
        "reason": "all_taken",
        "seats": [{"user_id": s.user_id, "name": s.name, "ai": s.ai_level} for s in record.seats],
    }


# -- the interface ------------------------------------------------------------------------------------------------


def test_postgres_store_offers_every_public_method_of_store() -> None:
    """A method added to the SQLite store must get its PostgreSQL twin (same parameters)."""
    pytest.importorskip("asyncpg", reason="asyncpg is not installed: pip install -e '.[postgres]'")
    from bot.core.store.postgres import PostgresStore

    for name, method in inspect.getmembers(Store, inspect.isfunction):
        if name.startswith("_") or name == "open":
            continue
        twin = getattr(PostgresStore, name, None)
        assert twin is not None, f"PostgresStore lacks {name}()"
        assert inspect.iscoroutinefunction(twin) == inspect.iscoroutinefunction(method), name
        ours = list(inspect.signature(method).parameters.values())
        theirs = list(inspect.signature(twin).parameters.values())
        assert [(p.name, p.kind, p.default) for p in ours] == [(p.name, p.kind, p.default) for p in theirs], name


async def test_schemas_have_the_same_columns(tmp_path: Path) -> None:
    """Every SQLite migration has its PostgreSQL twin: same tables, same columns."""
    asyncpg = postgres_or_skip()
    sqlite_store = await Store.open(tmp_path / "k.sqlite3")
    await sqlite_store.close()
    con = sqlite3.connect(tmp_path / "k.sqlite3")
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    lite = {(t, row[1]) for t in tables for row in con.execute(f"PRAGMA table_info({t})")}
    con.close()
    backend = Backend("postgres", tmp_path)
    await backend.setup()
    try:
        await backend.open()
        pg = await asyncpg.connect(DSN)
        try:
            rows = await pg.fetch(
                "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema=$1",
                backend.schema,
            )
        finally:
            await pg.close()
    finally:
        await backend.teardown()
    ours = {(r[0], r[1]) for r in rows if r[0] != "kado_schema"}
    assert lite == ours


async def test_postgres_restores_only_its_shards_sessions(backend: Backend, store: Any) -> None:
    """Several processes share one database: each restores only its own shards' servers."""
    if backend.kind != "postgres":
        pytest.skip("a SQLite database belongs to one process")
    from bot.core.store.postgres import PostgresStore

    guilds = {shard: next(g << 22 | 5 for g in range(1, 100) if g % 3 == shard) for shard in range(3)}
    made = {shard: await _new(store, channel=60 + shard, guild=guild) for shard, guild in guilds.items()}
    assert len(await store.live_sessions()) == 3  # no shards given: everything
    mine = await PostgresStore.open(DSN, shards=(3, (0, 2)), server_settings={"search_path": backend.schema})
    backend.opened.append(mine)
    assert [r.id for r in await mine.live_sessions()] == [made[0].id, made[2].id]
    assert all(len(r.seats) == 1 for r in await mine.live_sessions())


# -- sessions ---------------------------------------------------------------------------------------------------


async def test_create_and_read_back(store: Any) -> None:
    record = await _new(store, channel=BIG, guild=BIG, host=BIG)
    got = await store.get_session(record.id)
    assert got is not None
    assert (got.game, got.guild_id, got.channel_id, got.host_id, got.status) == ("portas", BIG, BIG, BIG, "lobby")
    assert got.seed == 2**62 - 1 and got.options == {"overshoot": "illegal"} and got.locale == "ja"
    assert [(s.seat, s.name, s.user_id, s.locale) for s in got.seats] == [(0, "アリス", BIG, "ja")]
    assert await store.get_session(record.id + 1000) is None


async def test_one_live_session_per_channel(store: Any) -> None:
    first = await _new(store)
    with pytest.raises(LiveSessionExists) as info:
        await _new(store)
    assert info.value.session_id == first.id
    await _new(store, channel=11)  # another channel is independent
    first.status = "cancelled"
    await store.finish(first)
    again = await _new(store)  # the channel is free again
    assert again.id != first.id


async def test_save_rewrites_session_and_seats(store: Any) -> None:
    record = await _new(store)
    bob, ai = SeatRecord(seat=1, name="bob", user_id=101), SeatRecord(seat=2, name="AI 1", ai_level="normal")
    await _start(store, record, bob, ai)
    record.seats[1].timeouts = 2
    record.reminded = True
    record.last_human_at = 123.25
    await store.save(record)
    got = await store.get_session(record.id)
    assert got is not None and got.status == "active"
    assert got.state == record.state and list(got.state) == ["z", "a", "日本", "big", "f"]  # exact, key order too
    assert got.prompts == record.prompts and got.deadline == 1_700_000_000.5
    assert got.reminded is True and got.last_human_at == 123.25
    assert [(s.seat, s.user_id, s.ai_level, s.timeouts) for s in got.seats] == [
        (0, 100, None, 0), (1, 101, None, 2), (2, None, "normal", 0)
    ]
    del record.seats[2]  # a seat removed is removed in the store too
    await store.save(record)
    got = await store.get_session(record.id)
    assert got is not None and len(got.seats) == 2


async def test_commit_action_appends_and_survives_reopening(backend: Backend, store: Any) -> None:
    record = await _new(store)
    await _start(store, record, SeatRecord(seat=1, name="bob", user_id=101))
    for version in (1, 2, 3):
        record.version = version
        record.state = {"turn": version % 2, "v": version}
        record.log = [{"kind": "ported", "args": {"seat": 0, "card": version}}]
        await store.commit_action(record, seat=version % 2, user_id=100 + version % 2, payload={"card": version})
    await store.close()
    again = await backend.open()
    got = await again.get_session(record.id)
    assert got is not None and got.version == 3 and got.state == {"turn": 1, "v": 3}
    assert got.log == [{"kind": "ported", "args": {"seat": 0, "card": 3}}]
    actions = await again.actions(record.id)
    assert [(a["version"], a["seat"], a["user_id"], a["payload"]) for a in actions] == [
        (1, 1, 101, {"card": 1}), (2, 0, 100, {"card": 2}), (3, 1, 101, {"card": 3})
    ]


async def test_a_refused_commit_changes_nothing(store: Any) -> None:
    record = await _new(store)
    await _start(store, record)
    record.version = 1
    record.state = {"v": 1}
    await store.commit_action(record, seat=0, user_id=100, payload={"card": 1})
    record.state = {"v": "not written"}  # same version again: the action row's key refuses it
    with pytest.raises(Exception):  # noqa: B017 - sqlite3.IntegrityError / asyncpg.UniqueViolationError
        await store.commit_action(record, seat=0, user_id=100, payload={"card": 2})
    got = await store.get_session(record.id)
    assert got is not None and got.state == {"v": 1}
    assert len(await store.actions(record.id)) == 1
    record.version = 2  # and the store still works afterwards
    await store.commit_action(record, seat=0, user_id=100, payload={"card": 2})
    assert len(await store.actions(record.id)) == 2


async def test_last_move_with_result_and_stats(store: Any) -> None:
    record = await _new(store)
    bob, ai = SeatRecord(seat=1, name="bob", user_id=101), SeatRecord(seat=2, name="AI", ai_level="normal")
    await _start(store, record, bob, ai)
    record.version = 1
    record.status = "finished"
    record.end_reason = "all_taken"
    record.ended_at = 1_700_000_100.0
    await store.commit_action(record, seat=0, user_id=100, payload={"card": 1}, result=_result(record, [0]))
    assert await store.live_sessions() == []
    (res,) = await store.results(guild_id=1)
    assert res["session_id"] == record.id and res["result"]["winners"] == [0]
    assert await store.results(guild_id=2) == []
    rows = {r["user_id"]: r for r in await store.stats_rows(guild_id=1)}
    assert set(rows) == {100, 101}  # AI seats never reach the stats
    assert (rows[100]["played"], rows[100]["won"], rows[100]["drawn"], rows[100]["name"]) == (1, 1, 0, "アリス")
    assert (rows[101]["played"], rows[101]["won"]) == (1, 0)
    assert [r["game"] for r in await store.stats_rows(guild_id=1, user_id=101, game="portas")] == ["portas"]
    assert await store.stats_rows(guild_id=1, game="getgem") == []


async def test_finish_with_and_without_result(store: Any) -> None:
    a = await _new(store, channel=20)
    a.status = "cancelled"
    a.end_reason = "cancelled"
    await store.finish(a)
    b = await _new(store, channel=21)
    await _start(store, b, SeatRecord(seat=1, name="bob", user_id=101))
    b.status = "finished"
    b.end_reason = "forfeit"
    b.ended_by = 100
    await store.finish(b, _result(b, [1]))
    got = await store.get_session(b.id)
    assert got is not None and (got.status, got.end_reason, got.ended_by) == ("finished", "forfeit", 100)
    assert got.ended_at is not None
    assert [r["session_id"] for r in await store.results()] == [b.id]


async def test_live_sessions_board_and_dm_columns(store: Any) -> None:
    lobby = await _new(store, channel=30)
    active = await _new(store, channel=31)
    await _start(store, active, SeatRecord(seat=1, name="bob", user_id=101))
    ended = await _new(store, channel=32)
    ended.status = "cancelled"
    await store.finish(ended)
    await store.set_board_message(active, BIG)
    seat = active.seats[1]
    seat.dm_channel_id, seat.dm_message_id, seat.dm_closed = BIG - 1, BIG - 2, True
    await store.set_dm(active, seat)
    live = await store.live_sessions()
    assert [r.id for r in live] == [lobby.id, active.id]
    got = live[1]
    assert got.board_message_id == BIG
    assert [s.seat for s in got.seats] == [0, 1]
    assert (got.seats[1].dm_channel_id, got.seats[1].dm_message_id, got.seats[1].dm_closed) == (BIG - 1, BIG - 2, True)


async def test_guild_settings_and_moderator_roles(store: Any) -> None:
    assert await store.guild_settings(5) == {}
    await store.set_guild_settings(5, {"language": "ja", "moderator_role": BIG})
    await store.set_guild_settings(6, {"language": "en"})
    await store.set_guild_settings(5, {"language": "en", "moderator_role": 77})  # replaces
    assert await store.guild_settings(5) == {"language": "en", "moderator_role": 77}
    assert await store.moderator_roles() == {5: 77}


async def test_history_by_channel_and_by_user(store: Any) -> None:
    ids = []
    for i in range(3):
        record = await _new(store, channel=40)
        await _start(store, record, SeatRecord(seat=1, name=f"guest{i}", user_id=200 + i))
        record.status = "finished"
        record.ended_at = 1000.0 + i
        await store.finish(record, _result(record, [0]))
        ids.append(record.id)
    lobby_only = await _new(store, channel=40)  # never started: not history
    lobby_only.status = "cancelled"
    await store.finish(lobby_only)
    by_channel = await store.history(guild_id=1, channel_id=40, limit=2)
    assert [h["session_id"] for h in by_channel] == [ids[2], ids[1]]
    assert by_channel[0]["names"] == ["アリス", "guest2"] and by_channel[0]["result"]["winners"] == [0]
    by_user = await store.history(guild_id=1, user_id=201)
    assert [h["session_id"] for h in by_user] == [ids[1]]
    assert await store.history(guild_id=2, user_id=201) == []
    assert [h["session_id"] for h in await store.history(guild_id=None, user_id=100)] == ids[::-1]


async def test_user_data_and_forget_user(store: Any) -> None:
    record = await _new(store, channel=50)
    await _start(store, record, SeatRecord(seat=1, name="bob", user_id=101))
    record.version = 1
    await store.commit_action(record, seat=1, user_id=101, payload={"card": 1})
    record.version = 2
    record.status = "finished"
    record.ended_by = 101
    await store.commit_action(record, seat=0, user_id=100, payload={"card": 2}, result=_result(record, [1]))
    data = await store.user_data(101)
    assert [s["session_id"] for s in data["seats"]] == [record.id]
    assert data["actions"] == {record.id: 1} and (data["results"], data["wins"]) == (1, 1)
    assert (data["hosted"], data["ended"]) == (0, 1)
    counts = await store.forget_user(101, "someone")
    assert counts == {"seats": 1, "actions": 1, "stats": 1, "ratings": 1, "results": 1}
    after = await store.user_data(101)
    assert after["seats"] == [] and after["actions"] == {} and after["results"] == 0 and after["ended"] == 0
    got = await store.get_session(record.id)
    assert got is not None and [(s.user_id, s.name) for s in got.seats] == [(100, "アリス"), (None, "someone")]
    (res,) = await store.results()
    assert [s["user_id"] for s in res["result"]["seats"]] == [100, None]
    assert [s["name"] for s in res["result"]["seats"]] == ["アリス", "someone"]
    assert [r["user_id"] for r in await store.stats_rows(guild_id=1)] == [100]


async def test_many_games_moving_at_once_and_one_refused_move(store: Any) -> None:
    """Moves of many games committed together (SQLite writes them as one group commit): all land,
    and a move the database refuses fails alone, leaving its game as it was."""
    records = [await _new(store, channel=100 + i) for i in range(12)]
    for r in records:
        await _start(store, r)
        r.version = 1
        r.state = {"v": r.id}
    bad = records[5]
    await store.commit_action(bad, seat=0, user_id=100, payload={"card": 0})  # its version 1 exists now
    bad.state = {"v": "refused"}
    outcomes = await asyncio.gather(
        *(store.commit_action(r, seat=0, user_id=100, payload={"card": r.id}) for r in records),
        return_exceptions=True,
    )
    assert [i for i, o in enumerate(outcomes) if isinstance(o, BaseException)] == [5]
    for r in records:
        got = await store.get_session(r.id)
        assert got is not None
        assert got.state == ({"v": r.id} if r is not bad else {"v": bad.id})
        assert [a["payload"] for a in await store.actions(r.id)] == [{"card": r.id if r is not bad else 0}]
