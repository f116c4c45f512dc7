"""Delivery keeps each player's DM channel between games, and opens a fresh one when Discord forgot it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.presenting.delivery import Delivery

GONE = 666


class FakeDiscord:
    """The two calls a first DM message makes: open the DM channel, post in it (a channel may be gone)."""

    def __init__(self) -> None:
        self.opened: list[int] = []
        self.posted: list[int] = []
        self.http = SimpleNamespace(start_private_message=self._open)

    async def _open(self, user_id: int) -> dict[str, Any]:
        self.opened.append(user_id)
        return {"id": str(1000 + user_id)}

    def get_partial_messageable(self, channel_id: int, type: Any = None) -> Any:
        async def send(**kwargs: Any) -> Any:
            if channel_id == GONE:
                raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10003})
            self.posted.append(channel_id)
            return SimpleNamespace(id=len(self.posted))

        return SimpleNamespace(send=send)


class NoStore:
    async def set_dm(self, record: SessionRecord, seat: SeatRecord) -> None:
        pass


def _game(session_id: int, user_id: int) -> tuple[SessionRecord, SeatRecord]:
    seat = SeatRecord(seat=0, name="Ann", user_id=user_id, locale="en")
    record = SessionRecord(
        id=session_id,
        game="getgem",
        guild_id=1,
        channel_id=2,
        host_id=user_id,
        status="active",
        seed=1,
        created_at=0.0,
        updated_at=0.0,
        options={},
        state={},
        version=0,
        locale="en",
        deadline=None,
        seats=[seat],
    )
    return record, seat


async def test_a_players_dm_channel_is_opened_once_for_all_their_games() -> None:
    client = FakeDiscord()
    delivery = Delivery(client, NoStore(), editor=None)  # type: ignore[arg-type]
    for session_id in (1, 2, 3):
        record, seat = _game(session_id, user_id=7)
        assert await delivery.send(record, seat, {"content": f"game {session_id}"})
        assert seat.dm_channel_id == 1007
    assert client.opened == [7]
    assert client.posted == [1007, 1007, 1007]


async def test_a_dm_channel_discord_no_longer_knows_is_opened_afresh() -> None:
    client = FakeDiscord()
    delivery = Delivery(client, NoStore(), editor=None)  # type: ignore[arg-type]
    record, seat = _game(1, user_id=7)
    seat.dm_channel_id = GONE  # stored by an earlier run
    assert await delivery.send(record, seat, {"content": "hi"})
    assert client.opened == [7] and seat.dm_channel_id == 1007 and client.posted == [1007]


class Editor:
    def __init__(self) -> None:
        self.edited: list[tuple[int, int]] = []

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], answer: Any = None) -> None:
        self.edited.append((channel_id, message_id))


async def test_a_dm_channel_stored_before_a_restart_serves_the_players_next_game() -> None:
    client, editor = FakeDiscord(), Editor()
    delivery = Delivery(client, NoStore(), editor)  # type: ignore[arg-type]
    record, seat = _game(1, user_id=7)
    seat.dm_channel_id, seat.dm_message_id = 1007, 55  # restored with its game: its DM message is edited
    assert await delivery.send(record, seat, {"content": "game 1"})
    record, seat = _game(2, user_id=7)
    assert await delivery.send(record, seat, {"content": "game 2"})
    assert editor.edited == [(1007, 55)] and client.opened == [] and client.posted == [1007]


class SlowOpen(FakeDiscord):
    """Opening a DM channel waits for ``release``, or fails with Discord's 500."""

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.fail = fail

    async def _open(self, user_id: int) -> dict[str, Any]:
        self.opened.append(user_id)
        await self.release.wait()
        if self.fail:
            raise discord.DiscordServerError(SimpleNamespace(status=500, reason="Server Error"), "boom")
        return {"id": str(1000 + user_id)}


async def test_channels_opened_ahead_serve_the_start_without_opening_again() -> None:
    client = FakeDiscord()
    delivery = Delivery(client, NoStore(), editor=None)  # type: ignore[arg-type]
    delivery.open_soon([7, 8, 7])
    delivery.open_soon([8])  # a second lobby change while they open: nothing more
    await asyncio.sleep(0.01)
    assert sorted(client.opened) == [7, 8]
    record, seat = _game(1, user_id=7)
    assert await delivery.send(record, seat, {"content": "the start"})
    assert client.opened == [7, 8] or client.opened == [8, 7]
    assert seat.dm_channel_id == 1007 and client.posted == [1007]
    delivery.open_soon([7])  # known now
    await asyncio.sleep(0)
    assert sorted(client.opened) == [7, 8]


async def _start_while_opening(client: SlowOpen) -> tuple[Delivery, asyncio.Task[bool]]:
    """A player's DM channel being opened ahead (held by ``client``) as their game's start sends their DM."""
    delivery = Delivery(client, NoStore(), editor=None)  # type: ignore[arg-type]
    delivery.open_soon([7])
    await asyncio.sleep(0)
    record, seat = _game(1, user_id=7)
    sending = asyncio.create_task(delivery.send(record, seat, {"content": "the start"}))
    await asyncio.sleep(0.01)
    return delivery, sending


async def test_a_start_while_the_channel_is_being_opened_ahead_waits_for_it_and_opens_none() -> None:
    client = SlowOpen()
    _, sending = await _start_while_opening(client)
    assert not sending.done() and client.posted == []
    client.release.set()
    assert await sending
    assert client.opened == [7] and client.posted == [1007]


async def test_a_channel_that_could_not_be_opened_ahead_is_opened_by_the_start() -> None:
    client = SlowOpen(fail=True)
    delivery = Delivery(client, NoStore(), editor=None)  # type: ignore[arg-type]
    delivery.open_soon([7])
    await asyncio.sleep(0)
    client.release.set()
    await asyncio.sleep(0.01)
    client.fail = False
    record, seat = _game(1, user_id=7)
    assert await delivery.send(record, seat, {"content": "the start"})
    assert client.opened == [7, 7] and client.posted == [1007]


async def test_an_opening_ahead_that_was_cancelled_does_not_fail_the_start() -> None:
    client = SlowOpen()
    delivery, sending = await _start_while_opening(client)
    delivery._opening[7].cancel()  # the bot closing, say
    client.release.set()
    assert await sending
    assert client.opened == [7, 7] and client.posted == [1007]


async def test_forget_me_drops_the_players_dm_channel_from_memory() -> None:
    client = FakeDiscord()
    delivery = Delivery(client, NoStore(), editor=None)  # type: ignore[arg-type]
    record, seat = _game(1, user_id=7)
    assert await delivery.send(record, seat, {"content": "a game"})
    delivery.forget_user(7)
    record, seat = _game(2, user_id=7)
    assert await delivery.send(record, seat, {"content": "a game after forget-me"})
    assert client.opened == [7, 7]  # opened afresh: nothing of theirs was kept
