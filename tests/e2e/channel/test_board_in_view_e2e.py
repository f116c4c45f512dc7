"""The board stays in view: during whole games, never more than 3 of Kado's messages below it.

Three humans play Eminit's Treasure and GETGEM to the end from their DMs, as
slow players would be pinged: ``TURN_PING_GRACE=0`` posts every turn notice at
once, the worst case for the channel.  Every message the bot makes or deletes
in the channel is counted the moment it happens (tests/e2e/below_board.py),
so even a notice that lives a few milliseconds counts.  The game's moments all
go into one message (bot/frontend/presenting/board_position.py) and the result follows
the final board.
"""

from __future__ import annotations

from pathlib import Path

from tests import gamekit
from tests.e2e.below_board import BelowBoard
from tests.e2e.dmplay import play_to_end
from tests.e2e.helpers import bot, is_over, make_world, open_lobby, preset_rules, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

MOST_BELOW = 3


async def _full_game(emulator, tmp_path: Path, game: str, seed: int) -> tuple[int, int]:  # noqa: F811
    """A whole game of alice, bob and carol; (most of Kado's messages ever below the board, lasting at the end)."""
    world = make_world(emulator)
    watch = BelowBoard(emulator)
    preset_rules(tmp_path, world.guild.id, game, gamekit.expectations(game).short_game)  # still whole, moments and end
    people = {u.name: u for u in world.users()}
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board = await open_lobby(world, game, world.alice)
        for user in (world.bob, world.carol):
            await emulator.click(user, board, board.button("Join"))
        await emulator.wait_until(lambda: all(n in board.text() for n in people))
        watch.watch(board)
        await press_start(emulator, world.alice, board)
        await play_to_end(world, board, people, seed=seed, timeout=60)
        assert is_over(board)
        await emulator.wait_until(lambda: any("won" in m.text() or "draw" in m.text()
                                              for m in watch.below(world.chan.id)), description="the result")
        assert watch.moments(world.chan.id) > 0, "no moment was shown: the count would prove little"
        return watch.most[world.chan.id], watch.lasting(world.chan.id)


async def test_eminit_board_never_has_more_than_3_bot_messages_below(emulator, tmp_path: Path) -> None:  # noqa: F811
    most, lasting = await _full_game(emulator, tmp_path, "eminit", seed=2)
    assert most <= MOST_BELOW, most
    assert lasting <= 3  # the board, the moments message, the result


async def test_getgem_board_never_has_more_than_3_bot_messages_below(emulator, tmp_path: Path) -> None:  # noqa: F811
    most, lasting = await _full_game(emulator, tmp_path, "getgem", seed=3)
    assert most <= MOST_BELOW, most
    assert lasting <= 3


async def test_after_a_restart_the_next_moment_edits_the_same_message(emulator, tmp_path: Path) -> None:  # noqa: F811
    """The moments message is stored with the session: a restart does not start a second one below the board."""
    import random

    from tests.e2e.dmplay import act_once

    world = make_world(emulator)
    people = {"alice": world.alice, "bob": world.bob}
    rng = random.Random(3)

    def below() -> list:  # Kado's lasting lines below the board: the moments message (turn notices aside)
        return [m for m in emulator.channel_messages(world.chan) if m.id > board.id and "🔔" not in (m.content or "")]

    async def play_until(done, what: str) -> None:
        for _ in range(300):
            if done():
                return
            assert not is_over(board), f"the game ended before {what}"
            names = [n for n in waiting_for(board) if n in people]
            if names:
                await act_once(world, people[rng.choice(names)], board, rng)
            else:
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or done())
        raise AssertionError(f"no {what} in 300 steps")

    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "getgem", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text())
        await press_start(emulator, world.alice, board)
        await play_until(lambda: below(), "first moment")
    (moments,) = below()
    first = moments.content
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await play_until(lambda: moments.content != first or len(below()) > 1, "moment after the restart")
        assert below() == [moments], [m.content for m in below()]  # the same message, edited
