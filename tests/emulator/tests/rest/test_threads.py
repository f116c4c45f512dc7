"""Threads the bot starts, as Discord documents them: from a channel or from a message, with its permissions.

Why the emulator needs them: ``/<game> learn`` plays its tutorial in a thread the bot starts
(``TextChannel.create_thread``).  These check the emulator's side alone, over raw HTTP and a raw
gateway connection: 201 with the thread channel (type 11), THREAD_CREATE with ``newly_created``,
messages posted in it, and Discord's refusals (no permission; a thread in a thread; a message
that has one already).
"""

from __future__ import annotations

from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.tests.test_channel_gone import _status
from tests.emulator.tests.test_sharding import shards


async def test_a_thread_started_from_a_channel_is_created_announced_and_postable(emulator) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    async with shards(emu, None) as (shard,):
        await emu.wait_until(lambda: shard.names("GUILD_CREATE"), description="the guild")
        status, thread = await _status(emu, "POST", f"/channels/{chan.id}/threads",
                                       {"name": "PORTAS tutorial", "type": 11, "auto_archive_duration": 60})
        assert status == 201 and thread["type"] == 11 and thread["parent_id"] == str(chan.id)
        await emu.wait_until(lambda: shard.names("THREAD_CREATE"), description="THREAD_CREATE")
        (event,) = shard.names("THREAD_CREATE")
        assert event["id"] == thread["id"] and event["newly_created"] is True
    status, posted = await _status(emu, "POST", f"/channels/{thread['id']}/messages", {"content": "board"})
    assert status == 200 and posted["channel_id"] == thread["id"]
    assert [m.text() for m in emu.channel_messages(emu.channels[int(thread["id"])])] == ["board"]
    assert emu.channel_messages(chan) == []  # a thread's messages are not its channel's


async def test_a_thread_started_from_a_message_takes_its_id_once(emulator) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    _, msg = await _status(emu, "POST", f"/channels/{chan.id}/messages", {"content": "lobby"})
    path = f"/channels/{chan.id}/messages/{msg['id']}/threads"
    status, thread = await _status(emu, "POST", path, {"name": "table"})
    assert status == 201 and thread["id"] == msg["id"] and thread["type"] == 11
    status, again = await _status(emu, "POST", path, {"name": "table"})
    assert status == 400 and again["code"] == 160004


async def test_threads_are_refused_without_permission_and_inside_a_thread(emulator) -> None:  # noqa: F811
    emu = emulator
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    inner = emu.create_thread(chan, "already a thread")
    status, body = await _status(emu, "POST", f"/channels/{inner.id}/threads", {"name": "x", "type": 11})
    assert status == 400 and body["code"] == 50024
    emu.deny_bot(chan, Perm.CREATE_PUBLIC_THREADS)
    status, body = await _status(emu, "POST", f"/channels/{chan.id}/threads", {"name": "x", "type": 11})
    assert status == 403 and body["code"] == 50013
