"""Work slots (bot/turns.py): a slow request lends its slot, and no path leaks one."""

from __future__ import annotations

import asyncio

from bot.turns import ChannelTurn, discord_request, elsewhere


async def _slow(seconds: float) -> str:
    await asyncio.sleep(seconds)
    return "answer"


async def test_a_slow_request_lends_the_slot_and_takes_it_back() -> None:
    slots, lock = asyncio.Semaphore(1), asyncio.Lock()
    seen: list[object] = []

    async def other_channel() -> None:
        await asyncio.sleep(0.05)
        seen.append(slots.locked())
        async with ChannelTurn(slots, asyncio.Lock()):  # gets the slot while Discord is slow for us
            seen.append("worked")

    async with ChannelTurn(slots, lock):
        assert slots.locked()  # the one slot is ours
        other = asyncio.create_task(other_channel())
        assert await discord_request(_slow(0.2), patience=0.01) == "answer"
        assert slots.locked()  # ours again for the CPU work that follows
        await other
    assert seen == [False, "worked"]
    assert not slots.locked() and not lock.locked()


async def test_work_in_another_process_lends_the_slot_at_once() -> None:
    """A picture drawn in a worker process costs the loop nothing: another channel works meanwhile, however short."""
    slots = asyncio.Semaphore(1)
    order: list[str] = []

    async def other_channel() -> None:
        async with ChannelTurn(slots, asyncio.Lock()):
            order.append("other worked")

    async def drawing() -> str:
        await asyncio.sleep(0.01)
        order.append("drawn")
        return "picture"

    async with ChannelTurn(slots, asyncio.Lock()):
        other = asyncio.create_task(other_channel())
        await asyncio.sleep(0)  # the other channel now waits for the one slot
        assert await elsewhere(drawing()) == "picture"
        assert slots.locked()  # ours again once the picture is back
    await other
    assert order == ["other worked", "drawn"]
    assert not slots.locked()


async def test_a_fast_request_keeps_the_slot() -> None:
    slots = asyncio.Semaphore(1)
    async with ChannelTurn(slots, asyncio.Lock()):
        assert await discord_request(_slow(0), patience=0.5) == "answer"
        assert slots.locked()
    assert not slots.locked()


async def test_a_task_started_inside_a_turn_never_touches_its_slot() -> None:
    """Tasks inherit the turn through the context; only the turn's own task may lend its slot."""
    slots = asyncio.Semaphore(2)
    child: asyncio.Task[str] | None = None
    async with ChannelTurn(slots, asyncio.Lock()):
        child = asyncio.create_task(discord_request(_slow(0.1), patience=0.01))
        await asyncio.sleep(0.05)
        assert slots._value == 1  # still held by the turn, not lent by the child
    assert await child == "answer"
    await asyncio.sleep(0)
    assert slots._value == 2  # nothing leaked after the turn ended under the child
