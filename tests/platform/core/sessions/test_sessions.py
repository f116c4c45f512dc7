"""The session layer without Discord: locks, prompt versions, persistence, AI, timers.

A recording presenter stands in for Discord; the store is a real SQLite file.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.core.sessions import Player, SessionError, SessionManager
from bot.core.store import SessionRecord, Store
from bot.engine import Event, Result

ALICE = Player(1, "alice")
BOB = Player(2, "bob")
CAROL = Player(3, "carol")


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []
        self.ended = asyncio.Event()
        self.result: Result | None = None
        self.reminded: list[int] = []

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        return None

    async def lobby_changed(self, record: SessionRecord) -> None:
        self.calls.append(("lobby", record.version))

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        self.calls.append(("game", record.version))

    async def session_ended(self, record: SessionRecord, result: Result | None, answer: object = None) -> None:
        self.calls.append(("ended", record.version))
        self.result = result
        self.ended.set()

    async def remind(self, record: SessionRecord, seats: list[int]) -> None:
        self.calls.append(("remind", record.version))
        self.reminded = list(seats)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _manager(path: Path, **kwargs: object) -> tuple[SessionManager, Recorder]:
    store = await Store.open(path)
    rec = Recorder()
    return SessionManager(store, rec, ai_delay=0, **kwargs), rec  # type: ignore[arg-type]


async def _two_player_game(m: SessionManager) -> SessionRecord:
    record = await m.new_lobby("portas", guild_id=1, channel_id=50, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    return record


def _mover(m: SessionManager, record: SessionRecord) -> tuple[Player, int]:
    assert record.state is not None
    (seat,) = m.spec(record).rules.to_act(record.state)
    return (ALICE, BOB)[seat], m.prompt_version(record, seat)


async def test_full_game_to_the_end_and_result_recorded(tmp_path: Path) -> None:
    m, rec = await _manager(tmp_path / "k.sqlite3")
    record = await _two_player_game(m)
    moves = 0
    while record.status == "active":
        player, pv = _mover(m, record)
        await m.act(record.id, player.user_id, pv, 0)
        moves += 1
        assert moves < 500
    assert rec.ended.is_set() and rec.result is not None
    assert m.in_channel(50) is None  # channel free again
    results = await m.store.results()
    assert len(results) == 1 and results[0]["result"]["winners"] == list(rec.result.winners)
    assert len(await m.store.actions(record.id)) == record.version
    await m.store.close()


async def test_refusals_change_nothing(tmp_path: Path) -> None:
    m, _ = await _manager(tmp_path / "k.sqlite3")
    record = await _two_player_game(m)
    player, pv = _mover(m, record)
    other = BOB if player is ALICE else ALICE
    before = (record.version, record.state)
    for user, version, code in [(CAROL.user_id, pv, "not_a_player"), (other.user_id, pv, "not_your_turn"),
                                (player.user_id, pv + 99, "stale_button")]:
        with pytest.raises(SessionError) as info:
            await m.act(record.id, user, version, 0)
        assert info.value.code == code
    with pytest.raises(SessionError):
        await m.act(record.id, player.user_id, pv, 999)
    assert (record.version, record.state) == before
    with pytest.raises(SessionError) as info:
        await m.new_lobby("portas", guild_id=1, channel_id=50, host=CAROL, locale="en")
    assert info.value.code == "channel_busy"
    await m.store.close()


async def test_double_click_applies_once(tmp_path: Path) -> None:
    m, _ = await _manager(tmp_path / "k.sqlite3")
    record = await _two_player_game(m)
    player, pv = _mover(m, record)
    version = record.version
    outcomes = await asyncio.gather(*(m.act(record.id, player.user_id, pv, 0) for _ in range(2)),
                                    return_exceptions=True)
    assert sum(1 for o in outcomes if isinstance(o, SessionError)) == 1
    assert record.version == version + 1
    await m.store.close()


async def test_restart_restores_and_old_buttons_still_work(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    m, _ = await _manager(path)
    record = await _two_player_game(m)
    player, pv = _mover(m, record)
    await m.act(record.id, player.user_id, pv, 0)
    player, pv = _mover(m, record)  # the button a player is looking at when the bot dies
    state, version = record.state, record.version
    await m.close()
    await m.store.close()

    m2, _ = await _manager(path)
    assert await m2.restore() == 1
    again = m2.in_channel(50)
    assert again is not None and again.state == state and again.version == version
    await m2.act(record.id, player.user_id, pv, 0)
    assert again.version == version + 1
    await m2.store.close()


async def test_ai_seat_plays_its_turns(tmp_path: Path) -> None:
    m, rec = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("portas", guild_id=1, channel_id=51, host=ALICE, locale="en")
    await m.add_ai(record.id, ALICE, "easy")
    with pytest.raises(SessionError):
        await m.add_ai(record.id, BOB, "easy")  # host only, and the lobby is full anyway
    await m.start(record.id, ALICE)
    for _ in range(500):
        if record.status != "active":
            break
        assert record.state is not None
        to_act = m.spec(record).rules.to_act(record.state)
        if 0 in to_act:
            await m.act(record.id, ALICE.user_id, m.prompt_version(record, 0), 0)
        else:
            await asyncio.sleep(0.01)
    await asyncio.wait_for(rec.ended.wait(), 5)
    assert any(a["user_id"] is None for a in await m.store.actions(record.id))  # the AI moved
    await m.close()
    await m.store.close()


async def test_turn_timeout_lets_the_ai_move_and_survives_restart(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    clock = Clock()
    m, _ = await _manager(path, clock=clock, turn_timeout=60)
    record = await _two_player_game(m)
    assert record.deadline == clock.now + 60
    version = record.version
    await m.close()
    await m.store.close()

    clock.now += 61
    m2, _ = await _manager(path, clock=clock, turn_timeout=60)
    await m2.restore()
    again = m2.in_channel(50)
    assert again is not None
    await m2.expire(again.id, again.deadline)
    assert again.version == version + 1  # the timed-out seat's move was played for it
    await m2.close()
    await m2.store.close()


async def test_leave_two_player_game_forfeits_and_reset_frees_channel(tmp_path: Path) -> None:
    m, rec = await _manager(tmp_path / "k.sqlite3")
    record = await _two_player_game(m)
    await m.leave_game(50, BOB)
    assert rec.result is not None and rec.result.winners == (0,)
    record = await m.new_lobby("portas", guild_id=1, channel_id=50, host=ALICE, locale="en")
    await m.reset(50, by_user=99)
    assert record.status == "cancelled" and record.ended_by == 99
    assert m.in_channel(50) is None
    await m.store.close()


async def test_a_gone_channel_ends_its_game_and_a_gone_server_every_session_there(tmp_path: Path) -> None:
    """Deleted channel: its game abandoned, timers disarmed; Kado removed: each lobby and game of that server."""
    m, rec = await _manager(tmp_path / "k.sqlite3")
    record = await _two_player_game(m)
    assert m._timers  # the first turn's deadline is armed
    assert await m.channel_gone(50)
    assert (record.status, record.end_reason) == ("abandoned", "channel_gone") and record.ended_by is None
    assert m.in_channel(50) is None and not m._timers and rec.ended.is_set()
    assert not await m.channel_gone(50)  # nothing left there
    here = await m.new_lobby("portas", guild_id=7, channel_id=60, host=ALICE, locale="en")
    there = await m.new_lobby("portas", guild_id=8, channel_id=61, host=BOB, locale="en")
    assert await m.guild_gone(7) == 1
    assert (here.status, here.end_reason) == ("cancelled", "channel_gone")
    assert there.status == "lobby" and m.in_channel(61) is there  # another server's lobby stays
    stored = {r.id for r in await m.store.live_sessions()}
    assert stored == {there.id}
    await m.store.close()


async def _three_games(m: SessionManager, first_channel: int) -> list[tuple[SessionRecord, Player, Player]]:
    """PORTAS games started in three channels, each with its own two players."""
    records = []
    for channel in range(first_channel, first_channel + 3):
        host, guest = Player(channel, f"h{channel}"), Player(channel + 100, f"g{channel}")
        record = await m.new_lobby("portas", guild_id=1, channel_id=channel, host=host, locale="en")
        await m.join(record.id, guest)
        await m.start(record.id, host)
        records.append((record, host, guest))
    return records


async def _first_move(m: SessionManager, record: SessionRecord, host: Player, guest: Player) -> None:
    assert record.state is not None
    (seat,) = m.spec(record).rules.to_act(record.state)
    await m.act(record.id, (host, guest)[seat].user_id, m.prompt_version(record, seat), 0)


class BlockingRecorder(Recorder):
    """Holds every move's announcement until released, counting how many are held at once."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.inside = 0
        self.most_inside = 0

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        self.inside += 1
        self.most_inside = max(self.most_inside, self.inside)
        await self.release.wait()
        self.inside -= 1
        await super().game_changed(record, events, answer)


