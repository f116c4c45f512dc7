"""Benchmark: random full Promotion games per second (not collected by pytest: no ``test_`` prefix).

Run: ``.venv/bin/python -m tests.promotion.bench_engine [seconds]``.  A "game" is
``new`` through set-up and rounds to a King, every action a uniformly random
legal one; it also times the normal AI (one AI seat, three random) and a board
render, which bound what an AI rollout and a board refresh cost.
"""

from __future__ import annotations

import random
import sys
import time

from bot.i18n import register, translator
from cogs.promotion import ai, render, rules
from cogs.promotion.strings import STRINGS


def random_game(seed: int, ai_seat: int | None = None) -> int:
    """Play one game; returns the number of actions."""
    rng = random.Random(seed)
    state = rules.new(4, seed)
    actions = 0
    while rules.result(state) is None:
        seats = rules.to_act(state)
        seat = seats[0] if ai_seat is not None else rng.choice(seats)
        legal = rules.legal(state, seat)
        action = ai.choose(rules.view(state, seat), seat, legal, rng) if seat == ai_seat else rng.choice(legal)
        state = rules.apply(state, seat, action).state
        actions += 1
    return actions


def _rate(label: str, budget: float, fn) -> None:
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < budget:
        actions += fn(games)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"{label}: {games / elapsed:,.0f} games/s, {actions / elapsed:,.0f} actions/s "
          f"({games} games, {actions / games:.1f} actions/game)")


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    _rate("random play", budget, random_game)
    _rate("1 normal AI + 3 random", budget, lambda seed: random_game(seed, ai_seat=seed % 4))
    register(STRINGS)
    state = rules.new(4, 1)
    while rules.to_act(state) and state["round"] < 2:
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.legal(state, seat)[0]).state
    view = rules.view(state, None)
    start = time.perf_counter()
    n = 20
    for _ in range(n):
        render.board(view, ["Aki", "Ben", "Chie", "Dai"], translator("en"))
    print(f"board with picture: {(time.perf_counter() - start) / n * 1000:.1f} ms")


if __name__ == "__main__":
    main()
