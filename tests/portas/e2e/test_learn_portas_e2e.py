"""``/portas learn`` through the real bot and the emulator: an English and a Japanese newcomer.

One bot process plays both tutorials at once, each in its own thread of #games (PORTAS is played
on the board, so the lines come below it).  Each newcomer presses the first choice offered every
time; the test then checks that every step of the tutorial was told in their language, that every
statement of the first rules page was explained, that the game was neither rated nor counted in
stats, that "Play a real game" opens a lobby in #games, and that where no thread may be started the
tutorial is played in the channel itself.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.tutorial import newcomer

GAME = "portas"


async def test_newcomers_complete_portas_learn_in_english_and_japanese(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        runs = await newcomer.both_languages(emulator, world, GAME)
        assert "tutorial is ready" in runs["en"].answer and "チュートリアル" in runs["ja"].answer
        assert all(5 <= run.moves <= 20 for run in runs.values())  # a short game: about a dozen moves each
        newcomer.assert_nothing_kept(tmp_path)  # unrated, not in stats
        # "Play a real game": a normal lobby in #games, hosted by whoever pressed it
        closing = newcomer.closing(emulator, runs["en"])
        assert closing is not None
        button = next(b for b in closing.buttons() if b.custom_id.startswith("k:pl:"))
        res = await emulator.click(world.alice, closing, button)
        await res.wait_followup() if not res.followups else None
        assert "lobby is open" in res.followups[0].text()
        lobby = emulator.last_message(world.chan)
        assert lobby is not None and "Join" in [b.label for b in lobby.buttons()]
        # where no thread may be started, the tutorial is played in the channel itself, and the learner is told so
        quiet = emulator.create_channel(world.guild, "no-threads")
        emulator.deny_bot(quiet, Perm.CREATE_PUBLIC_THREADS)
        res = await emulator.slash(world.carol, quiet, f"{GAME} learn")
        await res.wait_followup() if not res.followups else None
        assert "can't start a thread here" in res.followups[0].text()
        await emulator.wait_until(lambda: newcomer.move_buttons(emulator.channel_messages(quiet)),
                                  description="the tutorial's board in the channel")
        assert "💡" in "\n".join(m.text() for m in emulator.channel_messages(quiet))
