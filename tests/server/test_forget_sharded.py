"""Forget-me with several shard processes: the owner of a live game forgets, not shard 0.

Shard 0 receives ``/game forget-me`` (DMs always reach it); the game she sits
in lives in shard 1's memory and is written back from there on every move.
Two real :class:`SessionManager`s share one database, as two processes share
PostgreSQL; their :class:`Forwarder`s share the in-memory NOTIFY bus of
tests/platform/frontend/gateway/test_forwarding.py.  The two-process version with real
PostgreSQL is tests/e2e/dms/test_sharded_dm_e2e.py.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core import privacy
from bot.core.sessions import SessionError, SessionManager
from bot.core.store import sql
from bot.frontend.gateway.forwarding import Forwarder
from tests.platform.frontend.gateway.test_forwarding import APP, GUILD_ON_SHARD_1, Bus, FakeStore
from tests.server.helpers import manager, player
from tests.server.test_privacy import _moves, _scan

U, P2, P3 = player(1), player(2), player(3)


@dataclass
class SharedStore(FakeStore):
    """The NOTIFY bus, and the one query forget-me forwarding makes of the shared database."""

    path: Path | None = None

    async def live_routes_of(self, user_id: int) -> list[tuple[int, int | None, int]]:
        con = sqlite3.connect(self.path)  # type: ignore[arg-type]
        try:
            return [tuple(row) for row in con.execute(sql.LIVE_ROUTES_OF, (user_id,) * 3)]  # type: ignore[misc]
        finally:
            con.close()


@pytest.fixture
async def shards(tmp_path: Path) -> AsyncIterator[tuple[Any, ...]]:
    """(shard-0 manager and forwarder, shard-1 manager and forwarder, database path)."""
    path = tmp_path / "k.sqlite3"
    bus = Bus()
    managers: list[SessionManager] = []
    forwarders: list[Forwarder] = []
    for shard in (0, 1):
        m, _ = await manager(path)
        bot = SimpleNamespace(application_id=APP, sessions=m)
        f = Forwarder(bot, SharedStore(bus, path=path), 2, (shard,), ack_timeout=1.0)  # type: ignore[arg-type]
        await f.start()
        managers.append(m)
        forwarders.append(f)
    try:
        yield managers[0], forwarders[0], managers[1], forwarders[1], path
    finally:
        for m, f in zip(managers, forwarders, strict=True):
            await f.close()
            await m.close()
            await m.store.close()


async def test_forget_me_reaches_the_process_that_holds_her_game(shards: tuple[Any, ...]) -> None:
    m0, f0, m1, _, path = shards
    uid = str(U.user_id)
    game = await m1.new_lobby("eminit", guild_id=GUILD_ON_SHARD_1, channel_id=7, host=U, locale="en")
    for p in (P2, P3):
        await m1.join(game.id, p)
    await m1.start(game.id, U)
    rng = random.Random(5)
    await _moves(m1, game, 6, rng)
    assert m0.by_id(game.id) is None  # shard 0 does not hold it

    done = await privacy.forget(m0, m0.store, U.user_id, f0.forward_forget)

    assert done.left == [game.id]
    assert game.seat_of(U.user_id) is None and U.name not in game.names()  # shard 1's own record forgot her
    assert game.host_id != U.user_id and privacy.DELETED_NAME in game.names()
    assert _scan(path, uid) == []
    await _moves(m1, game, 400, rng)  # the game goes on to its end on shard 1, an AI in her seat
    assert game.status == "finished"
    assert _scan(path, uid) == [] and _scan(path, U.name) == []  # nothing written later brings her back


async def test_forget_me_is_refused_and_erases_nothing_when_the_owner_is_silent(shards: tuple[Any, ...]) -> None:
    m0, f0, m1, f1, path = shards
    game = await m1.new_lobby("portas", guild_id=GUILD_ON_SHARD_1, channel_id=8, host=P2, locale="en")
    await m1.join(game.id, U)
    await m1.start(game.id, P2)
    await f1.close()  # shard 1 is down (restarting)
    before = _scan(path, str(U.user_id))
    with pytest.raises(SessionError) as refused:
        await privacy.forget(m0, m0.store, U.user_id, f0.forward_forget)
    assert refused.value.code == "forget_unreachable"
    assert _scan(path, str(U.user_id)) == before and before  # her rows are all still there: she may try again
    await asyncio.sleep(0)
