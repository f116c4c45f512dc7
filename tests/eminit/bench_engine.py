"""Benchmark: random full Eminit games per second (not collected by pytest).

Run: .venv/bin/python -m tests.eminit.bench_engine [games]
"""

from __future__ import annotations

import random
import sys
import time

from cogs.eminit import rules


def play(n: int, seed: int) -> int:
    rng = random.Random(seed)
    s = rules.new(n, seed)
    steps = 0
    while rules.result(s) is None:
        seat = rng.choice(rules.to_act(s))
        s = rules.apply(s, seat, rng.choice(rules.legal(s, seat))).state
        steps += 1
    return steps


def main(games: int = 600) -> None:
    start = time.perf_counter()
    steps = sum(play(3 + i % 3, i) for i in range(games))
    elapsed = time.perf_counter() - start
    print(
        f"eminit: {games} random games (3-5 players) in {elapsed:.2f}s: "
        f"{games / elapsed:.0f} games/s, {steps / elapsed:.0f} actions/s, {steps / games:.0f} actions/game"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
