"""A board buried under the channel's own conversation comes back to the bottom at the next change.

GETGEM between alice and bob, through the real bot; carol talks in the
channel.  After 20 of her messages below the board, the next move posts the
board again at the bottom and deletes the old one, and the moments message
follows it (posted again below the new board, the old one deleted).  Old
buttons keep working: a button's id names its session, not its message (the
old board's "Details" id answers on the new board), and the players' DM
buttons, drawn before the move, still play.
"""

from __future__ import annotations

import asyncio
import random

from tests.e2e.dmplay import act_once
from tests.e2e.helpers import bot, make_world, open_lobby, press_start, waiting_for
from tests.e2e.moments_read import moment_messages
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message


def live_moments(world, board: Message) -> list[Message]:  # type: ignore[no-untyped-def]
    return [m for m in moment_messages(world, board) if not m.deleted and m.content and not m.content.startswith("🔔")]


async def move(world, people, board: Message, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """One move by whoever the board waits for (looking again while their DM is about to change)."""
    for _ in range(100):
        await world.emu.wait_until(lambda: waiting_for(board), description="a turn")
        if await act_once(world, people[rng.choice(waiting_for(board))], board, rng):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("no move could be made")


def boards(world) -> list[Message]:  # type: ignore[no-untyped-def]
    return [m for m in world.emu.channel_messages(world.chan) if m.is_v2 and not m.deleted]


async def test_a_buried_board_and_its_moments_come_back_to_the_bottom(emulator, tmp_path) -> None:  # noqa: F811
    world = make_world(emulator)
    people = {"alice": world.alice, "bob": world.bob}
    rng = random.Random(4)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "getgem", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
        await press_start(emulator, world.alice, board)
        for _ in range(300):  # play until a moment stands below the board
            await emulator.wait_until(lambda: waiting_for(board) or live_moments(world, board), description="a turn")
            if live_moments(world, board):
                break
            if not await act_once(world, people[rng.choice(waiting_for(board))], board, rng):
                await asyncio.sleep(0.05)  # its DM was about to change: look again
        (moments,) = live_moments(world, board)
        said = moments.content

        chat = [emulator.send_message(world.carol, world.chan, f"chat {i}") for i in range(20)]
        await move(world, people, board, rng)  # the next change
        await emulator.wait_until(lambda: board.deleted and len(boards(world)) == 1, description="the board moved")
        (new_board,) = boards(world)
        assert new_board.id > chat[-1].id  # at the bottom, below the conversation
        await emulator.wait_until(lambda: moments.deleted and live_moments(world, new_board),
                                  description="the moments message moved")
        (new_moments,) = live_moments(world, new_board)
        assert new_moments.id > new_board.id and said.split("\n\n")[-1] in new_moments.content

        # old buttons keep working: the old board's ids answer on the new one, the DM buttons drawn before still play
        details = board.button("Details").custom_id
        res = await emulator.click(world.bob, new_board, details)
        assert res.ephemeral and res.text().strip(), res.text()
        edits = new_board.edits
        await move(world, people, new_board, rng)
        await emulator.wait_until(lambda: new_board.edits > edits, description="the new board follows the game")
        assert len(boards(world)) == 1  # no second re-post without new chat
