"""History retention (``Store.prune_history``) on every backend: old games lose their moves, nothing else does."""

from __future__ import annotations

import time
from typing import Any

from bot.core.store import SeatRecord, SessionRecord
from tests.store.test_backends import _new, _result, _start

DAY = 86400.0
NOW = time.time()
CUTOFF = NOW - 30 * DAY


async def _played(store: Any, channel: int, *, moves: int = 3) -> SessionRecord:
    """A started two-player game (alice 100, bob 101) with ``moves`` committed actions, still active."""
    record = await _new(store, channel=channel)
    await _start(store, record, SeatRecord(seat=1, name="bob", user_id=101))
    record.log = [{"kind": "moved", "n": i} for i in range(moves)]
    for version in range(1, moves + 1):
        record.version = version
        await store.commit_action(record, seat=version % 2, user_id=100 + version % 2, payload={"card": version})
    return record


async def _ended(store: Any, channel: int, *, ended_at: float, status: str = "finished") -> SessionRecord:
    """A played game that ended at ``ended_at``: with a result (and stats rows) when finished."""
    record = await _played(store, channel)
    record.status = status
    record.ended_at = ended_at
    await store.finish(record, _result(record, [0]) if status == "finished" else None)
    return record


async def _snapshot(store: Any, record: SessionRecord) -> tuple[Any, ...]:
    """What pruning may change of a session: its actions and its replay columns."""
    got = await store.get_session(record.id)
    assert got is not None
    return await store.actions(record.id), got.state, got.log, got.prompts, got.pruned_at


async def test_prune_takes_exactly_the_moves_of_games_ended_before_the_cutoff(store: Any) -> None:
    old = await _ended(store, 1, ended_at=CUTOFF - DAY)
    old_abandoned = await _ended(store, 2, ended_at=CUTOFF - 100 * DAY, status="abandoned")
    old_lobby = await _new(store, channel=3)
    old_lobby.status, old_lobby.ended_at = "cancelled", CUTOFF - DAY
    await store.finish(old_lobby)
    recent = await _ended(store, 4, ended_at=CUTOFF + DAY)
    running = await _played(store, 5)
    running.ended_at = CUTOFF - DAY  # never set on a live game; here it shows that the status alone protects it
    await store.save(running)
    lobby = await _new(store, channel=6)
    kept = {r.id: await _snapshot(store, r) for r in (recent, running, lobby)}
    results, stats = await store.results(), await store.stats_rows(guild_id=1)
    assert len(results) == 2 and stats

    assert await store.prune_history(CUTOFF) == 3

    for record in (old, old_abandoned):
        actions, state, log, prompts, pruned_at = await _snapshot(store, record)
        assert (actions, state, log, prompts) == ([], None, [], {})
        assert pruned_at is not None and pruned_at >= NOW - 60
    assert (await store.get_session(old_lobby.id)).pruned_at is not None
    for record in (recent, running, lobby):
        assert await _snapshot(store, record) == kept[record.id]
    assert len(kept[recent.id][0]) == 3 and kept[recent.id][3]  # they did hold moves and prompts
    assert [r.id for r in await store.live_sessions()] == [running.id, lobby.id]
    assert await store.results() == results  # results, participants (stats) and seats stay
    assert await store.stats_rows(guild_id=1) == stats
    assert (await store.get_session(old.id)).names() == ["アリス", "bob"]
    listed = [h["session_id"] for h in await store.history(guild_id=1, user_id=101)]
    assert listed == [recent.id, old_abandoned.id, old.id]  # /game history still lists pruned games
    assert await store.prune_history(CUTOFF) == 0  # done once, never again


async def test_prune_works_through_more_sessions_than_one_batch(store: Any) -> None:
    records = [await _ended(store, 10 + i, ended_at=CUTOFF - 1 - i) for i in range(7)]
    batches: list[int] = []
    original = store._prune_batch

    async def counting(ended_before: float, batch: int) -> int:
        batches.append(await original(ended_before, batch))
        return batches[-1]

    store._prune_batch = counting
    assert await store.prune_history(CUTOFF, batch=3) == 7
    assert batches == [3, 3, 1]  # one transaction per batch, oldest ids first, until a short one
    for record in records:
        assert await store.actions(record.id) == []
        assert (await store.get_session(record.id)).pruned_at is not None
