"""A contest's outcome is told in the DM of a player who took part, through the real bot and the emulator.

alice plays Eminit's Treasure with two AIs (a small field quota, so a scramble
comes soon).  Once the first contest is decided her DM says, in a line of its
own, what her declaration did (or that she made none) and who got the card;
the channel's board says nothing in her words ("You …").
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.dmplay import act_once, dm_controls
from tests.e2e.helpers import bot, is_over, make_world, open_lobby, preset_rules, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

OUTCOME = re.compile(
    r"(Nobody declared: |You did not declare\. |Your [A-Z][\w' ]+ (did nothing|was overridden|had the last word"
    r"|was a bluff)|Your (Nullify|False Info))[^\n]*(You get|gets) \*\*"
)


def _outcome(world) -> str | None:
    """alice's DM outcome line, if her screen shows one."""
    for message in world.emu.dm_messages(world.alice):
        found = OUTCOME.search(message.text())
        if found:
            return found.group(0)
    return None


async def test_a_contest_is_told_in_the_dm_of_a_player_who_took_part(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "eminit", {"quota_extra": 1, "declare_timeout_s": 5})
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "eminit", world.alice)
        await press_start(emulator, world.alice, board)  # two AIs fill the table
        rng = random.Random(3)
        for _ in range(400):
            if _outcome(world) or is_over(board):
                break
            if "alice" in waiting_for(board):
                if not await act_once(world, world.alice, board, rng):
                    await emulator.wait_until(lambda: dm_controls(world, world.alice) is not None, timeout=30)
            else:
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or is_over(board) or _outcome(world),
                                          timeout=30)
        line = _outcome(world)
        assert line, "no contest was told in alice's DM"
        assert line not in board.text()  # the board is everyone's: the line is hers alone
