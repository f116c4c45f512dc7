"""Self-tests of the Discord emulator, driven through the sample bot (tests/emulator/clients/sample_bot.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import pytest
import pytest_asyncio

from tests.emulator import BotProcess, DiscordEmulator, EmulatorError, Perm
from tests.emulator.clients.sample_bot import SECRET
from tests.emulator.fixtures import emulator, games_channel  # noqa: F401
from tests.emulator.models import Channel, Guild, User

SAMPLE = "tests.emulator.clients.sample_bot"


@dataclass
class World:
    emu: DiscordEmulator
    bot: BotProcess
    guild: Guild
    chan: Channel
    alice: User
    bob: User


@pytest_asyncio.fixture
async def world(emulator: DiscordEmulator, tmp_path) -> AsyncIterator[World]:  # noqa: F811
    emulator.validate_responses = True  # self-check the emulator's payloads against the spec
    guild = emulator.create_guild("Test", preferred_locale="en-US")
    chan = emulator.create_channel(guild, "games")
    alice = emulator.create_user("alice", locale="fr")
    bob = emulator.create_user("bob", locale="ja")
    emulator.add_member(guild, alice)
    emulator.add_member(guild, bob)
    async with BotProcess(emulator, tmp_path / "db.sqlite", module=SAMPLE) as bot:
        await bot.ready()
        yield World(emulator, bot, guild, chan, alice, bob)


async def test_login_and_command_sync(world: World) -> None:
    emu = world.emu
    paths = [(r.method, r.path) for r in emu.requests]
    assert ("GET", "/users/@me") in paths
    assert ("GET", "/oauth2/applications/@me") in paths
    cmds = await emu.wait_for_commands()
    assert [c["name"] for c in cmds[world.guild.id]] == ["demo"]
    assert emu.command("demo", world.guild)["guild_id"] == str(world.guild.id)
    assert any(kind == "identify" for kind, _ in emu.gateway_log)
    # discord.py asked for zlib-stream but copes with the plain-text frames we send
    connect = next(detail for kind, detail in emu.gateway_log if kind == "connect")
    assert connect.get("compress") == "zlib-stream" and connect.get("v") == "10"
    # responses carry exactly "application/json" (discord.py compares verbatim)
    async with (
        aiohttp.ClientSession() as s,
        s.get(emu.api_base + "/users/@me", headers={"Authorization": f"Bot {emu.token}"}) as resp,
    ):
        assert resp.headers["Content-Type"] == "application/json"
        assert (await resp.json())["id"] == str(emu.application_id)


async def test_slash_ephemeral_only_visible_to_caller(world: World) -> None:
    emu, alice, bob = world.emu, world.alice, world.bob
    res = await emu.slash(alice, world.chan, "demo hello")
    assert res.type == 4 and res.ephemeral
    assert res.content.startswith("Bonjour, alice!")  # alice's locale is fr
    assert emu.ephemerals(alice) == [res.message]
    assert emu.ephemerals(bob) == []
    assert emu.channel_messages(world.chan) == []
    assert SECRET not in emu.visible_text(bob)
    assert SECRET in emu.visible_text(alice)


async def test_two_users_see_different_ephemerals(world: World) -> None:
    emu, alice, bob = world.emu, world.alice, world.bob
    ra = await emu.slash(alice, world.chan, "demo hello")
    rb = await emu.slash(bob, world.chan, "demo hello")
    assert [m.content for m in emu.ephemerals(alice)] == [ra.content]
    assert [m.content for m in emu.ephemerals(bob)] == [rb.content]
    assert rb.content.startswith("こんにちは, bob!")
    assert "alice" not in emu.visible_text(bob)
    assert "bob" not in emu.visible_text(alice)


async def test_button_click_edits_message_and_survives_restart(world: World) -> None:
    emu, alice = world.emu, world.alice
    res = await emu.slash(alice, world.chan, "demo board", {"start": 3})
    board = res.message
    assert board is not None and not res.ephemeral
    assert emu.channel_messages(world.chan) == [board]
    assert board.attachments[0].filename == "board.png"
    assert (board.attachments[0].width, board.attachments[0].height) == (2, 1)
    assert board.button("Count").custom_id == "demo:3"

    click = await emu.click(alice, board, board.button("Count 3"))
    assert click.type == 7 and click.message is board
    assert board.content == "Count: 4" and "n=4" in board.text()
    assert board.attachments, "UPDATE_MESSAGE without attachments key keeps the image"

    # DynamicItem is persistent: a fresh bot process handles clicks on the old message
    await world.bot.restart()  # SIGTERM + start + ready
    await emu.click(world.bob, board, "demo:4")
    assert board.content == "Count: 5"
    # ... also after a crash
    world.bot.kill()
    assert await world.bot.wait() != 0
    await world.bot.start()
    await world.bot.ready()
    await emu.click(world.alice, board, "demo:5")
    assert board.content == "Count: 6"
    assert board.edits == 3 and len(board.history) == 3


async def test_dm_open_and_closed(world: World) -> None:
    emu, alice = world.emu, world.alice
    res = await emu.slash(alice, world.chan, "demo dm")
    assert res.content == "Sent you a DM"
    dms = emu.dm_messages(alice)
    assert len(dms) == 1 and SECRET in dms[0].text()
    assert SECRET not in emu.visible_text(world.bob)

    emu.set_dms_open(alice, False)
    res = await emu.slash(alice, world.chan, "demo dm")
    assert res.content == "DMs closed" and res.ephemeral
    assert len(emu.dm_messages(alice)) == 1
    failed = [r for r in emu.requests_matching("POST", r"/channels/\d+/messages") if r.status == 403]
    assert len(failed) == 1


async def test_select_modal_and_deferred_followups(world: World) -> None:
    emu, alice, bob = world.emu, world.alice, world.bob
    res = await emu.slash(alice, world.chan, "demo pick")
    picker = res.message
    assert picker is not None and picker.ephemeral
    assert picker.select("fruit").labels() == ["Apple", "Pear"]
    with pytest.raises(EmulatorError, match="cannot see"):
        await emu.select(bob, picker, "demo:pick", ["apple"])
    with pytest.raises(EmulatorError, match="not among options"):
        await emu.select(alice, picker, "demo:pick", ["banana"])
    sel = await emu.select(alice, picker, "demo:pick", ["pear"])
    assert sel.content == "You picked pear"
    sel = await emu.select(alice, picker, "demo:who", [bob])
    assert sel.content == "You chose bob"

    modal_res = await emu.slash(alice, world.chan, "demo ask")
    assert modal_res.type == 9 and modal_res.modal is not None
    assert modal_res.modal.field_ids() == ["answer"]
    submitted = await emu.submit_modal(alice, modal_res.modal, {"answer": "forty-two"})
    assert submitted.content == "Answer: forty-two"

    slow = await emu.slash(alice, world.chan, "demo slow", {"mode": "Private"})  # choice by name
    assert slow.type == 5 and slow.ephemeral
    first = await slow.wait_followup()
    assert first is slow.message and first.content == "Done thinking (private)" and not first.loading
    second = await slow.wait_followup()
    assert second.ephemeral and second.content == "Second followup"
    assert len(emu.ephemerals(alice)) >= 4


async def test_slash_usage_errors_are_clear(world: World) -> None:
    emu, alice = world.emu, world.alice
    with pytest.raises(EmulatorError, match="no command /nope"):
        await emu.slash(alice, world.chan, "nope")
    with pytest.raises(EmulatorError, match="no subcommand 'nope'"):
        await emu.slash(alice, world.chan, "demo nope")
    with pytest.raises(EmulatorError, match="is a group"):
        await emu.slash(alice, world.chan, "demo")
    with pytest.raises(EmulatorError, match="no option"):
        await emu.slash(alice, world.chan, "demo board", {"colour": 1})
    with pytest.raises(EmulatorError, match="missing required"):
        await emu.slash(alice, world.chan, "demo slow")
    with pytest.raises(EmulatorError, match="outside"):
        await emu.slash(alice, world.chan, "demo board", {"start": 101})
    stranger = emu.create_user("stranger")
    with pytest.raises(EmulatorError, match="not a member"):
        await emu.slash(stranger, world.chan, "demo hello")


async def test_openapi_violation_is_detected(emulator: DiscordEmulator) -> None:  # noqa: F811
    guild = emulator.create_guild("Test")
    chan = emulator.create_channel(guild, "games")
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with aiohttp.ClientSession(headers=headers) as s:
        async with s.post(f"{emulator.api_base}/channels/{chan.id}/messages", json={"content": 5}) as resp:
            assert resp.status == 400
            assert (await resp.json())["code"] == 50035
        async with s.get(f"{emulator.api_base}/users/@me/unicorns") as resp:
            assert resp.status == 404
        async with s.post(f"{emulator.api_base}/channels/{chan.id}/messages", json={}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50006
        good = {
            "content": "ok",
            "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "A", "custom_id": "x"}]}],
        }
        async with s.post(f"{emulator.api_base}/channels/{chan.id}/messages", json=good) as resp:
            assert resp.status == 200
    kinds = [(v.kind, v.path) for v in emulator.violations]
    assert ("openapi", f"/channels/{chan.id}/messages") in kinds
    assert ("unimplemented route", "/users/@me/unicorns") in kinds
    assert ("discord-rule", f"/channels/{chan.id}/messages") in kinds
    bad = next(v for v in emulator.violations if v.kind == "openapi" and "content" in v.message)
    assert "5 is not of type" in bad.message
    assert [m.content for m in emulator.channel_messages(chan)] == ["ok"]
    emulator.expect_violations()


async def test_rate_limit_429_is_retried(world: World) -> None:
    emu = world.emu
    rule = emu.fail_next("PATCH", r"/channels/\d+/messages/\d+", status=429, retry_after=0.05)
    res = await emu.slash(world.alice, world.chan, "demo post", {"text": "hi"})
    assert res.content == "posting"
    await emu.wait_until(lambda: any(m.content == "final: hi" for m in emu.channel_messages(world.chan)))
    patches = emu.requests_matching("PATCH", r"/channels/\d+/messages/\d+")
    assert [r.status for r in patches] == [429, 200]
    assert rule.remaining == 0 and len(rule.hits) == 1


async def test_gateway_drop_resumes_and_clicks_still_work(world: World) -> None:
    emu = world.emu
    res = await emu.slash(world.alice, world.chan, "demo board")
    identifies = emu.identifies
    await emu.drop_gateway(code=4000)
    assert emu.identifies == identifies, "bot should RESUME, not re-IDENTIFY"
    assert any(kind == "resume" for kind, _ in emu.gateway_log)
    await emu.click(world.bob, res.message, "demo:0")
    assert res.message is not None and res.message.content == "Count: 1"

    # an interaction dispatched while the socket is down is replayed on RESUME
    await emu.drop_gateway(code=4000, wait=False)
    click = await emu.click(world.alice, res.message, "demo:1")
    assert click.type == 7 and res.message.content == "Count: 2"
    assert emu.identifies == identifies


async def test_a_gateway_outage_refuses_connections_until_it_ends(world: World) -> None:
    emu = world.emu
    res = await emu.slash(world.alice, world.chan, "demo board")
    await emu.cut_gateway()
    await emu.wait_until(lambda: any(kind == "refused" for kind, _ in emu.gateway_log), 15, description="a retry")
    assert not emu.bot_connected()
    await emu.restore_gateway()
    assert emu.bot_connected()
    await emu.click(world.bob, res.message, "demo:0")
    assert res.message is not None and res.message.content == "Count: 1"


async def test_server_error_500_is_retried(world: World) -> None:
    emu = world.emu
    rule = emu.fail_next("POST", r"/channels/\d+/messages", status=500)
    await emu.slash(world.alice, world.chan, "demo post", {"text": "x"})
    await emu.wait_until(lambda: [m.content for m in emu.channel_messages(world.chan)] == ["final: x"])
    assert [r.status for r in emu.requests_matching("POST", r"/channels/\d+/messages")] == [500, 200]
    assert rule.hits


async def test_timeout_error_includes_bot_log(world: World) -> None:
    with pytest.raises(TimeoutError) as info:
        await world.emu.wait_until(lambda: False, timeout=0.1, description="something that never happens")
    text = str(info.value)
    assert "something that never happens" in text
    assert "discord.client" in text  # the bot's log tail
    assert "GET /users/@me" in text  # recent requests


async def test_moderator_delete_and_member_removal(world: World) -> None:
    emu = world.emu
    res = await emu.slash(world.alice, world.chan, "demo board")
    assert res.message is not None
    emu.delete_message(res.message)
    assert emu.channel_messages(world.chan) == []
    with pytest.raises(EmulatorError, match="deleted"):
        await emu.click(world.alice, res.message, "demo:0")
    emu.remove_member(world.guild, world.bob)
    assert res.message not in emu.visible_to(world.bob)
    with pytest.raises(EmulatorError, match="not a member"):
        await emu.slash(world.bob, world.chan, "demo hello")


async def test_permissions_and_roles(emulator: DiscordEmulator) -> None:  # noqa: F811
    guild = emulator.create_guild("Perms")
    mods = emulator.create_role(guild, "mods", permissions=Perm.MANAGE_MESSAGES)
    carol = emulator.create_user("carol")
    dave = emulator.create_user("dave")
    emulator.add_member(guild, carol, roles=[mods])
    emulator.add_member(guild, dave, permissions=Perm.ADMINISTRATOR)
    assert emulator.member_permissions(guild, carol) & Perm.MANAGE_MESSAGES
    assert emulator.member_permissions(guild, dave) == Perm.ALL
    assert not emulator.member_permissions(guild, emulator.create_user("eve")) & Perm.VIEW_CHANNEL


async def test_sharded_client_uses_gateway_bot(emulator: DiscordEmulator, tmp_path) -> None:  # noqa: F811
    chan, (alice,) = games_channel(emulator, "alice")
    async with BotProcess(emulator, tmp_path / "db", {"SAMPLE_SHARDED": "1"}, module=SAMPLE) as bot:
        await bot.ready()
        assert emulator.requests_matching("GET", "/gateway/bot")
        res = await emulator.slash(alice, chan, "demo hello")
        assert res.content.startswith("Hello, alice!")


async def test_enforce_nonce_returns_the_first_post(emulator: DiscordEmulator) -> None:  # noqa: F811
    """Like Discord: a repeat of a post with the same nonce and enforce_nonce creates nothing new."""
    guild = emulator.create_guild("Test")
    chan = emulator.create_channel(guild, "games")
    headers = {"Authorization": f"Bot {emulator.token}"}
    url = f"{emulator.api_base}/channels/{chan.id}/messages"
    async with aiohttp.ClientSession(headers=headers) as s:
        ids = []
        for body in (
            {"content": "result", "nonce": "kado-end-1", "enforce_nonce": True},
            {"content": "result", "nonce": "kado-end-1", "enforce_nonce": True},
            {"content": "other", "nonce": "kado-end-2", "enforce_nonce": True},
            {"content": "plain", "nonce": "kado-end-2"},  # without enforce_nonce: a new message
        ):
            async with s.post(url, json=body) as resp:
                assert resp.status == 200
                ids.append((await resp.json())["id"])
    assert ids[0] == ids[1] and len(set(ids)) == 3
    assert [m.text() for m in emulator.channel_messages(chan)] == ["result", "other", "plain"]
    assert not emulator.violations
