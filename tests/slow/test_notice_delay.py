"""A slow game's DM notice waits the pace's notice delay: a player at the table is sent nothing.

Through the session manager with a real engine (PORTAS, two humans, a relaxed
game) and :class:`~bot.frontend.presenting.slow.dm_notices.DmNotices` as the presenter
drives it after each commit, with an injected timer (``call_later``) and wall
clock, and a sender that records the requests instead of making them.  A seat
that moves within the delay costs no request; one that does not gets the DM,
the half-time reminder (a new message, the first deleted), and both are
deleted once it has moved.  A restart in the middle of the delay posts the
notice when it was due (counted from the stored ``updated_at``), and a notice
posted before a restart is kept, not sent twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.core.slow import notify_prefs, pace
from bot.core.store import SessionRecord
from bot.frontend.presenting.slow.dm_notices import DmNotices, DmSender
from bot.transport.edits import Tokens
from tests.platform.core.sessions.test_sessions import ALICE, BOB, _manager, _mover

DM_CHANNEL = 5


class Timer:
    def __init__(self, delay: float, callback: Callable[[], None]) -> None:
        self.delay, self.callback, self.cancelled, self.fired = delay, callback, False, False

    def cancel(self) -> None:
        self.cancelled = True

    def fire(self) -> None:
        assert not self.cancelled and not self.fired
        self.fired = True
        self.callback()


class Timers:
    """The injected ``call_later``: nothing runs until a test fires it."""

    def __init__(self) -> None:
        self.armed: list[Timer] = []

    def __call__(self, delay: float, callback: Callable[[], None]) -> Timer:
        self.armed.append(Timer(delay, callback))
        return self.armed[-1]

    def pending(self) -> list[Timer]:
        return [t for t in self.armed if not t.cancelled and not t.fired]


class RecordingSender(DmSender):
    """Each request a DM notice would make, recorded; the rows stored as the real sender stores them."""

    def __init__(self, store: object) -> None:
        super().__init__(None, store, Tokens())  # type: ignore[arg-type]
        self.calls: list[tuple[str, int]] = []
        self.last = 100

    async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
        session_id, seat, _, _ = self.where[channel_id]
        self.last += 1
        self.calls.append((text[0], seat))
        self.posted[self.last] = (DM_CHANNEL, None)
        await self.store.add_dm_notice(self.last, session_id, seat, user_id, DM_CHANNEL)
        return self.last

    async def edit(self, channel_id: int, message_id: int, text: str) -> None:
        self.calls.append(("edit", message_id))

    async def delete(self, channel_id: int, message_id: int) -> None:
        self.posted.pop(message_id, None)
        await self.store.drop_dm_notice(message_id)
        self.calls.append(("delete", message_id))


def _notices(store: object, clock: Callable[[], float] = time.time, grace: float = 8.0):  # type: ignore[no-untyped-def]
    timers = Timers()
    notices = DmNotices(None, store, Tokens(), grace=grace, clock=clock, call_later=timers)  # type: ignore[arg-type]
    notices.sender = notices.notifier.sender = RecordingSender(store)
    return notices, timers


async def _game(tmp_path: Path, game_pace: str) -> tuple:  # type: ignore[type-arg]
    m, _ = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("portas", guild_id=1, channel_id=50, host=ALICE, locale="en", pace=game_pace)
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    return m, record


async def _move(m, record: SessionRecord, notices: DmNotices) -> int:  # type: ignore[no-untyped-def]
    """The seat waited for moves; the presenter's show after the commit.  Returns the seat that moved."""
    player, version = _mover(m, record)
    seat = record.seat_of(player.user_id)
    await m.act(record.id, player.user_id, version, 0)
    await notices.show(record)
    await notices.notifier.settle()
    return seat


def test_the_delay_is_the_paces_and_never_past_a_quarter_turn() -> None:
    assert pace.notice_delay("live", 120) is None  # live: the channel ping's grace
    assert pace.notice_delay("relaxed", 120) == pace.NOTICE_DELAY == 600
    assert pace.notice_delay("correspondence", 120, 30) == 30
    assert pace.notice_delay("relaxed", 120, 10 * pace.HOUR) == 3 * pace.HOUR  # a quarter of 12 hours
    pace.set_test_scale(100)
    try:
        assert pace.notice_delay("relaxed", 120) == 6  # the test-only scale compresses it like the turn
    finally:
        pace.set_test_scale(1)


async def test_a_seat_at_the_table_is_sent_nothing(tmp_path: Path) -> None:
    m, record = await _game(tmp_path, "relaxed")
    notices, timers = _notices(m.store)
    await notices.show(record)
    for _ in range(6):  # every move within the delay: each notice's timer is cancelled before it is due
        (timer,) = timers.pending()
        assert timer.delay == pytest.approx(pace.NOTICE_DELAY, abs=5)
        await _move(m, record, notices)
        assert timer.cancelled
    assert notices.sender.calls == []  # not one request
    await m.close()
    await m.store.close()


async def test_a_seat_away_gets_the_notice_a_reminder_and_their_deletion(tmp_path: Path) -> None:
    m, record = await _game(tmp_path, "correspondence")
    notices, timers = _notices(m.store)
    await notices.show(record)
    (waited,) = m.waiting_humans(record)
    timers.pending()[0].fire()  # the delay passed: the DM notice
    await notices.notifier.settle()
    assert notices.sender.calls == [("🔔", waited)]
    await notices.remind(record)  # half the turn gone: a new message, the first one deleted
    (reminder,) = timers.pending()
    assert reminder.delay == 0  # at once: half a turn is far past the delay
    reminder.fire()
    await notices.notifier.settle()
    assert notices.sender.calls[0] == ("🔔", waited)
    assert set(notices.sender.calls[1:]) == {("delete", 101), ("⏰", waited)}  # the two in either order
    assert await _move(m, record, notices) == waited
    assert notices.sender.calls[3:] == [("delete", 102)]  # acted: the reminder goes
    assert await m.store.dm_notices() == []
    await m.close()
    await m.store.close()


async def test_the_delay_and_a_posted_notice_survive_a_restart(tmp_path: Path) -> None:
    m, record = await _game(tmp_path, "relaxed")
    notices, timers = _notices(m.store)
    await notices.show(record)
    (waited,) = m.waiting_humans(record)

    # a restart 400 s into the delay: the notice is due 200 s later, not a whole delay later
    after, timers = _notices(m.store, clock=lambda: record.updated_at + 400)
    await after.show(record)
    (timer,) = timers.pending()
    assert timer.delay == pytest.approx(200)
    timer.fire()
    await after.notifier.settle()
    assert after.sender.calls == [("🔔", waited)]

    # another restart: the standing notice is kept (no second one), and deleted once the seat has moved
    again, timers = _notices(m.store)
    await again.show(record)
    assert timers.pending() == [] and again.sender.calls == []
    await _move(m, record, again)
    assert again.sender.calls == [("delete", 101)]
    assert [t.delay for t in timers.pending()] == [pytest.approx(pace.NOTICE_DELAY, abs=5)]  # the other's turn
    await m.close()
    await m.store.close()


async def test_a_live_game_keeps_the_grace(tmp_path: Path) -> None:
    m, record = await _game(tmp_path, "live")
    notices, timers = _notices(m.store, grace=8.0)
    for player in (ALICE, BOB):
        await notices.prefs.set(player.user_id, notify_prefs.OWN, notify_prefs.DM)
    await notices.show(record)
    assert [t.delay for t in timers.pending()] == [8.0]
    await m.close()
    await m.store.close()
