"""A game whose channel is deleted, or whose server removes Kado, ends there and then, in its players' DMs.

Before, such a game stayed live: its timers and AI seats went on playing
moves that every post of the board refused (404), its players' DMs kept
buttons for a game nobody could see, and the log filled with tracebacks,
until the idle sweep a day later.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.helpers import act_buttons, bot, db_rows, make_world, open_lobby, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

GONE_EN = "its channel was deleted, or Kado was removed from the server"


def _ended(tmp_path: Path) -> list[tuple[str, str]]:
    return [tuple(r) for r in db_rows(tmp_path, "SELECT status, end_reason FROM sessions ORDER BY id")]


async def _start(world, game: str, users, chan=None) -> None:
    if chan is not None:
        world.chan = chan
    board = await open_lobby(world, game, users[0])
    for user in users[1:]:
        await world.emu.click(user, board, board.button("Join"))
    await world.emu.wait_until(lambda: all(u.name in board.text() for u in users), description="all joined")
    await press_start(world.emu, users[0], board)
    await world.emu.wait_until(lambda: waiting_for(board), description="the first turn")


async def test_a_deleted_channel_ends_its_game_in_the_dms_and_asks_nothing_more_of_it(emulator, tmp_path) -> None:  # noqa: F811
    world = make_world(emulator)
    users = [world.alice, world.bob]
    async with bot(world, tmp_path, TURN_TIMEOUT="3") as proc:  # a short turn: a live game would play on by itself
        await proc.ready()
        await _start(world, "getgem", users)
        for user in users:
            await emulator.wait_until(lambda u=user: emulator.dm_messages(u), description=f"{user.name}'s DM")
        deleted_at = len(emulator.requests)
        emulator.delete_channel(world.chan)

        await emulator.wait_until(lambda: _ended(tmp_path) == [("abandoned", "channel_gone")], description="the end")
        for user in users:
            dm = emulator.dm_messages(user)[-1]
            await emulator.wait_until(lambda d=dm: GONE_EN in d.text(), description=f"{user.name}'s DM says why")
            assert not act_buttons(dm), dm.text()  # nothing left to press
            assert str(world.chan.id) not in dm.text()  # the title names the game alone, not a dead channel's id
        await asyncio.sleep(4)  # past a turn's deadline: no timer or AI acts for the game any more
        later = emulator.requests[deleted_at:]
        channel_paths = [r for r in later if f"/channels/{world.chan.id}" in r.path]
        assert channel_paths == [], [(r.method, r.path, r.status) for r in channel_paths]
        assert "Traceback" not in proc.log_text()
    assert not emulator.violations


async def test_a_game_in_a_thread_ends_when_the_threads_channel_is_deleted(emulator, tmp_path) -> None:  # noqa: F811
    """The thread goes with its channel in one CHANNEL_DELETE: discord.py reports its threads as deleted too."""
    world = make_world(emulator)
    parent = world.chan
    thread = emulator.create_thread(parent, "portas table")
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _start(world, "portas", [world.alice, world.bob], chan=thread)
        emulator.delete_channel(parent)
        await emulator.wait_until(lambda: _ended(tmp_path) == [("abandoned", "channel_gone")], description="the end")


async def test_kado_removed_from_a_server_ends_its_lobbies_and_games_there(emulator, tmp_path) -> None:  # noqa: F811
    world = make_world(emulator)
    other = emulator.create_channel(world.guild, "more-games")
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _start(world, "portas", [world.alice, world.bob])
        res = await emulator.slash(world.carol, other, "getgem new")
        await res.wait_loaded()
        emulator.remove_bot(world.guild)
        await emulator.wait_until(
            lambda: sorted(_ended(tmp_path)) == [("abandoned", "channel_gone"), ("cancelled", "channel_gone")],
            description="both ended",
        )
        assert "Traceback" not in proc.log_text()
    assert not emulator.violations


async def test_a_channel_deleted_while_kado_was_stopped_ends_its_game_at_the_next_start(emulator, tmp_path) -> None:  # noqa: F811
    world = make_world(emulator)
    kept = emulator.create_channel(world.guild, "kept")
    archived = emulator.create_thread(kept, "old table")
    users = [world.alice, world.bob]
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _start(world, "getgem", users)
        gone = world.chan
        await _start(world, "portas", [world.carol, world.mod], chan=kept)
        await _start(world, "portas", [world.carol, world.mod], chan=archived)
    emulator.delete_channel(gone)  # nobody is connected to be told
    emulator.archive_thread(archived)  # not in the next GUILD_CREATE, but still there
    restarted_at = len(emulator.requests)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await emulator.wait_until(lambda: "whose channel was deleted while Kado was stopped" in proc.log_text(),
                                  description="the look for deleted channels done")
        # only the deleted channel's game ended: not the one in a channel still there, nor the archived thread's
        assert _ended(tmp_path) == [("abandoned", "channel_gone"), ("active", None), ("active", None)]
        for user in users:
            await emulator.wait_until(lambda u=user: GONE_EN in emulator.dm_messages(u)[-1].text(),
                                      description=f"{user.name}'s DM says why")
        asked = [(r.method, r.status) for r in emulator.requests[restarted_at:] if f"/channels/{gone.id}" in r.path]
        assert asked == [("GET", 404)]  # asked once; no board or line posted into it
        assert "Traceback" not in proc.log_text()
    assert not emulator.violations


async def test_a_reset_games_last_dm_says_a_moderator_ended_it_and_nothing_that_reads_as_if_it_went_on(
    emulator, tmp_path  # noqa: F811
) -> None:
    world = make_world(emulator)
    users = [world.alice, world.bob]
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _start(world, "getgem", users)
        for user in users:
            await emulator.wait_until(lambda u=user: emulator.dm_messages(u), description=f"{user.name}'s DM")
        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        for user in users:
            dm = emulator.dm_messages(user)[-1]
            await emulator.wait_until(lambda d=dm: "A moderator ended this game." in d.text(),
                                      description=f"{user.name}'s DM says who ended it")
            assert not act_buttons(dm) and not dm.attachments, dm.text()  # no buttons, no mid-game hand
            assert "Waiting for" not in dm.text() and "Your hand" not in dm.text(), dm.text()
        assert _ended(tmp_path) == [("abandoned", "reset")]
        # the channel is told who ended it, by a mention that pings nobody
        closing = emulator.channel_messages(world.chan)[-1]
        assert closing.content == f"The game was ended by <@{world.mod.id}>." and closing.pings() == set()
    assert not emulator.violations
