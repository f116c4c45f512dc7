"""A contest's outcome is told in the DM of a player who took part, through the real bot and the emulator.

alice plays Eminit's Treasure with two AIs (a small field quota, so a scramble
comes soon).  Once the first contest is decided her DM says, in a line of its
own, what her declaration did (or that she made none) and who got the card;
the channel's board says nothing in her words ("You …").
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.dmplay import play_to_end
from tests.e2e.helpers import bot, make_world, open_lobby, preset_rules, press_start
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
        await play_to_end(world, board, {"alice": world.alice}, seed=3, until=lambda: _outcome(world))
        line = _outcome(world)
        assert line, "no contest was told in alice's DM"
        assert line not in board.text()  # the board is everyone's: the line is hers alone
