"""At most MOST_LIVE turn notices of one game stand in its channel at once (the board stays in view)."""

from __future__ import annotations

from bot.core.slow.notify import MOST_LIVE
from tests.platform.core.test_notify import CHAN, make, n


async def test_four_slow_pickers_get_two_notices_then_the_others_as_room_is_made() -> None:
    """A simultaneous pick of four slow players: two notices up; each who acts makes room for the next."""
    assert MOST_LIVE == 2
    notifier, clock, sender = make()
    everyone = {seat: n(10 + seat) for seat in range(4)}
    notifier.show(1, CHAN, everyone)
    clock.advance(8)
    await notifier.settle()
    assert [user for user, _ in sender.posts] == [10, 11]
    assert len(sender.live) == 2
    notifier.show(1, CHAN, {s: everyone[s] for s in (1, 2, 3)})  # seat 0 picked
    await notifier.settle()
    assert [user for user, _ in sender.posts] == [10, 11, 12]  # seat 2 is pinged now, seat 3 still waits
    assert sorted(u for u, _ in sender.live.values()) == [11, 12]
    notifier.show(1, CHAN, {3: everyone[3]})  # seats 1 and 2 picked
    await notifier.settle()
    assert [user for user, _ in sender.posts] == [10, 11, 12, 13]
    assert [u for u, _ in sender.live.values()] == [13]
    notifier.show(1, CHAN, {})
    await notifier.settle()
    assert sender.live == {}


async def test_a_held_seat_that_acts_is_never_pinged() -> None:
    notifier, clock, sender = make()
    notifier.show(1, CHAN, {seat: n(10 + seat) for seat in range(3)})
    clock.advance(8)
    await notifier.settle()
    notifier.show(1, CHAN, {0: n(10), 1: n(11)})  # seat 2 (held back) acted
    await notifier.settle()
    assert [user for user, _ in sender.posts] == [10, 11]


async def test_other_games_do_not_share_the_cap() -> None:
    notifier, clock, sender = make()
    notifier.show(1, CHAN, {0: n(10), 1: n(11)})
    notifier.show(2, CHAN + 1, {0: n(20), 1: n(21)})
    clock.advance(8)
    await notifier.settle()
    assert sorted(user for user, _ in sender.posts) == [10, 11, 20, 21]
