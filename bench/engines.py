"""Random full games per second on one core, for each of the four engines.

Run: ``.venv/bin/python -m bench.engines [seconds-per-game]``

Why a generic loop: it drives every engine through the same contract calls the
platform and the AIs use (``new``/``to_act``/``legal``/``apply``), so the
figures compare engines and track what an AI rollout really costs.  CPU time
(``process_time``) is measured instead of wall time, in short rounds whose
*median* is reported: this machine has 2 cores shared with other work, and a
busy neighbour should not look like a slow engine.  The PORTAS target is
≥ 5,000 games/s (issue 8): the strong AI's think budget lives on it.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

GAMES: dict[str, tuple[int, ...]] = {
    # game id -> seat counts cycled through (every legal table size)
    "portas": (2,),
    "getgem": (2, 3, 4, 5),
    "promotion": (4,),
    "eminit": (3, 4, 5),
}
TARGETS = {"portas": 5000.0}
ROUND_SECONDS = 0.25


@dataclass(frozen=True)
class Rate:
    game: str
    games: int
    actions: int
    cpu_seconds: float
    rounds: tuple[float, ...]  # games/s of each round

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    @property
    def best(self) -> float:
        return max(self.rounds)

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games


def play(rules: Any, seats: int, seed: int, rng: random.Random) -> int:
    """One game with uniformly random legal actions; returns the number of actions applied."""
    new, to_act, legal, apply, choice = rules.new, rules.to_act, rules.legal, rules.apply, rng.choice
    state = new(seats, seed)
    actions = 0
    while seats_to_act := to_act(state):  # the contract: nobody to act <=> the game is over
        seat = seats_to_act[0] if len(seats_to_act) == 1 else choice(seats_to_act)
        state = apply(state, seat, choice(legal(state, seat))).state
        actions += 1
    assert rules.result(state) is not None
    return actions


def measure(game: str, seconds: float) -> Rate:
    """Play random games of ``game`` for about ``seconds`` of CPU time, in rounds of ``ROUND_SECONDS``."""
    rules = importlib.import_module(f"cogs.{game}.rules")
    tables = GAMES[game]
    rng = random.Random(0)
    for i in range(20):  # warm up imports, caches and the allocator
        play(rules, tables[i % len(tables)], 10_000_000 + i, rng)
    games = actions = 0
    rounds: list[float] = []
    total = 0.0
    while total < seconds or len(rounds) < 3:
        start = time.process_time()
        played = 0
        while time.process_time() - start < ROUND_SECONDS:
            for _ in range(5):
                actions += play(rules, tables[games % len(tables)], games, rng)
                games += 1
                played += 1
        elapsed = time.process_time() - start
        rounds.append(played / elapsed)
        total += elapsed
    return Rate(game, games, actions, total, tuple(rounds))


def main(seconds: float = 3.0) -> None:
    print(
        f"random full games per CPU-second on one core; median of {ROUND_SECONDS:g}-s rounds, "
        f"~{seconds:g} s per game (python {sys.version.split()[0]})"
    )
    for game in GAMES:
        rate = measure(game, seconds)
        target = TARGETS.get(game)
        verdict = ""
        if target is not None:
            verdict = f"  target ≥ {target:,.0f}: {'met' if rate.median >= target else 'MISSED'}"
        print(
            f"{game:10s} {rate.median:9,.0f} games/s (best round {rate.best:,.0f})"
            f" {rate.median * rate.actions_per_game:11,.0f} actions/s"
            f"  {rate.actions_per_game:5.1f} actions/game, seats {GAMES[game]}{verdict}"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
