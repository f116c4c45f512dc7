"""A Hint click in a DM of a game another shard process holds reaches that process and is answered there.

Before, only move clicks were forwarded (bot/frontend/gateway/forwarding.py): shard
0's process, which gets every DM click, answered a Hint click on another
process's game with "this game has ended".  Here two forwarders share the
in-memory NOTIFY of tests/platform/frontend/gateway/test_forwarding.py; the owner runs
the real Hint handler on a real GETGEM record.  The end-to-end version with two
bot processes is tests/e2e/dms/test_sharded_dm_e2e.py.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from bot import i18n
from bot.core import games
from bot.core.sessions import SessionError
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.gateway import forwarding
from bot.frontend.gateway.forwarded_click import ForwardedClick
from bot.frontend.inbound import hint_answers
from tests.platform.frontend.gateway.test_forwarding import (
    APP,
    CHANNEL,
    GUILD_ON_SHARD_1,
    Bus,
    FakeSessions,
    FakeStore,
    forwarder,
    interaction,
)

SID = 9


@dataclass
class SettingsStore(FakeStore):
    """The owner's store: the server offers hints in every game; a hint's mark is saved."""

    saved: int = 0

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return {"hints": "always"}

    async def save(self, record: SessionRecord) -> None:
        self.saved += 1


class Table:
    async def commit(self, live: SessionRecord, draft: SessionRecord, write: Any, what: str) -> None:
        await write(draft)
        live.seats = draft.seats


class OwnerSessions(FakeSessions):
    """The owner's sessions: what the Hint handler uses (the record, the channel's lock, a commit)."""

    table = Table()

    def lock(self, channel_id: int) -> Any:
        return contextlib.AsyncExitStack()


def _getgem() -> SessionRecord:
    record = SessionRecord(
        id=SID, game="getgem", guild_id=GUILD_ON_SHARD_1, channel_id=CHANNEL, host_id=55, status="active", seed=3,
        created_at=0, updated_at=0, seats=[SeatRecord(i, f"p{i}", user_id=55 + i) for i in range(3)],
    )  # fmt: skip
    record.state = games.get("getgem").rules.new(3, 3)
    return record


class Response:
    def __init__(self) -> None:
        self.deferred: list[dict[str, Any]] = []

    async def defer(self, **kwargs: Any) -> None:
        self.deferred.append(kwargs)

    def is_done(self) -> bool:
        return bool(self.deferred)


@pytest.fixture
async def shards() -> Any:
    bus = Bus()
    record = _getgem()
    shard0 = forwarder(bus, 0, FakeSessions(), {SID: ("active", GUILD_ON_SHARD_1, CHANNEL)})
    shard1 = forwarder(bus, 1, OwnerSessions({SID: record}))
    shard1.store = SettingsStore(bus)
    shard1.bot.store = shard1.store
    shard1.bot.ai_pool = None
    await shard0.start()
    await shard1.start()
    yield shard0, shard1, record
    await shard0.close()
    await shard1.close()


async def test_a_hint_click_on_another_process_game_is_answered_by_that_process(shards: Any) -> None:
    shard0, shard1, record = shards
    spec = games.get("getgem")
    seat = spec.rules.to_act(record.state)[0]
    click = interaction(locale="en-US")
    click.user = SimpleNamespace(id=55 + seat)
    click.response = Response()
    click.client = SimpleNamespace(sessions=FakeSessions(), forwarder=shard0)  # shard 0: the game is not here

    await hint_answers.on_hint.__wrapped__(click, SID, 0)  # type: ignore[attr-defined]  # the handler, unguarded

    assert click.response.deferred == [{"ephemeral": True, "thinking": True}]  # Discord's 3 s met at once
    for _ in range(100):  # the owner searches (in a thread: no AI workers here), then answers
        if shard1.answers:
            break
        await asyncio.sleep(0.05)
    ((answered, text),) = shard1.answers
    assert answered == click.id and "Hint from the strong AI" in text, text
    assert record.seats[seat].hinted and shard1.store.saved == 1  # marked and saved by the owner, under its lock
    assert shard0.answers == []


async def test_a_hint_click_of_someone_else_is_refused_by_the_owner_in_their_language(shards: Any) -> None:
    shard0, shard1, record = shards
    stranger = interaction(locale="ja")
    stranger.user = SimpleNamespace(id=999)  # not at this table
    assert await shard0.forward_click(stranger, SID, 0, kind=hint_answers.HINT) is True
    for _ in range(40):
        if shard1.answers:
            break
        await asyncio.sleep(0.05)
    ((_, text),) = shard1.answers
    assert text == i18n.translate("ja", "error.not_a_player")
    assert not any(s.hinted for s in record.seats)


async def test_a_kind_the_owner_does_not_take_is_not_acknowledged(shards: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    shard0, shard1, _ = shards
    monkeypatch.delitem(forwarding.RECEIVERS, hint_answers.HINT)  # an owner of the previous version
    with pytest.raises(SessionError) as refused:
        await shard0.forward_click(interaction(), SID, 0, kind=hint_answers.HINT)
    assert refused.value.code == "owner_unreachable" and shard1.answers == []


def test_a_move_click_is_still_version_1_and_a_hint_click_version_2() -> None:
    move = ForwardedClick(id=1, session=2, channel=3, version=4, index=5, user=6, token="t", app=APP, locale="ja")
    hint = ForwardedClick(id=1, session=2, channel=3, version=4, index=0, user=6, token="t", app=APP, locale="ja",
                          kind=hint_answers.HINT)
    assert '"v":1' in move.encode() and "kind" not in move.encode()  # a process of the previous version takes it
    assert '"v":2' in hint.encode()
    assert ForwardedClick.decode(move.encode()) == move and ForwardedClick.decode(hint.encode()) == hint
