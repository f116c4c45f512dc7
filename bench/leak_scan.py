"""Leak scan: ≥ 1,000 seeded AI games per game through the bot layer; no hidden card may reach anyone.

Run: ``.venv/bin/python -m bench.leak_scan [--games 1000] [--seed 1] [--jobs N] [--draw-pictures] [game ...]``

Each game is played through ``SessionManager`` and the real presenter, and
every board, DM/ephemeral and private event line is checked against twin
states and secret swaps in English and Japanese (method:
``tests/robustness/leaks/leakkit.py``).  ``tests/robustness/leaks/test_leaks.py`` runs a
50-game sample per game in the test suite; this script is the full scan.

Games are split into chunks run by ``--jobs`` worker processes (default: one
per core), each chunk with its own seed derived from ``--seed``, so a run is
reproducible for a given ``--games``/``--jobs``.  Prints one line of figures
per game and exits 1 on any leak, determinize mismatch or unfinished game.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bot import gamefacts
from bot.core import games
from tests.robustness.leaks.leakkit import Figures, scan_sync

ALL = gamefacts.ids()
"""Every installed game, in order (a game's place in it seeds its chunks)."""


def run(names: list[str], per_game: int, seed: int, jobs: int, draw: bool) -> dict[str, Figures]:
    """Scan ``per_game`` games of each game in ``names`` on ``jobs`` processes; figures per game."""
    chunk = max(1, min(50, per_game // max(1, jobs)))
    work: list[tuple[str, int, int]] = []
    for game in names:
        done, k = 0, 0
        while done < per_game:
            size = min(chunk, per_game - done)
            work.append((game, size, seed * 1_000_003 + ALL.index(game) * 10_007 + k))
            done += size
            k += 1
    totals = {game: Figures(game) for game in names}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [(game, pool.submit(scan_sync, game, size, s, draw)) for game, size, s in work]
        for game, future in futures:
            totals[game].add(future.result())
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_scan", nargs="*", metavar="game", help=f"games to scan (default: all of {ALL})")
    parser.add_argument("--games", type=int, default=1000, help="games per game (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: cores)")
    parser.add_argument("--draw-pictures", action="store_true",
                        help="draw Promotion's real postcard PNGs (~50 ms each) instead of digests of their input")
    args = parser.parse_args(argv)
    names = args.games_to_scan or [g for g in ALL if g in games.available()]
    unknown = [g for g in names if g not in ALL]
    if unknown:
        parser.error(f"unknown game(s) {unknown}; choose from {ALL}")
    started = time.perf_counter()
    totals = run(names, args.games, args.seed, args.jobs, args.draw_pictures)
    bad = False
    for game in names:
        fig = totals[game]
        print(fig.line())
        for problem in fig.problems[:10]:
            print(f"  PROBLEM: {problem}")
        bad = bad or not fig.ok
    wall = time.perf_counter() - started
    print(f"total: {sum(f.games for f in totals.values())} games, "
          f"{sum(f.messages for f in totals.values())} messages checked, "
          f"{sum(f.leaks for f in totals.values())} leaks, {wall:.0f} s wall on {args.jobs} process(es)")
    print("RESULT:", "FAIL" if bad else "OK (no leak)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
