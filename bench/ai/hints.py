"""Hint speed: how long a player waits for a hint's answer, per game of the registry, through the AI workers.

Run (short form: about a minute on this shared machine)::

    .venv/bin/python -m bench.ai.hints                  # every game, 12 hints each, 1 worker
    .venv/bin/python -m bench.ai.hints --hints 40 --workers 2

Each hint is asked as the Hint button asks it (:func:`bot.core.ai.hints.ask`):
positions of seeded games played at random, each seat to act with a real
choice, the strong AI's think time, the answer due one second after it.  It
prints the answer time's p50, p99 and max per game, and how many hints the
deadline answered with the normal AI instead of the search (the budget:
p99 under think time + 1 s; docs/performance.md).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time


def _positions(game: str, count: int, seed: int) -> list[tuple[object, int]]:
    from bot.core import games

    rules = games.get(game).rules
    seats = max(2, min(rules_seats(game), 4))
    out: list[tuple[object, int]] = []
    while len(out) < count:
        state, rng = rules.new(seats, seed), random.Random(seed)
        while rules.result(state) is None and len(out) < count:
            seat = rules.to_act(state)[0]
            legal = rules.legal(state, seat)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((state, seat))
            state = rules.apply(state, seat, rng.choice(legal)).state
        seed += 1
    return out


def rules_seats(game: str) -> int:
    """A table size the game accepts (its declared minimum, three where it allows)."""
    from bot import gamefacts

    facts = gamefacts.facts_of(game)
    return max(facts.min_seats, min(3, facts.max_seats))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _run(hints_per_game: int, workers: int, seed: int) -> None:
    from bot.core import games
    from bot.core.ai import hints
    from bot.core.ai.pool import ThinkPool

    pool = ThinkPool(workers)
    pool.start()
    for warming in pool.warming:  # the workers' start is not a hint's wait
        await asyncio.wrap_future(warming)
    try:
        print(f"think time {hints.THINK_SECONDS:.2f} s, due at +{hints.SLACK:.1f} s; {workers} worker(s)")
        print(f"{'game':<10} {'hints':>5} {'p50 s':>6} {'p99 s':>6} {'max s':>6} {'normal AI':>9}")
        for game in games.available():
            spec = games.get(game)
            times, fallbacks = [], 0
            for state, seat in _positions(game, hints_per_game, seed):
                started = time.perf_counter()
                hint = await hints.ask(pool, spec, state, seat, seed)
                times.append(time.perf_counter() - started)
                fallbacks += not hint.searched
            print(f"{game:<10} {len(times):>5} {_pct(times, 0.5):>6.2f} {_pct(times, 0.99):>6.2f} {max(times):>6.2f}"
                  f" {fallbacks:>9}", flush=True)  # fmt: skip
    finally:
        await pool.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hints", type=int, default=12, help="hints per game (default 12)")
    parser.add_argument("--workers", type=int, default=1, help="AI worker processes (default 1; 0: a thread)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    asyncio.run(_run(args.hints, args.workers, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
