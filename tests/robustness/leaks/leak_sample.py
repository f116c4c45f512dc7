"""Choose the seeded games tests/robustness/leaks/test_leaks.py plays: few games, the same code reached as all 50.

Run: ``.venv/bin/python -m tests.robustness.leaks.leak_sample [game ...]`` (needs ``pip install coverage``;
~30 min for all four games on a quiet machine) and paste what it prints into each game's ``LEAK_SAMPLE``
(``tests/<game>/expectations.py``).

Why: the suite's leak test played 50 seeded games per game (two seeds of 25),
~10 minutes of the suite's CPU, Eminit and GETGEM most of it.  The leak checks
compare every message with its twins; what a larger sample adds is messages
from more corners of the code.  So each of the 50 games is played once under
``coverage`` (lines and branches of bot/ and cogs/, one coverage context per
game), and games are chosen greedily until every line and branch the 50 reach
is reached by two chosen games (by one where only one of the 50 reaches it):
two, so that a change to the code that moves a corner out of one game's way
likely leaves it in the other's.  bench/leak_scan.py still plays ≥ 1,000.
"""

from __future__ import annotations

import asyncio
import sys
from collections import Counter

SEEDS = (2026_07_00, 2026_07_01)  # test_leaks.py's two chunks
CHUNK = 25


def reached_per_game(game: str) -> dict[tuple[int, int], set[tuple[str, object]]]:
    """(chunk, index) -> the lines and branches of bot/ and cogs/ that game's scan reaches."""
    import coverage

    cov = coverage.Coverage(branch=True, source=["bot", "cogs"], data_file=None)
    cov.start()
    from tests.robustness.leaks.leakkit import LeakScanner, pictures_as_digests

    async def play_all() -> None:
        for chunk, seed in enumerate(SEEDS):
            scanner = LeakScanner(game, seed=seed)
            with pictures_as_digests(game, False):
                for i in range(CHUNK):
                    cov.switch_context(f"{chunk}:{i}")
                    await scanner.play(i)

    asyncio.run(play_all())
    cov.stop()
    data = cov.get_data()
    reached: dict[tuple[int, int], set[tuple[str, object]]] = {}
    for context in data.measured_contexts():
        if ":" not in context:
            continue
        key = tuple(int(x) for x in context.split(":"))
        data.set_query_contexts([context])
        found: set[tuple[str, object]] = set()
        for path in data.measured_files():
            found.update((path, line) for line in data.lines(path) or [])
            found.update((path, arc) for arc in data.arcs(path) or [])
        reached[key] = found  # type: ignore[index]
    return reached


def two_cover(reached: dict[tuple[int, int], set[tuple[str, object]]]) -> list[tuple[int, int]]:
    """Games chosen greedily until all they reach is reached twice (once where only one game reaches it)."""
    need = Counter(item for found in reached.values() for item in found)
    need = Counter({item: min(2, n) for item, n in need.items()})
    have: Counter[tuple[str, object]] = Counter()
    chosen: list[tuple[int, int]] = []

    def gain(key: tuple[int, int]) -> int:
        return sum(1 for item in reached[key] if have[item] < need[item])

    while True:
        candidates = [k for k in sorted(reached) if k not in chosen]
        best = max(candidates, key=gain, default=None)
        if best is None or gain(best) == 0:
            return sorted(chosen)
        chosen.append(best)
        have.update(reached[best])


def main() -> None:
    from bot import gamefacts

    for game in sys.argv[1:] or gamefacts.ids():
        chosen = two_cover(reached_per_game(game))
        per_chunk = {c: tuple(i for cc, i in chosen if cc == c) for c in range(len(SEEDS))}
        print(f"{game}: LEAK_SAMPLE = {per_chunk}", flush=True)


if __name__ == "__main__":
    main()
