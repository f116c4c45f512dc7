"""Database bytes per finished game, for each game, and what ``HISTORY_DAYS`` pruning frees of them.

Run: ``.venv/bin/python -m bench.store.history_growth [games]``   (default 200 games of each; about a minute)

Why: a server owner choosing ``HISTORY_DAYS`` needs to know what a game costs
(README, docs/deploy.md quote these figures).  Per game, in a fresh SQLite
file: a few warm-up games (so the schema's first pages are not counted), then
``games`` random full games through the real flow (``SessionManager``: lobby,
joins, start, random legal clicks until the end, 2 to max seats, all human),
a WAL checkpoint, and the growth of the file divided by the number of games.
Then ``Store.prune_history`` prunes them all.  The file does not shrink
(SQLite reuses the freed space for later rows), so what a game occupies
before and after pruning is read from compact copies (``VACUUM INTO``, which
leaves the database as it is) less the empty schema's, divided by every game in the file: what stays
after pruning (session row, seats, result, participants) is what a game costs
for good once ``HISTORY_DAYS`` has passed.
``synchronous=OFF`` while playing: fsyncs change the time, not the bytes.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from bench.store.restore import GAMES, NullPresenter

WARM_UP = 5


async def file_bytes(store: object, path: Path) -> int:
    """The database file's size with everything checkpointed out of the WAL."""
    async with store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)") as cur:  # type: ignore[attr-defined]
        await cur.fetchall()  # a cursor left open would block the VACUUM INTO below
    return path.stat().st_size


async def play(manager: object, game: str, index: int, rng: random.Random) -> int:
    """One whole game of ``game`` by random legal clicks; how many moves it took."""
    from bot.core import games
    from bot.core.sessions import Player

    spec = games.get(game)
    users = [Player(10_000_000 + index * 8 + k, f"player{index}-{k}", "en")
             for k in range(rng.randint(spec.min_seats, spec.max_seats))]
    m = manager
    record = await m.new_lobby(game, guild_id=1, channel_id=1_000 + index, host=users[0], locale="en")  # type: ignore[attr-defined]
    for user in users[1:]:
        await m.join(record.id, user)  # type: ignore[attr-defined]
    await m.start(record.id, users[0])  # type: ignore[attr-defined]
    moves = 0
    while record.status == "active":
        seat = rng.choice(spec.rules.to_act(record.state))
        legal = m.legal_for(record, seat)  # type: ignore[attr-defined]
        await m.act(record.id, users[seat].user_id, m.prompt_version(record, seat), rng.randrange(len(legal)))  # type: ignore[attr-defined]
        moves += 1
    assert record.status == "finished", (game, record.status)
    return moves


async def compact_bytes(store: object, folder: Path, name: str) -> int:
    """The size the database would have without free space: a ``VACUUM INTO`` copy's."""
    copy = folder / name
    await store.db.execute("VACUUM INTO ?", (str(copy),))  # type: ignore[attr-defined]
    size = copy.stat().st_size
    copy.unlink()
    return size


async def measure(game: str, count: int, folder: Path) -> dict[str, float]:
    """Bytes per finished game of ``game`` and bytes per game that pruning frees."""
    from bot.core.sessions import SessionManager
    from bot.core.store import Store

    path = folder / f"{game}.sqlite3"
    store = await Store.open(path)
    await store.db.execute("PRAGMA synchronous=OFF")
    empty = await compact_bytes(store, folder, "empty.sqlite3")  # the schema alone, taken off below
    manager = SessionManager(store, NullPresenter(), ai_delay=1e9, seed=8, turn_timeout=86400.0, pick_timeout=86400.0)
    rng = random.Random(8)
    for i in range(WARM_UP):
        await play(manager, game, i, rng)
    before = await file_bytes(store, path)
    moves = 0
    for i in range(WARM_UP, WARM_UP + count):
        moves += await play(manager, game, i, rng)
    after = await file_bytes(store, path)
    whole = await compact_bytes(store, folder, "whole.sqlite3")
    pruned = await store.prune_history(time.time() + 1)
    kept = await compact_bytes(store, folder, "pruned.sqlite3")
    await manager.close()
    await store.close()
    assert pruned == WARM_UP + count
    played = WARM_UP + count
    return {
        "per_game": (after - before) / count, "moves": moves / count, "whole": (whole - empty) / played,
        "kept": (kept - empty) / played,
    }


async def main_async(count: int) -> None:
    from bot.core import games

    games.available()
    print(f"{count} random full games of each (2..max seats, all human), real store, SQLite:")
    print(f"{'game':<10} {'moves/game':>10} {'file growth/game':>17} {'compact/game':>13} {'after prune':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            r = await measure(game, count, Path(tmp))
            print(f"{game:<10} {r['moves']:>10.0f} {r['per_game']:>17,.0f} {r['whole']:>13,.0f}"
                  f" {r['kept']:>12,.0f}", flush=True)


def main() -> None:
    asyncio.run(main_async(int(sys.argv[1]) if len(sys.argv) > 1 else 200))


if __name__ == "__main__":
    main()
