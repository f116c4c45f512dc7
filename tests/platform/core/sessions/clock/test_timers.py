"""Turn timers, reminders, AFK seats and expiry, with a controllable clock.

Timers are driven by calling the manager's ``remind``/``expire``/``sweep`` with
the stored deadline, exactly what the armed event-loop timers call, so no test
sleeps or depends on wall-clock speed.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, _manager, _two_player_game


async def test_reminder_at_half_time_then_ai_moves_on_expiry(tmp_path: Path) -> None:
    clock = Clock()
    m, rec = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    record = await _two_player_game(m)
    assert record.state is not None
    (seat,) = m.spec(record).rules.to_act(record.state)
    deadline = record.deadline
    assert deadline == clock.now + 100
    clock.now += 50
    await m.remind(record.id, deadline)
    assert rec.reminded == [seat] and record.reminded
    await m.remind(record.id, deadline)  # never twice for the same deadline
    assert [c for c in rec.calls if c[0] == "remind"] == [("remind", 0)]
    clock.now += 51
    await m.expire(record.id, deadline)
    assert record.version == 1 and record.seats[seat].timeouts == 1
    assert record.deadline == clock.now + 100 and not record.reminded  # the next player's own clock
    await m.close()
    await m.store.close()


async def test_stale_deadline_does_nothing(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock)
    record = await _two_player_game(m)
    old = record.deadline
    (seat,) = m.spec(record).rules.to_act(record.state)
    clock.now += 5  # the player answers five seconds later
    await m.act(record.id, (ALICE, BOB)[seat].user_id, m.prompt_version(record, seat), 0)
    version = record.version
    await m.expire(record.id, old)  # the player answered in time: the old timer must not move for anyone
    assert record.version == version
    await m.close()
    await m.store.close()


async def test_seat_goes_to_ai_after_n_timeouts_and_player_can_take_it_back(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, afk_limit=2)
    record = await _two_player_game(m)
    m.ai_delay = 3600  # keep the AI from moving by itself during this test
    afk = None
    for _ in range(10):
        (seat,) = m.spec(record).rules.to_act(record.state)
        if afk is None:
            afk = seat
        if seat == afk:
            if record.seats[afk].is_ai:
                break
            clock.now = record.deadline + 1
            await m.expire(record.id, record.deadline)
        else:
            await m.act(record.id, (ALICE, BOB)[seat].user_id, m.prompt_version(record, seat), 0)
    assert afk is not None and record.seats[afk].is_ai and record.seats[afk].timeouts == 2
    assert record.seats[afk].user_id == (ALICE, BOB)[afk].user_id  # still their seat for the records
    # the player comes back and plays: the seat is theirs again
    (seat,) = m.spec(record).rules.to_act(record.state)
    assert seat == afk
    await m.act(record.id, (ALICE, BOB)[afk].user_id, m.prompt_version(record, afk), 0)
    assert not record.seats[afk].is_ai and record.seats[afk].timeouts == 0
    await m.close()
    await m.store.close()


async def test_timers_resume_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    clock = Clock()
    m, _ = await _manager(path, clock=clock, turn_timeout=100)
    record = await _two_player_game(m)
    deadline = record.deadline
    await m.close()
    await m.store.close()
    m2, _ = await _manager(path, clock=clock, turn_timeout=100)
    await m2.restore()
    again = m2.in_channel(50)
    assert again is not None and again.deadline == deadline  # stored, not recomputed
    assert again.id in m2._timers and again.id in m2._reminders  # armed again
    await m2.close()
    await m2.store.close()


async def test_lobby_and_idle_games_expire(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, lobby_ttl=900, idle_ttl=3600)
    lobby = await m.new_lobby("portas", guild_id=1, channel_id=60, host=ALICE, locale="en")
    game = await _two_player_game(m)
    lobby.updated_at = game.created_at = clock.now  # the store stamps wall-clock time; align with the fake clock
    clock.now += 901
    assert await m.sweep() == 1
    assert lobby.status == "cancelled" and lobby.end_reason == "expired" and m.in_channel(60) is None
    assert game.status == "active"
    clock.now += 3600
    assert await m.sweep() == 1
    assert game.status == "abandoned" and game.end_reason == "expired"
    await m.close()
    await m.store.close()


async def test_member_leaving_server_hands_seat_over(tmp_path: Path) -> None:
    m, _ = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("promotion", guild_id=1, channel_id=70, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)  # two AIs fill the table
    m.ai_delay = 3600
    assert await m.seat_left(1, BOB.user_id) == 1
    assert record.seats[1].is_ai and record.seats[1].user_id is None and record.status == "active"
    assert await m.seat_left(2, ALICE.user_id) == 0  # another server: nothing happens
    await m.close()
    await m.store.close()


async def test_server_turn_timer_is_kept_by_the_game(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "k.sqlite3"
    m, _ = await _manager(path, clock=clock, turn_timeout=120)
    record = await m.new_lobby("portas", guild_id=1, channel_id=50, host=ALICE, locale="en", turn_timeout=45)
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    assert record.deadline == clock.now + 45
    await m.close()
    await m.store.close()
    m2, _ = await _manager(path, clock=clock, turn_timeout=120)
    await m2.restore()
    again = m2.in_channel(50)
    assert again is not None and again.turn_timeout == 45 and m2.timeout_seconds(again) == 45
    await m2.close()
    await m2.store.close()


async def test_a_timeout_move_whose_save_fails_is_tried_again_and_counted_once(tmp_path: Path, monkeypatch) -> None:
    """A failed save (a locked or broken database) must neither stall the game nor count the timeout twice."""
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100, retry_delay=0.05)
    record = await _two_player_game(m)
    (seat,) = m.spec(record).rules.to_act(record.state)
    deadline = record.deadline
    real_commit = m.store.commit_action
    failures = []

    async def commit_once_failing(*args, **kwargs):
        if not failures:
            failures.append(1)
            raise sqlite3.OperationalError("database is locked")
        return await real_commit(*args, **kwargs)

    monkeypatch.setattr(m.store, "commit_action", commit_once_failing)
    clock.now += 101
    try:
        await m.expire(record.id, deadline)
        assert failures and record.version == 0 and record.seats[seat].timeouts == 0 and record.deadline == deadline
        for _ in range(100):  # the retry timer fires on the real event loop
            if record.version == 1:
                break
            await asyncio.sleep(0.01)
        assert record.version == 1 and record.seats[seat].timeouts == 1
    finally:
        await m.close()
        await m.store.close()