async def test_work_slots_cap_how_many_channels_change_at_once(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    m = SessionManager(store, Recorder(), ai_delay=0, work_slots=2)  # type: ignore[arg-type]
    records = await _three_games(m, 60)
    blocking = BlockingRecorder()
    m.presenter = blocking

    moves = [asyncio.create_task(_first_move(m, *r)) for r in records]
    for _ in range(50):
        await asyncio.sleep(0.01)
    assert blocking.inside == 2  # the third channel waits for a slot, not in the event loop
    blocking.release.set()
    await asyncio.wait_for(asyncio.gather(*moves), 5)
    assert blocking.most_inside == 2 and blocking.inside == 0
    assert all(r.version == 1 for r, _, _ in records)
    await m.close()
    await store.close()


async def test_ai_thinks_outside_the_channel_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reset is not held up by a thinking AI, and the AI's late answer changes nothing."""
    import threading

    from bot.core import ai

    thinking, answer = threading.Event(), threading.Event()
    real_choose = ai.choose

    def slow_choose(*args: object, **kwargs: object) -> object:
        thinking.set()
        answer.wait(5)
        return real_choose(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ai, "choose", slow_choose)
    m, _ = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("portas", guild_id=1, channel_id=63, host=ALICE, locale="en")
    await m.add_ai(record.id, ALICE, "easy")
    await m.start(record.id, ALICE)
    assert record.state is not None
    if 0 in m.spec(record).rules.to_act(record.state):  # make it the AI's turn
        await m.act(record.id, ALICE.user_id, m.prompt_version(record, 0), 0)
    assert await asyncio.to_thread(thinking.wait, 5)
    version = record.version
    await asyncio.wait_for(m.reset(63, by_user=ALICE.user_id), 1)  # would wait for the AI if it held the lock
    answer.set()
    await asyncio.sleep(0.2)
    assert record.status == "abandoned" and record.version == version
    assert all(a["user_id"] is not None for a in await m.store.actions(record.id))  # the AI never moved
    await m.close()
    await m.store.close()


async def test_waiting_on_discord_gives_the_work_slot_away(tmp_path: Path) -> None:
    """A board edit Discord holds back (a rate limit) must not stall other channels' moves."""
    from bot.core.turns import discord_request

    class RateLimited(BlockingRecorder):
        async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
            # what the real presenter does with each request to Discord; this one answers late
            await discord_request(super().game_changed(record, events, answer), patience=0.01)

    store = await Store.open(tmp_path / "k.sqlite3")
    m = SessionManager(store, Recorder(), ai_delay=0, work_slots=1)  # type: ignore[arg-type]
    records = await _three_games(m, 70)
    limited = RateLimited()
    m.presenter = limited

    moves = [asyncio.create_task(_first_move(m, *r)) for r in records]
    for _ in range(50):
        await asyncio.sleep(0.01)
    assert limited.inside == 3  # every channel got its move committed and is waiting on "Discord"
    limited.release.set()
    await asyncio.wait_for(asyncio.gather(*moves), 5)
    assert all(r.version == 1 for r, _, _ in records)
    await m.close()
    await store.close()


class Preparing(Recorder):
    """A presenter that starts on a move's showing before it is saved (the Discord one draws its pictures)."""

    def __init__(self, store: Store, *, fail: bool = False) -> None:
        super().__init__()
        self.store, self.fail = store, fail
        self.prepared: list[tuple[int, int, int]] = []  # (the draft's version, the live record's, the seat)
        self.live: SessionRecord | None = None

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        assert self.live is not None
        self.prepared.append((draft.version, self.live.version, seat))
        if self.fail:
            raise RuntimeError("a broken picture")


async def test_a_move_is_prepared_before_it_is_saved_and_a_failing_preparation_changes_nothing(
    tmp_path: Path,
) -> None:
    for fail in (False, True):
        store = await Store.open(tmp_path / f"p{fail}.sqlite3")
        shown = Preparing(store, fail=fail)
        m = SessionManager(store, shown, ai_delay=0)  # type: ignore[arg-type]
        record = await _two_player_game(m)
        shown.live = record
        player, pv = _mover(m, record)
        (seat,) = m.spec(record).rules.to_act(record.state)  # type: ignore[arg-type]
        version = record.version
        await m.act(record.id, player.user_id, pv, 0)
        # prepared from the draft while the live record was still the move before: nothing was live yet
        assert shown.prepared == [(version + 1, version, seat)]
        assert record.version == version + 1 and ("game", version + 1) in shown.calls
        assert len(await store.actions(record.id)) == version + 1  # saved all the same
        await store.close()


async def test_a_channels_lock_is_shared_while_in_use_and_not_kept_after(tmp_path: Path) -> None:
    """One lock per channel while turns hold or await it; none kept for every channel ever played in."""
    import gc

    m, _ = await _manager(tmp_path / "k.sqlite3")
    order: list[str] = []

    async def change(name: str) -> None:
        async with m.table.lock(50):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    await asyncio.gather(change("a"), change("b"), change("c"))
    assert order == ["a in", "a out", "b in", "b out", "c in", "c out"]
    gc.collect()
    assert len(m.table._locks) == 0, "a lock outlived the turns that used it"
    await m.close()
