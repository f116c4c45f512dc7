"""DM-click forwarding between shard processes (bot/frontend/gateway/forwarding.py), without Discord or PostgreSQL.

Two :class:`Forwarder`s — a shard-0 process and a shard-1 process — share an
in-memory stand-in for PostgreSQL's NOTIFY (every listener gets every
payload, as LISTEN does).  The end-to-end version with real processes and a
real database is tests/e2e/dms/test_sharded_dm_e2e.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core import config, turns
from bot.core.sessions import SessionError
from bot.frontend.gateway import forwarding
from bot.frontend.gateway.forwarding import ForwardedClick, Forwarder

APP = 777
GUILD_ON_SHARD_1 = (5 << 22) | 1  # (id >> 22) % 2 == 1
GUILD_ON_SHARD_0 = 4 << 22
CHANNEL = 4242


class Bus:
    """What NOTIFY/LISTEN do for these tests: every listener of a channel gets each payload, later."""

    def __init__(self) -> None:
        self.listeners: list[dict[str, Callable[[str], None]]] = []
        self.sent: list[tuple[str, str]] = []


@dataclass
class FakeStore:
    bus: Bus
    routes: dict[int, tuple[str, int | None, int]] = field(default_factory=dict)

    async def session_route(self, session_id: int) -> tuple[str, int | None, int] | None:
        return self.routes.get(session_id)

    async def notify(self, channel: str, payload: str) -> None:
        self.bus.sent.append((channel, payload))
        loop = asyncio.get_running_loop()
        for callbacks in list(self.bus.listeners):
            if channel in callbacks:
                loop.call_soon(callbacks[channel], payload)

    async def listen(self, callbacks: dict[str, Callable[[str], None]], on_lost: Callable[[], None]) -> Any:
        self.bus.listeners.append(callbacks)
        return callbacks

    async def unlisten(self, handle: Any) -> None:
        self.bus.listeners.remove(handle)


class FakeSessions:
    def __init__(self, records: dict[int, Any] | None = None, refuse: str | None = None) -> None:
        self.records = records or {}
        self.refuse = refuse
        self.acted: list[tuple[int, int, int, int]] = []
        self.as_player: list[bool] = []  # whether each act ran as a player's click (bot/core/turns.py)

    def by_id(self, sid: int) -> Any:
        return self.records.get(sid)

    async def act(self, sid: int, user: int, pv: int, idx: int) -> Any:
        if self.refuse:
            raise SessionError(self.refuse)
        self.acted.append((sid, user, pv, idx))
        self.as_player.append(turns._players_turn())
        return self.records[sid]


class Recording(Forwarder):
    """A forwarder whose webhook answers are recorded instead of sent."""

    answers: list[tuple[int, str]]

    async def _answer(self, click: ForwardedClick, content: str) -> None:
        self.answers.append((click.id, content))


def forwarder(bus: Bus, shard: int, sessions: FakeSessions, routes: dict[int, Any] | None = None) -> Recording:
    bot = SimpleNamespace(application_id=APP, sessions=sessions)
    f = Recording(bot, FakeStore(bus, routes or {}), 2, (shard,), ack_timeout=0.3)  # type: ignore[arg-type]
    f.answers = []
    return f


def interaction(iid: int = 1001, locale: str = "en-US") -> Any:
    return SimpleNamespace(id=iid, user=SimpleNamespace(id=55), token="tok-" + str(iid), application_id=APP,
                           locale=locale)


@pytest.fixture
async def pair() -> Any:
    """(shard-0 forwarder with the database's routes, shard-1 forwarder holding session 9, shard-1 sessions)."""
    bus = Bus()
    owned = FakeSessions({9: SimpleNamespace(id=9, channel_id=CHANNEL)})
    routes = {
        9: ("active", GUILD_ON_SHARD_1, CHANNEL),
        10: ("finished", GUILD_ON_SHARD_1, CHANNEL),
        11: ("active", GUILD_ON_SHARD_0, CHANNEL),
        12: ("active", GUILD_ON_SHARD_1, CHANNEL + 1),  # live elsewhere, but nobody holds it
    }
    shard0 = forwarder(bus, 0, FakeSessions(), routes)
    shard1 = forwarder(bus, 1, owned)
    await shard0.start()
    await shard1.start()
    yield shard0, shard1, owned, bus
    await shard0.close()
    await shard1.close()


def test_payload_round_trip_and_junk() -> None:
    click = ForwardedClick(id=1, session=2, channel=3, version=4, index=5, user=6, token="t", app=7, locale="ja")
    assert ForwardedClick.decode(click.encode()) == click
    assert len(click.encode()) < 8000  # PostgreSQL's NOTIFY payload limit
    for junk in ("", "{", "[]", '{"v": 1}', '{"v": 99, "id": 1}', click.encode().replace('"index":5', '"index":"x"')):
        assert ForwardedClick.decode(junk) is None


def test_only_multi_process_postgresql_deployments_forward() -> None:
    def settings(**env: str) -> config.Settings:
        return config.load({"DISCORD_TOKEN": "x", **env})

    pg = {"DATABASE_URL": "postgresql://kado@db/kado"}
    assert forwarding.wanted(settings(**pg, SHARD_COUNT="2", SHARD_IDS="1"))
    assert forwarding.wanted(settings(**pg, SHARD_COUNT="4", SHARD_IDS="0,1"))
    assert not forwarding.wanted(settings(SHARD_COUNT="2", SHARD_IDS="1"))  # SQLite: one process
    assert not forwarding.wanted(settings(**pg))  # one process, no sharding
    assert not forwarding.wanted(settings(**pg, SHARD_COUNT="2"))  # every shard in this process
    assert not forwarding.wanted(settings(**pg, SHARD_COUNT="2", SHARD_IDS="1,0"))
    assert config.shard_of(GUILD_ON_SHARD_1, 2) == 1 and config.shard_of(None, 2) == 0


async def test_owner_acknowledges_and_applies_the_click(pair: Any) -> None:
    shard0, shard1, owned, bus = pair
    assert await shard0.forward_click(interaction(), 9, 3, 1) is True
    await asyncio.sleep(0.05)
    assert owned.acted == [(9, 55, 3, 1)]
    assert owned.as_player == [True]  # ahead of the AIs' moves for a work slot, as a local click
    assert [c for c, _ in bus.sent] == [forwarding.CLICK_CHANNEL, forwarding.ACK_CHANNEL]
    assert shard0.answers == [] and shard1.answers == []  # an accepted move: the presenter shows it


async def test_owner_refuses_with_the_users_language(pair: Any) -> None:
    shard0, shard1, owned, _ = pair
    owned.refuse = "stale_button"
    assert await shard0.forward_click(interaction(locale="ja"), 9, 3, 99) is True
    await asyncio.sleep(0.05)
    assert owned.acted == []
    (answer,) = shard1.answers
    assert answer[0] == 1001 and "古くなって" in answer[1]


async def test_sessions_that_are_over_or_ours_are_not_forwarded(pair: Any) -> None:
    shard0, _, owned, bus = pair
    for sid in (10, 11, 404):  # finished / on this process's own shard / not in the database
        assert await shard0.forward_click(interaction(), sid, 1, 0) is False
    assert bus.sent == [] and owned.acted == []


async def test_nobody_answers_then_the_user_is_told(pair: Any) -> None:
    shard0, shard1, owned, _ = pair
    with pytest.raises(SessionError) as refused:
        await shard0.forward_click(interaction(), 12, 1, 0)  # its channel is not the one shard 1 holds
    assert refused.value.code == "owner_unreachable"
    await shard1.close()  # the owner stops: session 9 is live in the database but nobody listens
    with pytest.raises(SessionError):
        await shard0.forward_click(interaction(iid=1002), 9, 1, 0)
    assert owned.acted == [] and shard0._acks == {}


async def test_clicks_of_another_application_are_ignored(pair: Any) -> None:
    shard0, shard1, owned, _ = pair
    shard1.bot.application_id = APP + 1  # another bot sharing the database
    with pytest.raises(SessionError):
        await shard0.forward_click(interaction(), 9, 1, 0)
    assert owned.acted == []
