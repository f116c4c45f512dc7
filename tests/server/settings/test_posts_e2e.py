"""/game settings posts through the real bot: a busy channel can keep the results and drop the big moments.

Eminit's Treasure posts every contest; after a manager chooses "the result
only", the game under way posts no more of them, and its result still comes.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.dmplay import act_once, play_to_end
from tests.e2e.helpers import World, bot, is_over, make_world, open_lobby, press_start, waiting_for
from tests.e2e.moments_read import entries
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message
from tests.server.test_server_e2e import _manager

CONTEST = "Contest for #"


def contest_posts(world: World, board: Message) -> list[str]:
    """Every contest the channel showed (each a new version of the game's moments message)."""
    return [entry for entry in entries(world, board) if CONTEST in entry]


async def _play_until(world: World, board: Message, done: object) -> None:
    """alice plays (the AIs play themselves) until ``done()``."""
    rng = random.Random(4)
    while not done():  # type: ignore[operator]
        assert not is_over(board), "the game ended first"
        if "alice" in waiting_for(board):
            await act_once(world, world.alice, board, rng)
        else:
            edits = board.edits
            await world.emu.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30,
                                       description="the AIs' moves")


async def test_a_server_that_keeps_only_the_results_gets_no_more_moment_posts(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    boss = _manager(world)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "eminit", world.alice)
        await press_start(emulator, world.alice, board)  # two AIs fill the empty seats
        await _play_until(world, board, lambda: contest_posts(world, board))  # the default: each contest posted

        res = await emulator.slash(boss, world.chan, "game settings posts", {"posts": "results"})
        assert res.ephemeral and "the result only" in res.text(), res.text()
        shown = (await emulator.slash(world.carol, world.chan, "game settings show")).text()
        assert "Channel posts:** the result only" in shown, shown
        # a move shown from now on reads the new setting (a post of the move before has landed by then); alice
        # makes it when the game waits for her, else an AI does
        edits = board.edits
        if "alice" in waiting_for(board):
            await act_once(world, world.alice, board, random.Random(5))
        await emulator.wait_until(lambda: board.edits > edits or is_over(board), timeout=30, description="a move")
        mark = max(m.id for m in emulator.channel_messages(world.chan))
        shown_before = contest_posts(world, board)

        await play_to_end(world, board, {"alice": world.alice}, seed=4, timeout=60)
        await emulator.wait_until(
            lambda: any("won" in m.text() or "draw" in m.text() for m in emulator.channel_messages(world.chan)
                        if m.id > mark and m is not board),
            description="the result post",
        )
        later = [c for c in contest_posts(world, board) if c not in shown_before]
        assert later == [], "a contest was shown after 'the result only'"
    assert not emulator.violations
