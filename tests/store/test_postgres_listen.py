"""PostgreSQL's LISTEN/NOTIFY helpers, which carry DM clicks between shards (bot/frontend/gateway/forwarding.py).

PostgreSQL only (skipped without ``KADO_TEST_POSTGRES_DSN``): SQLite deployments are one process
and never forward.  The point of the reconnect test: a database restart must not leave a process
deaf to forwarded clicks for the rest of its life.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core.store import SeatRecord
from bot.frontend.gateway import forwarding
from tests.store.conftest import Backend


@pytest.fixture
async def pg(tmp_path: Any) -> Any:
    backend = Backend("postgres", tmp_path)
    await backend.setup()  # skips without a server
    try:
        yield await backend.open()
    finally:
        await backend.teardown()


async def test_session_route_says_whether_and_where_a_session_lives(pg: Any) -> None:
    record = await pg.create_session(
        game="promotion", guild_id=123 << 22, channel_id=456, host_id=1, seed=1, options={}, locale="en",
        seats=[SeatRecord(seat=0, name="a", user_id=1)],
    )
    assert await pg.session_route(record.id) == ("lobby", 123 << 22, 456)
    assert await pg.session_route(record.id + 1000) is None


async def test_notify_reaches_listeners_until_unlisten(pg: Any) -> None:
    got: asyncio.Queue[str] = asyncio.Queue()
    handle = await pg.listen({"kado_test_a": got.put_nowait}, lambda: None)
    await pg.notify("kado_test_a", '{"x": 1}')
    await pg.notify("kado_test_other", "not for us")
    assert await asyncio.wait_for(got.get(), 5) == '{"x": 1}'
    await pg.unlisten(handle)
    await pg.notify("kado_test_a", "after")
    await asyncio.sleep(0.2)
    assert got.empty()


async def test_a_lost_listen_connection_is_replaced(pg: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forwarding, "RELISTEN_DELAY", 0.05)
    record = SimpleNamespace(id=9, channel_id=456)
    acted: list[tuple[int, ...]] = []

    async def act(*args: int) -> Any:
        acted.append(args)
        return record

    handles: list[Any] = []
    listen = pg.listen

    async def spy(*args: Any) -> Any:
        handles.append(await listen(*args))
        return handles[-1]

    monkeypatch.setattr(pg, "listen", spy)
    bot = SimpleNamespace(application_id=7, sessions=SimpleNamespace(by_id={9: record}.get, act=act))
    f = forwarding.Forwarder(bot, pg, 2, (1,))  # type: ignore[arg-type]
    await f.start()
    try:
        pid = handles[0][0].get_server_pid()
        await pg.pool.execute("SELECT pg_terminate_backend($1)", pid)  # what a database restart does
        await asyncio.wait_for(_until(lambda: len(handles) == 2 and f._listening.is_set()), 5)
        assert handles[1][0].get_server_pid() != pid
        click = forwarding.ForwardedClick(
            id=1, session=9, channel=456, version=2, index=0, user=5, token="t", app=7, locale="en"
        )
        await pg.notify(forwarding.CLICK_CHANNEL, click.encode())
        await asyncio.wait_for(_until(lambda: acted), 5)
        assert acted == [(9, 5, 2, 0)]
    finally:
        await f.close()


async def _until(predicate: Any) -> None:
    while not predicate():
        await asyncio.sleep(0.01)
