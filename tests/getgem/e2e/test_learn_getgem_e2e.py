"""``/getgem learn`` through the real bot and the emulator: an English and a Japanese newcomer at once.

GETGEM is played in DMs, so the newcomers press their choices there and the lines come in their
DM screens.  Each presses the first choice offered every time; every step must be told in their
language and every statement of the first rules page explained; nothing is rated or counted.  A
newcomer whose DMs are closed finds the lines in the "My hand" reply, with their buttons.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.tutorial import newcomer


async def test_newcomers_complete_getgem_learn_in_english_and_japanese(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator, closed_dms=("carol",))
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        runs = await newcomer.both_languages(emulator, world, "getgem")
        assert all(run.moves <= 60 for run in runs.values()), {k: r.moves for k, r in runs.items()}
        # a newcomer whose DMs are closed reads the lines in the "My hand" reply, where their buttons are
        closed = await newcomer.start(emulator, world.carol, world.chan, "getgem")
        await emulator.wait_until(lambda: any(b.label == "My hand" for m in emulator.channel_messages(closed.thread)
                                              for b in m.buttons()), description="the tutorial's board")
        board = next(m for m in emulator.channel_messages(closed.thread) if any(b.label == "My hand"
                                                                                 for b in m.buttons()))
        hand = await emulator.click(world.carol, board, board.button("My hand"))
        assert hand.ephemeral and "💡 Welcome to GETGEM!" in hand.text(), hand.text()
        assert newcomer.move_buttons([hand.message])
    newcomer.assert_nothing_kept(tmp_path)  # unrated, not in stats
