"""No turn runs out while Discord is unreachable (bot/core/sessions/parts/clock.py, bot/frontend/gateway/outages.py).

Driven as tests/platform/core/sessions/clock/test_timers.py drives timers: the manager's
``expire`` is called with the stored deadline, on a controllable clock.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot import app
from bot.core import config
from bot.core.store import SessionRecord
from bot.frontend.gateway import outages
from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, _manager, _two_player_game


async def test_a_deadline_that_comes_while_discord_is_away_is_held_then_restarted(tmp_path: Path) -> None:
    clock = Clock()
    m, rec = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    record = await _two_player_game(m)
    (seat,) = m.spec(record).rules.to_act(record.state)
    deadline = record.deadline
    assert deadline is not None
    away = True
    m.unreachable = lambda r: away
    for _ in range(4):  # an outage of over six minutes: four deadlines' worth
        clock.now = deadline + 1
        await m.expire(record.id, deadline)
    assert record.version == 0 and record.seats[seat].timeouts == 0, "no move was played for the absent player"
    assert not record.seats[seat].is_ai
    assert await m.reachable_again() == 0, "still away: nothing restarts"
    away = False
    clock.now += 30
    shown = len(rec.calls)
    assert await m.reachable_again() == 1
    assert record.deadline == clock.now + 100 and not record.reminded, "a full turn from now"
    assert rec.calls[shown:] == [("game", 0)], "the new deadline is shown"
    assert (await m.store.get_session(record.id)).deadline == record.deadline, "and saved first"
    assert await m.reachable_again() == 0, "restarted once"
    await m.expire(record.id, deadline)  # the old timer, had it been armed, now does nothing
    assert record.version == 0
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)  # Discord is back: the new deadline is a deadline
    assert record.version == 1 and record.seats[seat].timeouts == 1
    await m.close()
    await m.store.close()


async def test_a_turn_played_during_the_outage_is_not_restarted(tmp_path: Path) -> None:
    """The deadline was held, then the player's click came through: nothing to restart."""
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    record = await _two_player_game(m)
    (seat,) = m.spec(record).rules.to_act(record.state)
    m.unreachable = lambda r: True
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)
    m.unreachable = lambda r: False
    await m.act(record.id, (ALICE, BOB)[seat].user_id, m.prompt_version(record, seat), 0)
    after_move = record.deadline
    assert await m.reachable_again() == 0
    assert record.deadline == after_move and record.version == 1
    await m.close()
    await m.store.close()


async def test_a_restart_whose_save_fails_stays_held(tmp_path: Path, monkeypatch) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    record = await _two_player_game(m)
    deadline = record.deadline
    m.unreachable = lambda r: True
    clock.now = deadline + 1
    await m.expire(record.id, deadline)
    m.unreachable = lambda r: False

    async def locked(draft: SessionRecord) -> None:
        raise OSError("database is locked")

    monkeypatch.setattr(m.store, "save", locked)
    assert await m.reachable_again() == 0
    assert record.deadline == deadline and m.clock_.held == {record.id: deadline}, "held still, tried again later"
    monkeypatch.undo()
    assert await m.reachable_again() == 1
    await m.close()
    await m.store.close()


async def test_the_watch_tells_each_servers_shard_and_restarts_when_one_is_back() -> None:
    restarts: list[int] = []

    async def back_again() -> int:
        restarts.append(1)
        return 0

    watch = outages.GatewayWatch([0, 1], 2, back_again)
    guild_on_1 = (5 << 22) | 123  # (id >> 22) % 2 == 1
    guild_on_0 = 4 << 22
    on_1 = SessionRecord(1, "portas", guild_on_1, 10, 1, "active", 0, 0.0, 0.0)
    on_0 = SessionRecord(2, "portas", guild_on_0, 11, 1, "active", 0, 0.0, 0.0)
    assert watch.unreachable(on_0) and watch.unreachable(on_1), "down until each shard's first READY"
    watch.down = {1}
    assert watch.unreachable(on_1) and not watch.unreachable(on_0)
    assert not outages.GatewayWatch([1], None, back_again).unreachable(on_1), "one shard: all is shard 0"
    watch.back(1)
    await asyncio.sleep(0.01)
    assert restarts == [1] and not watch.unreachable(on_1)
    watch.back(1)  # not down: nothing to restart
    watch.lost(0)
    await asyncio.sleep(0.01)
    assert restarts == [1] and watch.unreachable(on_0)
    await watch.close()


async def test_the_bot_tells_the_watch_which_shard_went_and_came_back() -> None:
    """One shard: discord.py's plain events.  Several: only the per-shard ones (the plain ones come once per shard)."""

    async def nothing() -> int:
        return 0

    one = app.make_bot(config.load({"DISCORD_TOKEN": "t"}))
    one.gateway = outages.GatewayWatch([0], None, nothing)
    await one.on_ready()
    assert one.gateway.down == set()
    await one.on_disconnect()
    assert one.gateway.down == {0}
    await one.on_resumed()
    assert one.gateway.down == set()
    await one.on_disconnect()
    await one.on_connect()  # a new session's READY: clicks arrive from here, before members are chunked
    assert one.gateway.down == set()

    many = app.make_bot(config.load({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2"}))
    many.gateway = outages.GatewayWatch([0, 1], 2, nothing)
    await many.on_shard_ready(0)
    assert many.gateway.down == {1}
    await many.on_disconnect()  # shard-less: ignored in a sharded bot
    await many.on_ready()
    assert many.gateway.down == {1}
    await many.on_shard_resumed(1)
    await many.on_shard_disconnect(0)
    assert many.gateway.down == {0}
    await many.on_connect()  # shard-less: ignored in a sharded bot
    assert many.gateway.down == {0}
    await many.on_shard_connect(0)
    assert many.gateway.down == set()
    await asyncio.sleep(0.01)
    await one.gateway.close()
    await many.gateway.close()
