"""Work slots (bot/core/turns.py): a slow request lends its slot, a click goes first, no path leaks one."""

from __future__ import annotations

import asyncio

from bot.core import turns
from bot.core.turns import PLAYER, ChannelTurn, WorkSlots, discord_request, elsewhere


async def _slow(seconds: float) -> str:
    await asyncio.sleep(seconds)
    return "answer"


async def test_a_slow_request_lends_the_slot_and_takes_it_back() -> None:
    slots, lock = WorkSlots(1), asyncio.Lock()
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
    slots = WorkSlots(1)
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
    slots = WorkSlots(1)
    async with ChannelTurn(slots, asyncio.Lock()):
        assert await discord_request(_slow(0), patience=0.5) == "answer"
        assert slots.locked()
    assert not slots.locked()


async def test_a_task_started_inside_a_turn_never_touches_its_slot() -> None:
    """Tasks inherit the turn through the context; only the turn's own task may lend its slot."""
    slots = WorkSlots(2)
    child: asyncio.Task[str] | None = None
    async with ChannelTurn(slots, asyncio.Lock()):
        child = asyncio.create_task(discord_request(_slow(0.1), patience=0.01))
        await asyncio.sleep(0.05)
        assert slots.free == 1  # still held by the turn, not lent by the child
    assert await child == "answer"
    await asyncio.sleep(0)
    assert slots.free == 2  # nothing leaked after the turn ended under the child


async def test_a_freed_slot_goes_to_a_players_click_before_the_ais_moves_that_came_first() -> None:
    slots = WorkSlots(1)
    order: list[str] = []

    async def channel(name: str, player: bool) -> None:
        if player:
            turns.for_a_player()  # as bot.frontend.inbound.clicks does for every button click
        async with ChannelTurn(slots, asyncio.Lock()):
            order.append(name)

    async with ChannelTurn(slots, asyncio.Lock()):
        waiting = [asyncio.create_task(channel("AI 1", False)), asyncio.create_task(channel("AI 2", False))]
        await asyncio.sleep(0)
        waiting.append(asyncio.create_task(channel("click 1", True)))
        await asyncio.sleep(0)
        waiting.append(asyncio.create_task(channel("click 2", True)))
        await asyncio.sleep(0)
    await asyncio.gather(*waiting)
    assert order == ["click 1", "click 2", "AI 1", "AI 2"]
    assert slots.free == 1


async def test_a_task_started_by_a_click_waits_in_line_with_the_rest() -> None:
    """An AI's turn started from the click's task copies its context, but it is not the click."""
    slots = WorkSlots(1)
    order: list[str] = []

    async def ai_turn() -> None:
        async with ChannelTurn(slots, asyncio.Lock()):
            order.append("AI, started by the click")

    async def ai_first() -> None:
        async with ChannelTurn(slots, asyncio.Lock()):
            order.append("AI, waiting before")

    turns.for_a_player()
    async with ChannelTurn(slots, asyncio.Lock()):
        before = asyncio.create_task(ai_first())
        await asyncio.sleep(0)
        spawned = asyncio.create_task(ai_turn())
        await asyncio.sleep(0)
    await asyncio.gather(before, spawned)
    assert order == ["AI, waiting before", "AI, started by the click"]


async def test_a_waiter_cancelled_before_or_as_it_is_handed_a_slot_leaks_none() -> None:
    slots = WorkSlots(1)
    await slots.acquire()
    gone = asyncio.create_task(slots.acquire())  # cancelled while waiting
    handed = asyncio.create_task(slots.acquire(PLAYER))  # cancelled just as the slot reaches it
    last = asyncio.create_task(slots.acquire())
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.sleep(0)
    slots.release()  # to `handed`, first in line
    handed.cancel()
    await asyncio.gather(gone, handed, return_exceptions=True)
    await asyncio.wait_for(last, 1)  # `handed` passed its slot on
    assert slots.locked()
    slots.release()
    assert slots.free == 1


async def test_an_ai_move_starts_only_while_no_click_holds_a_slot() -> None:
    """Other work may take the second slot beside a click; an AI's move waits until the last click is done."""
    slots = WorkSlots(2)
    order: list[str] = []
    click_done = asyncio.Event()

    async def ai_move() -> None:
        async with ChannelTurn(slots, asyncio.Lock(), ai_move=True):
            order.append("AI move")

    async def command() -> None:
        async with ChannelTurn(slots, asyncio.Lock()):
            order.append("slash command")

    async def click(name: str) -> None:
        turns.for_a_player()
        async with ChannelTurn(slots, asyncio.Lock()):
            order.append(f"{name} in")
            await click_done.wait()
        order.append(f"{name} out")

    first = asyncio.create_task(click("click"))
    await asyncio.sleep(0)
    waiting = [asyncio.create_task(ai_move()), asyncio.create_task(command())]
    await asyncio.sleep(0.01)
    assert order == ["click in", "slash command"], "the free slot went to the command, not to the AI's move"
    assert slots.players == 1 and slots.free == 1
    click_done.set()
    await asyncio.gather(first, *waiting)
    assert order == ["click in", "slash command", "click out", "AI move"]
    assert slots.free == 2 and slots.players == 0


