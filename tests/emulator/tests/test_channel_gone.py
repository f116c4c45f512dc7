"""A channel deleted, a thread deleted, the bot removed from a server: the events and answers Discord gives.

Why the emulator needs them: a game's channel can vanish under it (a
moderator tidies up, or kicks the bot), and the bot must end that game
rather than play on into a channel that refuses every post.  These check the
emulator's side alone, over a raw gateway connection and raw HTTP, so the
bot's tests can trust what it sends.
"""

from __future__ import annotations

import aiohttp

from tests.emulator import DiscordEmulator
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.tests.test_sharding import shards


async def _status(emu: DiscordEmulator, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    headers = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession(headers=headers) as s, s.request(method, emu.api_base + path, json=body) as resp:
        return resp.status, await resp.json() if resp.content_type == "application/json" else {}


async def test_a_deleted_channel_and_its_threads_are_announced_once_and_then_unknown(emulator) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    thread = emu.create_thread(chan, "a table")
    alice = emu.create_user("alice")
    emu.add_member(guild, alice)
    posted = emu.send_message(alice, thread, "hello")
    async with shards(emu, None) as (shard,):
        await emu.wait_until(lambda: shard.names("GUILD_CREATE"), description="the guild")
        assert [int(t["id"]) for t in shard.names("GUILD_CREATE")[0]["threads"]] == [thread.id]  # its active threads
        emu.delete_channel(chan)
        await emu.wait_until(lambda: shard.names("CHANNEL_DELETE"), description="CHANNEL_DELETE")
        assert [int(d["id"]) for d in shard.names("CHANNEL_DELETE")] == [chan.id]
        assert shard.names("THREAD_DELETE") == []  # the thread goes with its channel, unannounced
        assert shard.names("MESSAGE_DELETE") == []
    assert posted.deleted
    for gone in (chan, thread):
        status, body = await _status(emu, "POST", f"/channels/{gone.id}/messages", {"content": "still here?"})
        assert (status, body.get("code")) == (404, 10003)
    assert not emu.violations


async def test_a_deleted_thread_is_announced_with_its_parent(emulator) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    thread = emu.create_thread(chan, "a table")
    async with shards(emu, None) as (shard,):
        await emu.wait_until(lambda: shard.names("GUILD_CREATE"), description="the guild")
        emu.delete_channel(thread)
        await emu.wait_until(lambda: shard.names("THREAD_DELETE"), description="THREAD_DELETE")
        (event,) = shard.names("THREAD_DELETE")
        assert event == {"id": str(thread.id), "guild_id": str(guild.id), "parent_id": str(chan.id), "type": 11}
    status, body = await _status(emu, "GET", f"/channels/{chan.id}")
    assert status == 200 and body["id"] == str(chan.id)  # the parent stays


async def test_the_bot_removed_from_a_server_loses_its_channels_and_shared_dms(emulator) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    alice = emu.create_user("alice")
    emu.add_member(guild, alice)
    async with shards(emu, None) as (shard,):
        await emu.wait_until(lambda: shard.names("GUILD_CREATE"), description="the guild")
        status, dm = await _status(emu, "POST", "/users/@me/channels", {"recipient_id": str(alice.id)})
        assert status == 200
        emu.remove_bot(guild)
        await emu.wait_until(lambda: shard.names("GUILD_DELETE"), description="GUILD_DELETE")
        assert shard.names("GUILD_DELETE") == [{"id": str(guild.id)}]  # no "unavailable": removed, not an outage
    status, body = await _status(emu, "POST", f"/channels/{chan.id}/messages", {"content": "hello?"})
    assert (status, body.get("code")) == (403, 50001)
    status, body = await _status(emu, "POST", f"/channels/{dm['id']}/messages", {"content": "hello?"})
    assert (status, body.get("code")) == (403, 50007)  # no server in common any more
    async with shards(emu, None) as (again,):
        assert again.names("READY")[0]["guilds"] == []  # the next connection does not list it
