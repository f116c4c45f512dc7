"""Random full GETGEM games per second through new/legal/apply (not collected by pytest).

Run: ``.venv/bin/python tests/getgem/bench_engine.py [seconds]``.  Prints games/s
and actions/s for 2-, 3- and 5-player tables; the strong AI's determinized
rollouts live on this speed.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cogs.getgem import rules


def play(n: int, seed: int, rng: random.Random) -> int:
    """One random game from ``seed``; returns the number of actions applied."""
    state = rules.new(n, seed)
    moves = 0
    while state["over"] is None:
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rng.choice(rules.legal(state, seat))).state
        moves += 1
    return moves


def main(seconds: float = 2.0) -> None:
    for n in (2, 3, 5):
        rng = random.Random(n)
        games = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            moves += play(n, games, rng)
            games += 1
        elapsed = time.perf_counter() - start
        print(
            f"{n} players: {games / elapsed:8.1f} games/s  {moves / elapsed:9.0f} actions/s  "
            f"({moves / games:.0f} actions/game)"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
