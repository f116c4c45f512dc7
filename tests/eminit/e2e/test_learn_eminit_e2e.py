"""``/eminit learn`` through the real bot and the emulator: an English and a Japanese newcomer at once.

Eminit's Treasure is played in DMs (three seats: the newcomer and two AIs), so the newcomers press
their choices there and the lines come in their DM screens.  Each presses the first choice offered
every time; every step must be told in their language and every statement of the first rules page
explained; nothing is rated or counted.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.tutorial import newcomer


async def test_newcomers_complete_eminit_learn_in_english_and_japanese(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        runs = await newcomer.both_languages(emulator, world, "eminit")
        assert all(run.moves <= 30 for run in runs.values()), {k: r.moves for k, r in runs.items()}
    newcomer.assert_nothing_kept(tmp_path)  # unrated, not in stats