async def test_an_ai_move_waits_for_a_quiet_moment_only_so_long(monkeypatch) -> None:
    """Clicks that overlap without end would stop the AI tables: after AI_PATIENCE the move goes beside them."""
    monkeypatch.setattr(turns, "AI_PATIENCE", 0.05)
    slots = WorkSlots(2)
    stop = asyncio.Event()
    order: list[str] = []

    async def clicks_without_end() -> None:
        turns.for_a_player()
        async with ChannelTurn(slots, asyncio.Lock()):
            await stop.wait()

    async def ai_move() -> None:
        async with ChannelTurn(slots, asyncio.Lock(), ai_move=True):
            order.append("AI move")

    click = asyncio.create_task(clicks_without_end())
    await asyncio.sleep(0)
    ai = asyncio.create_task(ai_move())
    await asyncio.sleep(0.01)
    assert order == [] and slots.free == 1, "before its patience is out, the AI's move waits for a quiet moment"
    await asyncio.wait_for(ai, 2)
    assert order == ["AI move"] and slots.players == 1 and slots.free == 1
    stop.set()
    await click
    assert slots.free == 2 and slots.players == 0


async def test_an_ai_move_out_of_patience_goes_before_other_work_and_can_be_cancelled(monkeypatch) -> None:
    """Due work (an AI's move past its patience) is served before work that has not waited so long."""
    monkeypatch.setattr(turns, "AI_PATIENCE", 0.01)
    slots = WorkSlots(1)
    await slots.acquire(PLAYER)  # a click holds the only slot
    tired = asyncio.create_task(slots.acquire(turns.AI_MOVE))
    await asyncio.sleep(0.05)  # the AI's move is now due
    monkeypatch.setattr(turns, "AI_PATIENCE", 10.0)
    command = asyncio.create_task(slots.acquire())
    await asyncio.sleep(0)
    slots.release(PLAYER)
    await asyncio.wait_for(tired, 1)
    assert not command.done()
    command.cancel()
    await asyncio.gather(command, return_exceptions=True)
    slots.release(turns.AI_MOVE)
    assert slots.free == 1 and not any(slots._waiting)


async def test_a_due_ai_move_is_never_starved_by_a_steady_stream_of_clicks(monkeypatch) -> None:
    """Clicks always in line took every freed slot, and the AI's move waited for ever (max 90.9 s)."""
    monkeypatch.setattr(turns, "AI_PATIENCE", 0.05)
    slots = WorkSlots(1)
    stop = asyncio.Event()
    served: list[str] = []

    async def click() -> None:
        turns.for_a_player()
        async with ChannelTurn(slots, asyncio.Lock()):
            await asyncio.sleep(0.002)  # a click's step of work
        served.append("click")

    async def clicks_without_end() -> None:  # always three clicks in line: there is never a quiet moment
        pending: set[asyncio.Task[None]] = set()
        while not stop.is_set():
            while len(pending) < 4:
                pending.add(asyncio.create_task(click()))
            _, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        await asyncio.gather(*pending)

    stream = asyncio.create_task(clicks_without_end())
    await asyncio.sleep(0.02)

    async def ai_move() -> float:
        started = asyncio.get_running_loop().time()
        async with ChannelTurn(slots, asyncio.Lock(), ai_move=True):
            served.append("AI move")
        return asyncio.get_running_loop().time() - started

    waited = await asyncio.wait_for(ai_move(), 2)
    stop.set()
    await stream
    assert turns.AI_PATIENCE <= waited < turns.AI_PATIENCE + 0.5, waited
    assert served.count("click") > 10  # the clicks went on meanwhile
    assert slots.free == 1 and slots.players == 0


async def test_an_ai_move_waiting_for_a_slot_holds_no_channel_lock(monkeypatch) -> None:
    """A click in the AI's channel is answered while the AI's move waits for a slot (it waited behind it)."""
    monkeypatch.setattr(turns, "AI_PATIENCE", 10.0)
    slots, channel = WorkSlots(1), asyncio.Lock()
    order: list[str] = []
    other_click_done = asyncio.Event()

    async def click(lock: asyncio.Lock, name: str, hold: asyncio.Event | None = None) -> None:
        turns.for_a_player()
        async with ChannelTurn(slots, lock):
            order.append(name)
            if hold is not None:
                await hold.wait()

    async def ai_move() -> None:
        async with ChannelTurn(slots, channel, ai_move=True):
            order.append("AI move")

    busy = asyncio.create_task(click(asyncio.Lock(), "click elsewhere", other_click_done))
    await asyncio.sleep(0)
    ai = asyncio.create_task(ai_move())
    await asyncio.sleep(0.01)
    assert not channel.locked(), "the AI's move waits for its slot outside its channel"
    here = asyncio.create_task(click(channel, "click in the AI's channel"))
    await asyncio.sleep(0)
    other_click_done.set()
    await asyncio.wait_for(asyncio.gather(busy, here, ai), 1)
    assert order == ["click elsewhere", "click in the AI's channel", "AI move"]
    assert slots.free == 1 and not channel.locked()


async def test_an_ai_move_whose_channel_is_taken_gives_its_slot_back() -> None:
    """The AI has the only slot and a click holds its channel's lock waiting for one: no deadlock."""
    slots, channel = WorkSlots(1), asyncio.Lock()
    order: list[str] = []
    await slots.acquire()  # other work holds the slot while both line up

    async def ai_move() -> None:
        async with ChannelTurn(slots, channel, ai_move=True):
            order.append("AI move")

    async def command() -> None:
        async with ChannelTurn(slots, channel):
            order.append("command")

    ai = asyncio.create_task(ai_move())
    await asyncio.sleep(0)
    cmd = asyncio.create_task(command())  # takes the channel's lock, then waits for the slot
    await asyncio.sleep(0)
    assert channel.locked()
    slots.release()  # (no click in hand: the AI's move may take it)
    await asyncio.wait_for(asyncio.gather(ai, cmd), 1)
    assert order == ["command", "AI move"]
    assert slots.free == 1 and not channel.locked() and not any(slots._waiting)
