"""Crash safety: SIGKILL the real bot at random moments while users play; nothing seen is lost.

Four channels with two players each play PORTAS through the emulator while
the bot process is killed with SIGKILL at seeded random moments (sometimes
again while it starts up).  After every kill the database is checked against
what the players saw (see ``tests/robustness/crash/crashkit.py`` for the method),
and after every restart the boards players already hold must carry the
stored state's buttons and keep working.

Two seeds of 7 kills each (14 in the suite, the cost mostly bot start-ups), a kill during start-up twice as
likely as the soak's so that the suite still meets one: separate tests so ``pytest -n 2`` runs them side by
side.  Each kill is one more sample of the same claim (a random moment loses nothing); the long soak, with many
more kills and channels, is ``bench/store/soak.py``'s, so the suite keeps proportionate (it was 2 × 26 kills, then
2 × 13, still its two slowest tests).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.emulator.fixtures import emulator  # noqa: F401
from tests.robustness.crash.crashkit import CrashRun

KILLS_PER_SEED = 7
STARTUP_KILL_CHANCE = 0.3  # CrashRun's default is 0.15: fewer kills, as many start-up crashes


@pytest.mark.parametrize("seed", [7101, 7102])
async def test_sigkill_loses_no_acknowledged_move_and_games_go_on(emulator, tmp_path: Path, seed: int) -> None:  # noqa: F811
    run = CrashRun(emulator, tmp_path / "kado.sqlite3", seed=seed, kills=KILLS_PER_SEED, channels=4,
                   startup_kill_chance=STARTUP_KILL_CHANCE)
    figures = await run.run()
    print(figures.line())
    assert not figures.problems, "\n".join(figures.problems[:20])
    assert figures.kills >= KILLS_PER_SEED
    assert figures.losses == 0 and figures.phantoms == 0
    assert figures.acked >= 2 * KILLS_PER_SEED, "too few moves between kills to mean anything"
    assert figures.boards_checked >= KILLS_PER_SEED  # boards held by players were checked after restarts
    assert figures.first_clicks_after_restart > 0
