"""Strong is worth its think time: in PORTAS it beats easy in a clear majority (deterministic).

The full measurement (1,000+ games per match-up, every game, confidence
intervals) is ``bench/ai/strength.py``, recorded in docs/ai.md; this is the
fast regression guard.  The budget is counted in rollouts, so the outcome is
the same on any machine.
"""

from __future__ import annotations

from bot.core.ai import Budget

from .helpers import play

GAMES = 20
BUDGET = Budget(seconds=None, max_sims=16)


def test_strong_beats_easy_in_portas() -> None:
    wins = 0
    for seed in range(GAMES):
        levels = ("strong", "easy") if seed % 2 == 0 else ("easy", "strong")
        result = play("portas", levels, 500 + seed, BUDGET)
        wins += levels.index("strong") in result.winners
    assert wins >= 16, f"strong won {wins}/{GAMES}"  # 80 %: the bench measures ~98 %
