"""Random full PORTAS games per second through new/legal/apply (not collected by pytest).

Run: ``.venv/bin/python tests/portas/bench_engine.py [seconds]``.  The target
is ≥ 5,000 games/s on one core: the strong AI's rollouts live on this speed.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cogs.portas import rules


def play(seed: int, rng: random.Random) -> int:
    """One random game from ``seed``; returns the number of actions applied."""
    state = rules.new(2, seed)
    moves = 0
    while state["result"] is None:
        seat = state["turn"]
        state = rules.apply(state, seat, rng.choice(rules.legal(state, seat))).state
        moves += 1
    return moves


def main(seconds: float = 2.0) -> None:
    """Play for ``seconds`` of CPU time; CPU time, not wall time, so a busy machine skews it less."""
    rng = random.Random(0)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(100):
            moves += play(games, rng)
            games += 1
    elapsed = time.process_time() - start
    print(f"{games / elapsed:,.0f} random full games/s ({moves / games:.1f} actions per game, {games} games)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
