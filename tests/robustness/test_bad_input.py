"""Bad input gets a clear answer and changes nothing: the real bot against the emulator.

* forged or malformed button custom_ids (``DiscordEmulator.forge_click`` sends
  ids no button on the message carries, as a modified client, a stale cache or
  a message from an older bot version would);
* clicks on boards of games that ended (reset by a moderator, or finished);
* commands that need a server, used in DMs;
* ``/<game> new`` in a channel where the bot may not post (a member overwrite
  denying it Send Messages: ``DiscordEmulator.deny_bot``).

Every case must get an *ephemeral* answer a player understands, and the
database (sessions, seats, actions, results) must be byte-for-byte unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.helpers import act_buttons, bot, make_world, waiting_for
from tests.emulator import EmulatorError, Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import InteractionResult, Message
from tests.robustness.botworld import db_snapshot, mover, play_one, start_portas

ENDED = "This game has ended"
STALE = "out of date"


async def answer(res: InteractionResult) -> Message:
    """The bot's answer to an interaction: its message, or the followup after a deferral; must be ephemeral."""
    await res.wait()
    message = await res.wait_followup() if res.type in (5, 6) else res.message
    assert message is not None, f"no answer to {res}"
    if res.type == 5:
        await res.wait_loaded()
    assert message.ephemeral, f"{res} was answered in public: {message.text()}"
    return message


async def test_forged_and_malformed_custom_ids_are_refused_and_change_nothing(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await start_portas(world)
        user = mover(world, board)
        other = world.bob if user is world.alice else world.alice
        _, _, sid, pv, _ = act_buttons(board)[0].custom_id.split(":")
        cases = [
            (user, "k:a:999:0:0", ENDED),  # a session that does not exist
            (user, "k:a:" + "9" * 40 + ":0:0", ENDED),  # absurdly large ids
            (user, f"k:a:{sid}:{pv}:99", STALE),  # an index past the player's choices
            (user, f"k:a:{sid}:{int(pv) + 7}:0", STALE),  # a prompt version that never was
            (world.carol, f"k:a:{sid}:{pv}:0", "not playing"),  # a stranger
            (other, f"k:a:{sid}:{pv}:0", "not your turn"),
            (user, f"k:l:{sid}:start", "already started"),  # lobby buttons of a running game
            (other, f"k:l:{sid}:join", "already started"),
            (user, f"k:ai:{sid}:godlike", "AI level"),  # unknown or not allowed: either way refused
            (user, "k:h:999", ENDED),
            (user, "k:zz:1", ENDED),  # matches no button template at all
            (user, "hello", ENDED),
            (user, f"k:a:{sid}:x:0", ENDED),
            (user, f"k:a:{sid}:{pv}:0:extra", ENDED),
        ]
        before, text = db_snapshot(tmp_path), board.text()
        for who, custom_id, expected in cases:
            res = await emulator.forge_click(who, board, custom_id)
            reply = await answer(res)
            assert expected in reply.text(), (custom_id, reply.text())
        assert db_snapshot(tmp_path) == before
        assert board.text() == text
        await play_one(world, board)  # and the real buttons still work


async def test_clicks_on_boards_of_ended_games_are_refused(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        # a game reset by a moderator: its last buttons, clicked afterwards
        board = await start_portas(world)
        old_ids = [b.custom_id for b in act_buttons(board)]
        user = mover(world, board)
        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        await emulator.wait_until(lambda: not act_buttons(board), description="the reset board without buttons")
        before = db_snapshot(tmp_path)
        for custom_id in [*old_ids[:2], old_ids[0].replace("k:a:", "k:l:").rsplit(":", 2)[0] + ":join"]:
            reply = await answer(await emulator.forge_click(user, board, custom_id))
            assert ENDED in reply.text(), (custom_id, reply.text())
        assert db_snapshot(tmp_path) == before

        # a finished game, while a new game runs in the same channel: the old board does not touch it
        board = await start_portas(world)
        for _ in range(300):
            if not act_buttons(board):
                break
            last_ids = [b.custom_id for b in act_buttons(board)]
            last_user = mover(world, board)
            await play_one(world, board)
        assert "Game over" in board.text()
        new_board = await start_portas(world, guest=world.carol)
        before, text = db_snapshot(tmp_path), new_board.text()
        for custom_id in last_ids[:3]:
            reply = await answer(await emulator.forge_click(last_user, board, custom_id))
            assert ENDED in reply.text(), (custom_id, reply.text())
        assert db_snapshot(tmp_path) == before and new_board.text() == text
        assert waiting_for(new_board)


GUILD_COMMANDS = ["portas new", "portas hand", "game status", "game hand", "game leave", "game reset"]


@pytest.mark.parametrize("command", GUILD_COMMANDS)
async def test_server_commands_in_dms_get_a_clear_answer(emulator, tmp_path: Path, command: str) -> None:  # noqa: F811
    world = make_world(emulator)
    # commands synced globally, as in production (a dev guild would hide them from DMs altogether)
    async with bot(world, tmp_path, DEV_GUILD_ID=None) as proc:  # type: ignore[arg-type]
        await proc.ready()
        await emulator.wait_until(lambda: emulator.commands.get(None), description="global commands")
        board = await start_portas(world)  # a game elsewhere, which a DM command must not touch
        before, text = db_snapshot(tmp_path), board.text()
        try:
            res = await emulator.slash(world.alice, emulator.dm_channel(world.alice), command)
        except EmulatorError as exc:
            # Discord itself does not offer the command in DMs (a game group may be marked guild-only):
            # nothing reaches the bot, nothing changes.  /game has DM-friendly subcommands (help, rules),
            # so its server-only ones always reach the bot, which must answer them.
            assert not command.startswith("game ") and "not available in DMs" in str(exc), exc
        else:
            reply = await answer(res)
            assert "server channel" in reply.text(), reply.text()
        assert db_snapshot(tmp_path) == before and board.text() == text


async def test_new_game_where_the_bot_cannot_post_is_refused_clearly(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    muted = emulator.create_channel(world.guild, "announcements")
    emulator.deny_bot(muted, Perm.SEND_MESSAGES)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        before = db_snapshot(tmp_path)
        res = await emulator.slash(world.alice, muted, "portas new")
        reply = await answer(res)
        assert "can't post in this channel" in reply.text(), reply.text()
        assert db_snapshot(tmp_path) == before  # no lobby was opened where its game could not be shown
        assert not emulator.channel_messages(muted)
        # the same command where the bot may post works
        res = await emulator.slash(world.alice, world.chan, "portas new")
        assert res.message is not None and not res.ephemeral
