"""A player who opens their DMs mid-game gets them: the DM is tried again on "My hand" or at their turn.

Before: once a DM was refused (50007) the seat stayed marked for the whole
game, and the player had only "My hand" however their settings changed.
The retry is rate-limited per player (``KADO_DM_RETRY``, 180 s by default):
each refusal is a request Discord's DM anti-spam counts.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.core.store import SeatRecord
from bot.frontend.presenting.delivery import Delivery
from tests.e2e.helpers import bot, db_rows, make_world, open_lobby, press_start
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_my_hand_after_opening_dms_brings_the_dm(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator, closed_dms=("alice",))
    async with bot(world, tmp_path, KADO_DM_RETRY="0") as proc:
        await proc.ready()
        board = await open_lobby(world, "getgem", world.alice)
        await press_start(emulator, world.alice, board)  # an AI fills the other seat
        await emulator.wait_until(lambda: any(b.label == "My hand" for b in board.buttons()), description="the board")
        await emulator.wait_until(lambda: db_rows(tmp_path, "SELECT dm_closed FROM seats WHERE user_id IS NOT NULL")
                                  == [(1,)], description="her seat marked DM-closed")
        assert emulator.dm_messages(world.alice) == []

        emulator.set_dms_open(world.alice, True)  # she opens her DMs
        res = await emulator.click(world.alice, board, board.button("My hand"))
        assert res.ephemeral
        await emulator.wait_until(lambda: emulator.dm_messages(world.alice), timeout=15,
                                  description="her DM, sent again")
        await emulator.wait_until(lambda: db_rows(tmp_path, "SELECT dm_closed FROM seats WHERE user_id IS NOT NULL")
                                  == [(0,)], description="her seat stored as DM-open")


class Refusing:
    """A DM channel that refuses (50007) or accepts, as the player's setting says; counts the tries."""

    def __init__(self) -> None:
        self.open = False
        self.tries = 0

    async def send(self, **_: Any) -> Any:
        self.tries += 1
        if not self.open:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50007, "message": "x"})
        return SimpleNamespace(id=77)


class Store:
    def __init__(self) -> None:
        self.saved: list[bool] = []

    async def set_dm(self, record: Any, seat: SeatRecord) -> None:
        self.saved.append(seat.dm_closed)


async def test_closed_dms_are_tried_again_at_most_once_per_period() -> None:
    now = [1000.0]
    channel, store = Refusing(), Store()
    client = SimpleNamespace(get_partial_messageable=lambda *_a, **_k: channel)
    delivery = Delivery(client, store, editor=None, clock=lambda: now[0])  # type: ignore[arg-type]
    delivery.retry_every = 180.0
    record = SimpleNamespace(id=5)
    seat = SeatRecord(0, "alice", user_id=42, dm_channel_id=9)

    assert not await delivery.send(record, seat, {"content": "hand"})  # type: ignore[arg-type]
    assert seat.dm_closed and channel.tries == 1
    for _ in range(3):  # her turns and "My hand" presses within the period: no request
        now[0] += 30
        assert not delivery.retry_closed(record, seat)  # type: ignore[arg-type]
    now[0] += 100  # 190 s after the refusal
    assert delivery.retry_closed(record, seat)  # type: ignore[arg-type]
    assert not await delivery.send(record, seat, {"content": "hand"})  # type: ignore[arg-type]
    assert seat.dm_closed and channel.tries == 2  # refused again: the next try waits another period
    assert not delivery.retry_closed(record, seat)  # type: ignore[arg-type]
    channel.open = True
    now[0] += 181
    assert delivery.retry_closed(record, seat)  # type: ignore[arg-type]
    assert await delivery.send(record, seat, {"content": "hand"})  # type: ignore[arg-type]
    assert not seat.dm_closed and seat.dm_message_id == 77 and store.saved[-1] is False  # stored as open


async def test_at_her_turn_a_closed_dm_is_tried_again_and_not_at_others(tmp_path: Path) -> None:
    """The presenter's DM update: a DM-closed seat whose turn it is gets its DM tried (rate-limited by Delivery)."""
    from bot.frontend.presenting.dm_screens import DmScreens
    from tests.server.helpers import manager, player

    m, _ = await manager(tmp_path / "k.sqlite3")
    try:
        record = await m.new_lobby("getgem", guild_id=1, channel_id=5, host=player(1), locale="en")
        await m.join(record.id, player(2))
        await m.start(record.id, player(1))
        to_act = m.spec(record).rules.to_act(record.state)
        channel = Refusing()
        channel.open = True  # she has opened her DMs meanwhile
        client = SimpleNamespace(get_partial_messageable=lambda *_a, **_k: channel)
        delivery = Delivery(client, Store(), editor=None)  # type: ignore[arg-type]
        screens = DmScreens(client, delivery, pictures=None)  # type: ignore[arg-type]

        async def payload(_record: Any, _seat: int) -> dict[str, Any]:
            return {"content": "hand"}

        screens.payload = payload  # type: ignore[method-assign]
        for seat in record.seats:
            seat.dm_closed, seat.dm_channel_id = True, 100 + seat.seat
            await screens.update(record, seat)
        waiting = [s.seat for s in record.seats if not s.dm_closed]
        assert waiting == list(to_act) and channel.tries == len(to_act)  # only whose turn it is, once each
    finally:
        await m.close()
        await m.store.close()
