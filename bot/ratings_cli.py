"""``kado-ratings recompute``: rebuild every rating from the stored results, and say if anything changed.

Why an operator's command: the ratings are kept as games end (in the commit
that records each result), so they only ever need rebuilding after an
operator changed something by hand (a restored backup, results edited, new
AI level ratings from ``bench/ai/ratings.py`` to apply to the past).  It reads
the same ``.env`` as the bot (run it from where you start Kado) and rates every
stored result again, in the order the games ended, in one transaction; the
bot may keep running.  It prints how many games were rated and whether the
numbers are the ones that were stored (they are, unless something above changed).

Exit codes, as the bot's own: 2 for a usage mistake, 3 when the database cannot be used; 4 when the
results kept changing while it rated them (nothing written: run it again).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

from dotenv import load_dotenv

from bot.core import config
from bot.core.store import Store, StoreUnavailable
from bot.core.store.topics.ratings import ResultsChanging

EXIT_USAGE = 2
EXIT_DATABASE = 3
EXIT_BUSY = 4  # the results changed under every try (nothing was written): run it again later
USAGE = "usage: kado-ratings recompute   (rebuild every rating from the stored results; reads .env like kado)"


async def recompute(store: Any) -> tuple[int, int, float]:
    """(games rated, ratings kept, largest change of a stored mu or sigma) after rebuilding everything."""
    before = {row[:3]: row[3:] for row in await store.all_ratings()}
    rated = await store.recompute_ratings()
    after = {row[:3]: row[3:] for row in await store.all_ratings()}
    keys = set(before) | set(after)
    worst = 0.0
    for key in keys:
        if key not in before or key not in after:
            worst = float("inf")
            continue
        worst = max(worst, abs(before[key][0] - after[key][0]), abs(before[key][1] - after[key][1]))
    return rated, len(after), worst


async def _run() -> int:
    url = os.environ.get("DATABASE_URL", "").strip()
    try:
        if url:
            from bot.core.store.postgres import PostgresStore

            store: Any = await PostgresStore.open(url)
        else:
            store = await Store.open(config.database_path(os.environ))
    except StoreUnavailable as exc:
        print(f"kado-ratings: {exc}", file=sys.stderr)
        return EXIT_DATABASE
    try:
        rated, kept, worst = await recompute(store)
    except ResultsChanging as exc:
        print(f"kado-ratings: {exc}", file=sys.stderr)
        return EXIT_BUSY
    finally:
        await store.close()
    same = "the same as stored" if worst < 1e-9 else f"changed (largest difference {worst:.6g})"
    print(f"kado-ratings: rated {rated} games again; {kept} ratings, {same}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``kado-ratings recompute``: ``argv`` is for tests; the exit code is 0 once the ratings are rebuilt."""
    args = sys.argv[1:] if argv is None else argv
    if args != ["recompute"]:
        print(USAGE, file=sys.stderr)
        return EXIT_USAGE
    load_dotenv()
    return asyncio.run(_run())


if __name__ == "__main__":
    raise SystemExit(main())
