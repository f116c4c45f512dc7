"""The emulator routes gateway events like Discord does for a sharded bot.

Why it matters: Kado's multi-process deployments rely on Discord's routing —
a guild's events only on its shard ``(guild_id >> 22) % shard_count``, DM
events (DM messages and DM button clicks) only on shard 0 — and the DM-click
forwarding (bot/frontend/gateway/forwarding.py) is only tested if the emulator is just as
strict.  Raw gateway clients make every frame each shard receives visible.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.emulator import DiscordEmulator, EmulatorError, Intents
from tests.emulator.fixtures import emulator  # noqa: F401

INTENTS = Intents.GUILDS | Intents.GUILD_MEMBERS | Intents.GUILD_MESSAGES | Intents.DIRECT_MESSAGES


class RawShard:
    """A bare gateway connection (IDENTIFY with ``shard``) recording each dispatch it receives."""

    def __init__(self, emu: DiscordEmulator, shard: list[int] | None) -> None:
        self.emu = emu
        self.shard = shard
        self.events: list[tuple[str, dict[str, Any]]] = []
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> RawShard:
        self._http = aiohttp.ClientSession()
        self._ws = await self._http.ws_connect(self.emu.gateway_url + "?v=10&encoding=json")
        hello = await self._ws.receive_json()
        assert hello["op"] == 10
        identify: dict[str, Any] = {
            "token": f"Bot {self.emu.token}",
            "intents": INTENTS,
            "properties": {"os": "linux", "browser": "test", "device": "test"},
        }
        if self.shard is not None:
            identify["shard"] = self.shard
        await self._ws.send_json({"op": 2, "d": identify})
        self._reader = asyncio.create_task(self._read())
        await self.emu.wait_until(lambda: self.names("READY"), description=f"READY on shard {self.shard}")
        return self

    async def _read(self) -> None:
        assert self._ws is not None
        async for msg in self._ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            frame = msg.json()
            if frame.get("op") == 0:
                self.events.append((frame["t"], frame["d"]))

    async def __aexit__(self, *exc: object) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()

    def names(self, event: str) -> list[dict[str, Any]]:
        return [d for t, d in self.events if t == event]

    def guild_ids(self, event: str) -> set[int]:
        return {int(d.get("guild_id") or d["id"]) for d in self.names(event)}


@contextlib.asynccontextmanager
async def shards(emu: DiscordEmulator, *layout: list[int] | None) -> AsyncIterator[list[RawShard]]:
    async with contextlib.AsyncExitStack() as stack:
        yield [await stack.enter_async_context(RawShard(emu, s)) for s in layout]


async def test_two_shards_get_their_guilds_and_dms_go_to_shard_zero(emulator) -> None:  # noqa: F811
    emu = emulator
    g0 = emu.create_guild("zero", shard=(0, 2))
    g1 = emu.create_guild("one", shard=(1, 2))
    assert emu.shard_of(g0.id, 2) == 0 and emu.shard_of(g1.id, 2) == 1
    c0, c1 = emu.create_channel(g0, "games"), emu.create_channel(g1, "games")
    alice = emu.create_user("alice")
    emu.add_member(g0, alice)
    emu.add_member(g1, alice)

    async with shards(emu, [0, 2], [1, 2]) as (s0, s1):
        assert emu.shard_count == 2 and emu.shard_connected(0) and emu.shard_connected(1)
        # READY lists, and GUILD_CREATE delivers, only the shard's own guilds
        assert [int(g["id"]) for g in s0.names("READY")[0]["guilds"]] == [g0.id]
        assert [int(g["id"]) for g in s1.names("READY")[0]["guilds"]] == [g1.id]
        await emu.wait_until(lambda: s0.names("GUILD_CREATE") and s1.names("GUILD_CREATE"))
        assert s0.guild_ids("GUILD_CREATE") == {g0.id} and s1.guild_ids("GUILD_CREATE") == {g1.id}

        # guild events later on: only the guild's shard
        late = emu.create_channel(g1, "late")
        posted = emu.send_message(alice, c1, "hello in one")
        click = await emu.forge_click(alice, posted, "x:guild", wait=False)
        await emu.wait_until(lambda: s1.names("INTERACTION_CREATE"), description="the guild click on shard 1")
        assert [int(d["id"]) for d in s1.names("CHANNEL_CREATE")] == [late.id]
        assert [int(d["id"]) for d in s1.names("MESSAGE_CREATE")] == [posted.id]
        assert s1.names("INTERACTION_CREATE")[0]["token"] == click.token
        emu.send_message(alice, c0, "hello in zero")
        await emu.wait_until(lambda: s0.names("MESSAGE_CREATE"), description="the shard-0 guild message")

        # DM events: shard 0 only, whatever guild the user shares with the bot
        dm = emu.dm_channel(alice)
        dm_message = emu.send_message(alice, dm, "hello bot")
        dm_click = await emu.forge_click(alice, dm_message, "x:dm", wait=False)
        await emu.wait_until(lambda: s0.names("INTERACTION_CREATE"), description="the DM click on shard 0")
        assert s0.names("INTERACTION_CREATE")[0]["token"] == dm_click.token
        assert "guild_id" not in s0.names("INTERACTION_CREATE")[0]
        assert int(s0.names("MESSAGE_CREATE")[-1]["id"]) == dm_message.id

        assert s0.names("CHANNEL_CREATE") == []
        assert {int(d["channel_id"]) for d in s0.names("MESSAGE_CREATE")} == {c0.id, dm.id}
        assert {int(d["channel_id"]) for d in s1.names("MESSAGE_CREATE")} == {c1.id}
        assert len(s1.names("INTERACTION_CREATE")) == 1


async def test_a_shard_that_is_not_connected_gets_nothing_delivered(emulator) -> None:  # noqa: F811
    emu = emulator
    g1 = emu.create_guild("one", shard=(1, 2))
    c1 = emu.create_channel(g1, "games")
    alice = emu.create_user("alice")
    emu.add_member(g1, alice)
    async with shards(emu, [0, 2]) as (s0,):
        assert s0.names("READY")[0]["guilds"] == [] and s0.names("GUILD_CREATE") == []
        posted = emu.send_message(alice, c1, "nobody hears this")
        with pytest.raises(EmulatorError, match="shard 1"):
            await emu.forge_click(alice, posted, "x:guild", wait=False)
        assert s0.names("MESSAGE_CREATE") == []


async def test_an_unsharded_connection_still_gets_everything(emulator) -> None:  # noqa: F811
    emu = emulator
    g0 = emu.create_guild("zero", shard=(0, 2))
    g1 = emu.create_guild("one", shard=(1, 2))
    alice = emu.create_user("alice")
    emu.add_member(g1, alice)
    async with shards(emu, None) as (only,):
        assert emu.shard_count == 1 and emu.shard_connected(0) and emu.bot_connected()
        await emu.wait_until(lambda: len(only.names("GUILD_CREATE")) == 2)
        assert only.guild_ids("GUILD_CREATE") == {g0.id, g1.id}
        dm_message = emu.send_message(alice, emu.dm_channel(alice), "hi")
        posted = emu.send_message(alice, emu.create_channel(g1, "games"), "hello")
        await emu.wait_until(lambda: len(only.names("MESSAGE_CREATE")) == 2)
        assert {int(d["id"]) for d in only.names("MESSAGE_CREATE")} == {dm_message.id, posted.id}
