"""TurnNotifier with a fake clock and a fake sender: one notice per turn, grace time, clean-up, reminders."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.core.slow.notify import Notice, TurnNotifier

CHAN = 500


class FakeClock:
    """``call_later`` that fires only when the test advances time."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pending: list[list[object]] = []  # [when, callback, cancelled]

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeClock.Handle:
        entry: list[object] = [self.now + delay, callback, False]
        self.pending.append(entry)
        return FakeClock.Handle(entry)

    class Handle:
        def __init__(self, entry: list[object]) -> None:
            self.entry = entry

        def cancel(self) -> None:
            self.entry[2] = True

    def advance(self, seconds: float) -> None:
        self.now += seconds
        due = [e for e in self.pending if e[0] <= self.now and not e[2]]  # type: ignore[operator]
        self.pending = [e for e in self.pending if e not in due]
        for entry in due:
            entry[1]()  # type: ignore[operator]


class FakeSender:
    def __init__(self) -> None:
        self.next_id = 1000
        self.live: dict[int, tuple[int, str]] = {}  # message -> (user pinged, text)
        self.posts: list[tuple[int, str]] = []
        self.edits: list[tuple[int, str]] = []
        self.deleted: list[int] = []

    async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
        await asyncio.sleep(0)  # a round trip: other work may run meanwhile
        self.next_id += 1
        self.live[self.next_id] = (user_id, text)
        self.posts.append((user_id, text))
        return self.next_id

    async def edit(self, channel_id: int, message_id: int, text: str) -> None:
        self.live[message_id] = (self.live[message_id][0], text)
        self.edits.append((message_id, text))

    async def delete(self, channel_id: int, message_id: int) -> None:
        del self.live[message_id]
        self.deleted.append(message_id)


def make(grace: float = 8.0) -> tuple[TurnNotifier, FakeClock, FakeSender]:
    clock, sender = FakeClock(), FakeSender()
    return TurnNotifier(sender, grace=grace, call_later=clock.call_later), clock, sender


def n(user: int, text: str = "your move") -> Notice:
    return Notice(user, text)


async def test_one_notice_per_turn_across_sub_steps_deleted_after_the_move() -> None:
    notifier, clock, sender = make()
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(8)
    await notifier.settle()
    assert sender.posts == [(10, "your move")]
    for _ in range(20):  # sub-steps of the same turn: still waiting for seat 0
        notifier.show(1, CHAN, {0: n(10)})
        clock.advance(3)
        await notifier.settle()
    assert len(sender.posts) == 1
    notifier.show(1, CHAN, {1: n(11)})  # seat 0 acted: its turn is over
    await notifier.settle()
    assert sender.live == {} and len(sender.deleted) == 1


async def test_no_notice_when_the_move_comes_within_the_grace_time() -> None:
    notifier, clock, sender = make(grace=8)
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(5)
    notifier.show(1, CHAN, {})
    clock.advance(100)
    await notifier.settle()
    assert sender.posts == [] and sender.deleted == []


async def test_a_new_turn_is_a_new_notice_and_seats_are_independent() -> None:
    notifier, clock, sender = make(grace=0)
    notifier.show(1, CHAN, {0: n(10), 1: n(11)})  # a simultaneous pick: one turn for each seat
    clock.advance(0)
    await notifier.settle()
    notifier.show(1, CHAN, {1: n(11)})  # seat 0 picked; seat 1 still thinking
    clock.advance(0)
    await notifier.settle()
    assert sorted(u for u, _ in sender.posts) == [10, 11]
    assert [u for u, _ in sender.live.values()] == [11]
    notifier.show(1, CHAN, {0: n(10)})  # seat 1 picked; seat 0's next turn
    clock.advance(0)
    await notifier.settle()
    assert [u for u, _ in sender.posts].count(10) == 2
    assert [u for u, _ in sender.live.values()] == [10]


async def test_a_changed_text_edits_the_notice_without_a_new_ping() -> None:
    notifier, clock, sender = make(grace=0)
    notifier.show(1, CHAN, {0: n(10, "until 100")})
    clock.advance(0)
    await notifier.settle()
    notifier.show(1, CHAN, {0: n(10, "until 130")})
    await notifier.settle()
    assert len(sender.posts) == 1
    assert list(sender.live.values()) == [(10, "until 130")]


async def test_reminder_is_folded_into_the_notice() -> None:
    notifier, clock, sender = make(grace=0)
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(0)
    await notifier.settle()
    assert notifier.remind(1, {0: n(10, "half your time is gone"), 1: n(11, "x")}) == [0]
    await notifier.settle()
    assert len(sender.posts) == 1
    assert list(sender.live.values()) == [(10, "half your time is gone")]


async def test_reminder_within_grace_posts_at_once_and_only_once() -> None:
    notifier, clock, sender = make(grace=60)
    notifier.show(1, CHAN, {0: n(10)})
    notifier.remind(1, {0: n(10, "hurry")})
    await notifier.settle()
    clock.advance(60)
    await notifier.settle()
    assert sender.posts == [(10, "hurry")]


async def test_move_while_the_post_is_in_flight_still_deletes_it() -> None:
    notifier, clock, sender = make(grace=0)
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(0)
    await asyncio.sleep(0)  # the post has started, not finished
    notifier.show(1, CHAN, {})
    await notifier.settle()
    assert len(sender.posts) == 1 and sender.live == {}


async def test_end_of_session_removes_every_notice_and_other_sessions_are_untouched() -> None:
    notifier, clock, sender = make(grace=0)
    notifier.show(1, CHAN, {0: n(10), 1: n(11)})
    notifier.show(2, CHAN + 1, {0: n(12)})
    clock.advance(0)
    await notifier.settle()
    notifier.forget(1)
    await notifier.settle()
    assert [u for u, _ in sender.live.values()] == [12]
    assert notifier.waiting(1) == {} and list(notifier.waiting(2)) == [0]


async def test_a_seat_taken_by_someone_else_is_a_new_turn() -> None:
    notifier, clock, sender = make(grace=0)
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(0)
    await notifier.settle()
    notifier.show(1, CHAN, {0: n(99)})
    clock.advance(0)
    await notifier.settle()
    assert [u for u, _ in sender.live.values()] == [99]


async def test_a_failed_post_is_logged_not_raised() -> None:
    class Broken(FakeSender):
        async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
            raise OSError("down")

    clock, sender = FakeClock(), Broken()
    notifier = TurnNotifier(sender, grace=0, call_later=clock.call_later)
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(0)
    await notifier.settle()
    notifier.show(1, CHAN, {})
    await notifier.settle()
    assert sender.deleted == []


async def test_close_takes_every_notice_down_and_cancels_pending_ones() -> None:
    notifier, clock, sender = make(grace=5)
    notifier.show(1, CHAN, {0: n(10)})
    clock.advance(5)
    await notifier.settle()
    notifier.show(2, CHAN + 1, {0: n(11)})  # still inside its grace time
    await notifier.close()
    clock.advance(60)
    await notifier.settle()
    assert sender.live == {} and [u for u, _ in sender.posts] == [10]
