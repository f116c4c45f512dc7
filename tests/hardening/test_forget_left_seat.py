"""Forget-me leaves nothing behind, whatever state the user's seats were in, on SQLite and on PostgreSQL.

A player who left a game of three or more seats (or was removed from it) no
longer *sits* there, but the live record keeps who left the seat (rated last
at the end), their name on it, and maybe the host role; it is written back on
every move.  After ``/game forget-me`` neither the next save, nor the game's
result, nor its ratings may bring their id or name back.  The PostgreSQL half
runs in ``.ci/run``'s PostgreSQL pass (``KADO_TEST_POSTGRES_DSN``).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

from bot.core import privacy
from bot.core.sessions import SessionManager
from bot.core.store import SessionRecord
from tests.platform.frontend.gateway.test_forwarding import GUILD_ON_SHARD_1
from tests.server.helpers import Capture, player
from tests.server.test_forget_sharded import shards  # noqa: F401  (the two-shard fixture)
from tests.server.test_privacy import _scan
from tests.store.conftest import DSN, Backend

U, P2, P3 = player(1), player(2), player(3)
GUILD = 1


@pytest_asyncio.fixture
async def mgr(backend: Backend) -> AsyncIterator[SessionManager]:
    m = SessionManager(await backend.open(), Capture(), ai_delay=0)  # type: ignore[arg-type]
    try:
        yield m
    finally:
        await m.close()


async def scan(backend: Backend, needle: str) -> list[str]:
    """Every (table.column = value) of the database whose text contains ``needle``."""
    if backend.kind == "sqlite":
        con = sqlite3.connect(backend.path)
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
            found = []
            for table in tables:
                cur = con.execute(f"SELECT * FROM {table}")
                cols = [d[0] for d in cur.description]
                found += [(table, dict(zip(cols, row, strict=True))) for row in cur]
        finally:
            con.close()
    else:
        import asyncpg

        con = await asyncpg.connect(DSN, server_settings={"search_path": backend.schema})
        try:
            tables = await con.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema=$1", backend.schema
            )
            found = [(t[0], dict(r)) for t in tables for r in await con.fetch(f"SELECT * FROM {t[0]}")]
        finally:
            await con.close()
    return [
        f"{table}.{col} = {str(value)[:120]}"
        for table, row in found
        for col, value in row.items()
        if value is not None and needle in str(value)
    ]


async def three_seat_game(m: SessionManager, channel: int) -> SessionRecord:
    """GETGEM with U (the host), P2 and P3, under way."""
    record = await m.new_lobby("getgem", guild_id=GUILD, channel_id=channel, host=U, locale="en")
    for p in (P2, P3):
        await m.join(record.id, p)
    await m.start(record.id, U)
    return record


async def finish_with_ais(m: SessionManager, record: SessionRecord) -> None:
    """The other players leave; the AIs play the game to its end."""
    for p in (P2, P3):
        if record.status == "active" and record.seat_of(p.user_id) is not None:
            await m.leave_game(record.channel_id, p)
    for _ in range(2000):
        if record.status != "active":
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the AIs did not finish the game")


async def assert_forgotten(backend: Backend, m: SessionManager) -> None:
    assert await scan(backend, str(U.user_id)) == []
    assert await scan(backend, U.name) == []
    for game in ("getgem",):
        assert all(name != U.name for _, name, _ in await m.store.rating_board(GUILD, game))


Departure = Callable[[SessionManager, SessionRecord], Awaitable[Any]]


async def left(m: SessionManager, record: SessionRecord) -> None:
    await m.leave_game(record.channel_id, U)


async def kicked(m: SessionManager, record: SessionRecord) -> None:
    await m.seat_left(GUILD, U.user_id)  # removed from the server: the seat goes to an AI


@pytest.mark.parametrize("departure", [left, kicked], ids=["left", "kicked"])
async def test_forget_me_after_leaving_a_running_game_stays_forgotten(
    backend: Backend, mgr: SessionManager, departure: Departure
) -> None:
    record = await three_seat_game(mgr, channel=10)
    await departure(mgr, record)
    assert record.seat_of(U.user_id) is None and record.status == "active"

    done = await privacy.forget(mgr, mgr.store, U.user_id)

    assert record.id in done.left
    assert U.name not in record.names() and record.host_id != U.user_id
    await assert_forgotten(backend, mgr)
    await finish_with_ais(mgr, record)  # every later save, then the result and its ratings
    assert record.status == "finished"
    await assert_forgotten(backend, mgr)


async def test_forget_me_after_a_game_she_left_has_ended(backend: Backend, mgr: SessionManager) -> None:
    """Her left seat's result was rated under her id and name: both go (the ratings keep their numbers)."""
    record = await three_seat_game(mgr, channel=11)
    await left(mgr, record)
    await finish_with_ais(mgr, record)
    assert await scan(backend, U.name)  # the result and her rating named her

    await privacy.forget(mgr, mgr.store, U.user_id)

    await assert_forgotten(backend, mgr)


async def test_a_player_still_seated_is_forgotten_as_before(backend: Backend, mgr: SessionManager) -> None:
    record = await three_seat_game(mgr, channel=12)
    await privacy.forget(mgr, mgr.store, U.user_id)
    await finish_with_ais(mgr, record)
    await assert_forgotten(backend, mgr)


def test_forget_holds_every_way_a_record_names_her() -> None:
    from bot.core.store import SeatRecord

    record = SessionRecord(1, "getgem", GUILD, 5, P2.user_id, "active", 0, 0.0, 0.0)
    record.seats = [SeatRecord(0, P2.name, P2.user_id), SeatRecord(1, U.name, None, "normal", left_by=U.user_id)]
    assert privacy.holds(record, U.user_id) and not privacy.holds(record, P3.user_id)
    record.seats[1].left_by = None
    assert not privacy.holds(record, U.user_id)
    record.host_id = U.user_id
    assert privacy.holds(record, U.user_id)


async def test_forget_me_reaches_the_shard_holding_a_game_she_left(shards: tuple[Any, ...]) -> None:  # noqa: F811
    """Shard 0 gets the command; the game she left lives in shard 1's memory: shard 1 forgets her there."""
    m0, f0, m1, _, path = shards
    game = await m1.new_lobby("eminit", guild_id=GUILD_ON_SHARD_1, channel_id=7, host=U, locale="en")
    for p in (P2, P3):
        await m1.join(game.id, p)
    await m1.start(game.id, U)
    await m1.leave_game(game.channel_id, U)

    done = await privacy.forget(m0, m0.store, U.user_id, f0.forward_forget)

    assert done.left == [game.id]
    assert U.name not in game.names() and not privacy.holds(game, U.user_id)  # shard 1's own record
    await finish_with_ais(m1, game)
    assert _scan(path, str(U.user_id)) == [] and _scan(path, U.name) == []
