"""Random full games per second on one core, for each of the four engines.

Run: ``.venv/bin/python -m bench.engines [seconds-per-game] [--tables] [--ai]``

``--tables`` reports each table size apart (a game whose cost grows with its
seats, such as a 5-player table, shows it); ``--ai`` lets one seat of each game
play the normal AI (``cogs.<game>.ai.choose`` on its view, the others random),
which bounds what a table with an AI costs per move.

Why a generic loop: it drives every engine through the same contract calls the
platform and the AIs use (``new``/``to_act``/``legal``/``apply``), so the
figures compare engines and track what an AI rollout really costs.  CPU time
(``process_time``) is measured instead of wall time, in short rounds whose
*median* is reported: this machine has 2 cores shared with other work, and a
busy neighbour should not look like a slow engine.  The PORTAS target is
≥ 5,000 games/s: the strong AI's think budget lives on it.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from bot import gamefacts

GAMES: dict[str, tuple[int, ...]] = {f.id: tuple(range(f.min_seats, f.max_seats + 1)) for f in gamefacts.found()}
"""game id -> seat counts cycled through (every legal table size, from the game's own declaration)."""
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


def play(rules: Any, seats: int, seed: int, rng: random.Random, ai: Any = None) -> int:
    """One game with uniformly random legal actions (seat ``seed % seats`` played by ``ai`` when given);
    returns the number of actions applied."""
    new, to_act, legal, apply, choice = rules.new, rules.to_act, rules.legal, rules.apply, rng.choice
    state = new(seats, seed)
    ai_seat = seed % seats if ai is not None else -1
    actions = 0
    while seats_to_act := to_act(state):  # the contract: nobody to act <=> the game is over
        seat = seats_to_act[0] if len(seats_to_act) == 1 else choice(seats_to_act)
        options = legal(state, seat)
        action = ai.choose(rules.view(state, seat), seat, options, rng) if seat == ai_seat else choice(options)
        state = apply(state, seat, action).state
        actions += 1
    assert rules.result(state) is not None
    return actions


class Meter:
    """Random games of one engine, played a round (``ROUND_SECONDS`` of CPU time) at a time."""

    def __init__(self, game: str, tables: tuple[int, ...] | None = None, ai: bool = False) -> None:
        self.game = game
        self.rules = importlib.import_module(f"cogs.{game}.rules")
        self.ai = importlib.import_module(f"cogs.{game}.ai") if ai else None
        self.tables = tables or GAMES[game]
        self.rng = random.Random(0)
        for i in range(20):  # warm up imports, caches and the allocator
            play(self.rules, self.tables[i % len(self.tables)], 10_000_000 + i, self.rng, self.ai)
        self.games = self.actions = 0
        self.total = 0.0
        self.rounds: list[float] = []

    def round(self) -> None:
        start = time.process_time()
        played = 0
        while time.process_time() - start < ROUND_SECONDS:
            for _ in range(5):
                table = self.tables[self.games % len(self.tables)]
                self.actions += play(self.rules, table, self.games, self.rng, self.ai)
                self.games += 1
                played += 1
        elapsed = time.process_time() - start
        self.rounds.append(played / elapsed)
        self.total += elapsed

    def rate(self) -> Rate:
        return Rate(self.game, self.games, self.actions, self.total, tuple(self.rounds))


def measure_all(seconds: float, *, by_table: bool = False, ai: bool = False) -> list[tuple[Meter, Rate]]:
    """About ``seconds`` of CPU time per engine, in rounds taken in turn (one of each engine, again and again).

    Interleaved, a busy spell of the machine slows a round of every engine
    alike instead of all the rounds of the one engine measured at that moment
    (in a run of 22 Nov, PORTAS measured alone swung from 3,964 to 6,600
    games/s between two runs a minute apart).
    """
    if by_table:
        meters = [Meter(game, (seats,), ai) for game in GAMES for seats in GAMES[game]]
    else:
        meters = [Meter(game, ai=ai) for game in GAMES]
    while any(m.total < seconds or len(m.rounds) < 3 for m in meters):
        for m in meters:
            if m.total < seconds or len(m.rounds) < 3:
                m.round()
    return [(m, m.rate()) for m in meters]


def measure(game: str, seconds: float) -> Rate:
    """One engine alone (for a quick look at one game)."""
    meter = Meter(game)
    while meter.total < seconds or len(meter.rounds) < 3:
        meter.round()
    return meter.rate()


def main(seconds: float = 3.0, *, by_table: bool = False, ai: bool = False) -> None:
    players = "one normal-AI seat, the others random" if ai else "random"
    print(
        f"{players} full games per CPU-second on one core; median of {ROUND_SECONDS:g}-s rounds taken in turn, "
        f"~{seconds:g} s per game{' and table size' if by_table else ''} (python {sys.version.split()[0]})"
    )
    for meter, rate in measure_all(seconds, by_table=by_table, ai=ai):
        game = rate.game
        target = TARGETS.get(game) if not (ai or by_table) else None  # the target is for random play, all sizes
        verdict = ""
        if target is not None:
            verdict = f"  target ≥ {target:,.0f}: {'met' if rate.median >= target else 'MISSED'}"
        print(
            f"{game:10s} {rate.median:9,.0f} games/s (best round {rate.best:,.0f})"
            f" {rate.median * rate.actions_per_game:11,.0f} actions/s"
            f"  {rate.actions_per_game:5.1f} actions/game, seats {meter.tables}{verdict}"
        )


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(float(args[0]) if args else 3.0, by_table="--tables" in sys.argv, ai="--ai" in sys.argv)
