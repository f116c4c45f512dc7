"""Commands that fail or cannot be carried out still get a clear answer and leave the channel free.

* ``/game kick`` of a player who already left the server (Discord resolves no
  member for them) kicks them, and any slash-command error outside ``guarded``
  is answered by the tree's error handler;
* a game in a thread needs Send Messages in Threads (not Send Messages);
* a game that draws its board as a picture needs Attach Files;
* a lobby whose deferred "thinking…" message cannot be turned into its board
  is cancelled, and that public message says what happened.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from unittest.mock import AsyncMock, MagicMock

import discord
from discord import app_commands

from bot.app import make_bot
from bot.core import config
from bot.frontend import answers
from bot.frontend.inbound import opening
from tests.e2e.helpers import bot, db_rows, make_world
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.robustness.botworld import db_snapshot, start_portas
from tests.robustness.test_bad_input import answer

INTERNAL = "Something went wrong on my side"

# -- /game kick and the tree's error handler ------------------------------------------------------------------


async def test_kick_of_a_player_who_left_the_server(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await start_portas(world)
        emulator.remove_member(world.guild, world.bob)  # no members intent: the bot is not told
        res = await emulator.slash(world.mod, world.chan, "game kick", options={"player": world.bob})
        reply = await answer(res)
        assert "bob was taken out of the game" in reply.text(), reply.text()
        await emulator.wait_until(lambda: "Game over" in board.text(), description="the forfeit shown")


def fake_interaction(*, done: bool = False, fail: bool = False) -> SimpleNamespace:
    """Just what the error handler touches; ``fail``: every answer is refused by Discord."""
    send = AsyncMock(side_effect=discord.HTTPException(MagicMock(status=500), "down") if fail else None)
    return SimpleNamespace(
        id=1,
        channel_id=2,
        data={"name": "game"},
        locale=discord.Locale.japanese,
        response=SimpleNamespace(is_done=lambda: done, send_message=send),
        followup=SimpleNamespace(send=send),
    )


def transformer_error() -> app_commands.TransformerError:
    return app_commands.TransformerError("123", discord.AppCommandOptionType.user, MagicMock())


async def test_tree_errors_get_a_translated_private_answer() -> None:
    interaction = fake_interaction()
    await answers.on_app_command_error(interaction, transformer_error())  # type: ignore[arg-type]
    interaction.response.send_message.assert_awaited_once()
    args, kwargs = interaction.response.send_message.call_args
    # an option value Kado could not convert (outside the choices): a short refusal, not "went wrong"
    assert args[0].startswith("その値はここでは使えません") and kwargs["ephemeral"] is True


async def test_tree_errors_after_an_acknowledgement_follow_up() -> None:
    interaction = fake_interaction(done=True)
    await answers.on_app_command_error(interaction, app_commands.NoPrivateMessage())  # type: ignore[arg-type]
    args, kwargs = interaction.followup.send.call_args
    assert "DMではなく" in args[0] and kwargs["ephemeral"] is True


async def test_tree_error_handler_never_raises() -> None:
    await answers.on_app_command_error(fake_interaction(fail=True), transformer_error())  # type: ignore[arg-type]


def test_the_bot_installs_the_tree_error_handler() -> None:
    kado = make_bot(config.load({"DISCORD_TOKEN": "t"}))
    assert kado.tree.on_error is answers.on_app_command_error


# -- permissions ------------------------------------------------------------------------------------------------


async def test_game_in_a_thread_needs_send_messages_in_threads(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    mute = emulator.create_thread(world.chan, "no-games")
    emulator.deny_bot(mute, Perm.SEND_MESSAGES_IN_THREADS)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        before = db_snapshot(tmp_path)
        reply = await answer(await emulator.slash(world.alice, mute, "portas new"))
        assert "Send Messages in Threads" in reply.text(), reply.text()
        assert db_snapshot(tmp_path) == before and not emulator.channel_messages(mute)


async def test_game_in_a_thread_does_not_need_send_messages(emulator, tmp_path: Path) -> None:  # noqa: F811
    """Threads of a channel where the bot may not post may still allow it in threads: Discord checks that bit there."""
    world = make_world(emulator)
    announcements = emulator.create_channel(world.guild, "announcements")
    emulator.deny_bot(announcements, Perm.SEND_MESSAGES)
    thread = emulator.create_thread(announcements, "games")
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, thread, "portas new")
        assert res.message is not None and not res.ephemeral, res.text()
        lobby = await res.wait_loaded()
        assert lobby.button("Join") is not None, lobby.text()


async def test_picture_game_opens_without_attach_files(emulator, tmp_path: Path) -> None:  # noqa: F811
    """Every game draws pictures; without Attach Files the lobby still opens (the board then says why it is text:
    tests/e2e/channel/test_screens_e2e.py plays each game to the end there)."""
    world = make_world(emulator)
    emulator.deny_bot(world.chan, Perm.ATTACH_FILES)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, world.chan, "promotion new")
        assert res.message is not None and not res.ephemeral, res.text()
        lobby = await res.wait_loaded()
        assert lobby.is_v2 and lobby.button("Join") is not None, lobby.text()


# -- a failure after "thinking…" --------------------------------------------------------------------------------


async def test_a_lobby_that_could_not_be_shown_is_cancelled_and_says_so(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        emulator.fail_next("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", status=400)
        res = await emulator.slash(world.alice, world.chan, "portas new")
        shown = await emulator.wait_until(
            lambda: res.message is not None and INTERNAL in res.message.text() and res.message,
            description="the public 'thinking…' message turned into the error",
        )
        assert not shown.ephemeral and not shown.buttons(), shown.text()
        await emulator.wait_until(
            lambda: db_rows(tmp_path, "SELECT status FROM sessions") == [("cancelled",)],
            description="the unshown lobby cancelled",
        )
        # the channel is free: a new lobby opens at once
        res = await emulator.slash(world.alice, world.chan, "portas new")
        assert res.message is not None and not res.ephemeral, res.text()
        lobby = await res.wait_loaded()
        assert lobby.button("Join") is not None, lobby.text()


async def test_a_failure_after_the_lobby_was_shown_replaces_it_in_v2() -> None:
    """A lobby already shown (a V2 message) whose command then fails (its save, at a shutdown) is replaced by
    the failure as V2 text: Discord refuses plain content on a V2 message, which left the dead lobby up."""
    from tests.emulator.state.components import FLAG_COMPONENTS_V2, check_message

    sent: dict[str, object] = {}

    async def edit_original_response(**kwargs: object) -> None:
        sent.update(kwargs)

    await opening._show_failure(SimpleNamespace(id=1, edit_original_response=edit_original_response), INTERNAL)
    view = sent["view"]
    assert isinstance(view, discord.ui.LayoutView)
    body = {"content": sent["content"], "flags": FLAG_COMPONENTS_V2, "components": view.to_components()}
    assert check_message(body, set(), existing_flags=FLAG_COMPONENTS_V2) == []
    assert INTERNAL in str(body["components"]) and not sent["attachments"]
    # the control: what it sent before, plain content, is refused on the lobby's V2 message
    assert check_message({"content": INTERNAL}, set(), existing_flags=FLAG_COMPONENTS_V2)


async def test_a_stop_during_a_command_lets_it_finish(emulator, tmp_path: Path) -> None:  # noqa: F811
    """A deploy's SIGTERM right after `/portas new` was acknowledged: the lobby is still opened, shown and stored
    (the store used to close under it: "Cannot operate on a closed database", and the player saw an error)."""
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, world.chan, "portas new")  # returns once "thinking…" is up
        code = await proc.stop(grace=10)
    assert code == 0, proc.log_tail_text()
    assert "Traceback" not in proc.log_text() and "closed database" not in proc.log_text()
    assert res.message is not None and res.message.button("Join") is not None, res.message and res.message.text()
    assert db_rows(tmp_path, "SELECT status, board_message_id FROM sessions") == [("lobby", res.message.id)]
