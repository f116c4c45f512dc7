"""Accepted moves per second through the real store vs a bare sqlite3 loop, side by side.

Run: ``.venv/bin/python -m bench.store.persistence [moves] [rounds]``

What is compared (same directory, hence the same disk; same ``journal_mode=WAL``
and ``synchronous=FULL``, so both pay one WAL fsync per commit):

* **store** — ``Store.commit_action`` exactly as ``SessionManager._apply``
  calls it: one action row plus the session row (state JSON, prompts, log)
  in one ``BEGIN IMMEDIATE … COMMIT``, through aiosqlite's worker thread,
  awaited from an asyncio loop.  The states are real PORTAS states from a
  random game, so the JSON written has the real size.
* **bare** — plain ``sqlite3``: ``INSERT`` one action row (same payload),
  ``COMMIT``, in a tight loop.  This is the floor: what the disk and SQLite
  allow with the same durability.
* **store, 50 games at once** — the same moves spread over 50 sessions whose
  moves are committed concurrently, as when many games run: the store then
  writes the moves that queue up during one fsync together in the next
  transaction (group commit), so it may beat the one-fsync-per-move bare loop.
  The target is judged on the one-game figure, the strict reading.

Rounds alternate store/bare so that a busy neighbour on this 2-core machine
hits both alike; the ratio reported is the median of the per-pair ratios
(store round *i* / bare round *i*), next to each side's median rate.  Target:
store ≥ 50 % of bare.

With ``KADO_BENCH_POSTGRES_DSN=postgresql://…`` set (``.ci/postgres.sh``
prints one), the PostgreSQL store's rate is printed too, for information (a
different database on a different durability path: not part of the ratio).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.core.store import SeatRecord, SessionRecord, Store, rows
from bot.core.store.sqlite import _write_move_batch
from cogs.portas import rules

ROOT = Path(__file__).resolve().parents[2]
TARGET_RATIO = 0.5
CONCURRENT_GAMES = 50


def game_moves(n: int) -> list[tuple[dict, int, dict]]:
    """``n`` (state after, seat, action) triples from random PORTAS games, restarting as games end."""
    out: list[tuple[dict, int, dict]] = []
    rng = random.Random(1)
    seed = 0
    while len(out) < n:
        state = rules.new(2, seed)
        seed += 1
        while rules.to_act(state) and len(out) < n:
            seat = state["turn"]
            action = dict(rng.choice(rules.legal(state, seat)))
            state = rules.apply(state, seat, action).state
            out.append((state, seat, action))
    return out


async def store_round(store: Store, record: SessionRecord, moves: list[tuple[dict, int, dict]]) -> float:
    """Moves per second through ``Store.commit_action``."""
    start = time.perf_counter()
    for state, seat, action in moves:
        record.state = state
        record.version += 1
        record.prompts = {"0": [record.version, "0123456789abcdef"], "1": [record.version - 1, "fedcba9876543210"]}
        record.log = [*record.log, {"kind": "ported", "args": action}][-12:]
        await store.commit_action(record, seat=seat, user_id=1000 + seat, payload=action)
    return len(moves) / (time.perf_counter() - start)


async def concurrent_round(store: Store, records: list[SessionRecord], moves: list[tuple[dict, int, dict]]) -> float:
    """Moves per second with ``len(records)`` games committing at once (each game's moves in order)."""
    share = len(moves) // len(records)

    async def game(record: SessionRecord, mine: list[tuple[dict, int, dict]]) -> None:
        for state, seat, action in mine:
            record.state = state
            record.version += 1
            record.log = [*record.log, {"kind": "ported", "args": action}][-12:]
            await store.commit_action(record, seat=seat, user_id=1000 + seat, payload=action)

    start = time.perf_counter()
    await asyncio.gather(*(game(r, moves[i * share : (i + 1) * share]) for i, r in enumerate(records)))
    return share * len(records) / (time.perf_counter() - start)


async def in_thread_round(store: Store, record: SessionRecord, moves: list[tuple[dict, int, dict]]) -> float:
    """Seconds per move of the store's own transaction (``_write_move_batch``), timed on aiosqlite's thread.

    The difference to ``store_round`` is the trip to that thread and back: what keeps an fsync off the
    event loop costs.
    """
    spent: list[float] = []
    for state, seat, action in moves:
        record.state = state
        record.version += 1
        action_row = rows.action_row(record, seat, 1000 + seat, action, time.time())
        session_row = rows.session_params(record)[1:]

        def work(con: sqlite3.Connection, batch: list = [(action_row, session_row)]) -> None:  # noqa: B006
            t0 = time.perf_counter()
            _write_move_batch(con, batch)
            spent.append(time.perf_counter() - t0)

        await store._in_thread(work)
    return statistics.fmean(spent)


async def hop_floor(store: Store, n: int = 500) -> float:
    """Seconds for an empty job's round trip to aiosqlite's thread (both threads awake: a floor)."""
    start = time.perf_counter()
    for _ in range(n):
        await store._in_thread(lambda con: None)
    return (time.perf_counter() - start) / n


def bare_round(con: sqlite3.Connection, moves: list[tuple[dict, int, dict]], first: int) -> float:
    """Moves per second for a bare INSERT + COMMIT of the same action rows."""
    start = time.perf_counter()
    for i, (_state, seat, action) in enumerate(moves, first):
        con.execute("BEGIN IMMEDIATE")
        con.execute(
            "INSERT INTO actions (session_id, version, seat, user_id, payload, at) VALUES (?,?,?,?,?,?)",
            (1, i, seat, 1000 + seat, json.dumps(action, separators=(",", ":")), time.time()),
        )
        con.execute("COMMIT")
    return len(moves) / (time.perf_counter() - start)


async def run(moves_per_round: int, rounds: int) -> None:
    moves = game_moves(moves_per_round)
    with tempfile.TemporaryDirectory(prefix="kado-bench-", dir=ROOT) as tmp:
        store = await Store.open(Path(tmp) / "store.sqlite3")
        record = await store.create_session(
            game="portas", guild_id=1, channel_id=1, host_id=1000, seed=0, options={}, locale="en",
            seats=[SeatRecord(seat=0, name="a", user_id=1000), SeatRecord(seat=1, name="b", user_id=1001)],
        )
        record.status = "active"
        many = []
        for i in range(CONCURRENT_GAMES):
            other = await store.create_session(
                game="portas", guild_id=1, channel_id=100 + i, host_id=1000, seed=i, options={}, locale="en",
                seats=[SeatRecord(seat=0, name="a", user_id=1000), SeatRecord(seat=1, name="b", user_id=1001)],
            )
            other.status = "active"
            await store.save(other)
            many.append(other)
        con = sqlite3.connect(Path(tmp) / "bare.sqlite3", isolation_level=None)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute(
            "CREATE TABLE actions (session_id INTEGER NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL,"
            " user_id INTEGER, payload TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (session_id, version))"
        )
        store_rates: list[float] = []
        bare_rates: list[float] = []
        many_rates: list[float] = []
        two_rates: list[float] = []
        # Warm-up, one whole round each: the first round of a fresh WAL file is slower (the file grows).
        await store_round(store, record, moves)
        bare_round(con, moves, 10_000_000)
        in_thread: list[float] = []
        for r in range(rounds):
            store_rates.append(await store_round(store, record, moves))
            bare_rates.append(bare_round(con, moves, r * len(moves)))
            many_rates.append(await concurrent_round(store, many, moves))
            two_rates.append(await concurrent_round(store, many[:2], moves))
            in_thread.append(await in_thread_round(store, record, moves))
        floor = await hop_floor(store)
        async with store.db.execute("PRAGMA journal_mode") as cur:
            journal = (await cur.fetchone())[0]
        async with store.db.execute("PRAGMA synchronous") as cur:
            sync = (await cur.fetchone())[0]
        bare_journal = con.execute("PRAGMA journal_mode").fetchone()[0]
        bare_sync = con.execute("PRAGMA synchronous").fetchone()[0]
        state_bytes = statistics.median(len(json.dumps(s, separators=(",", ":"))) for s, _, _ in moves)
        await store.close()
        con.close()
    pg_rate = await postgres_rate(moves) if os.environ.get("KADO_BENCH_POSTGRES_DSN") else None
    s, b = statistics.median(store_rates), statistics.median(bare_rates)
    ratio = statistics.median(x / y for x, y in zip(store_rates, bare_rates, strict=True))
    print(f"disk: the directory of {ROOT} ; store journal={journal} synchronous={sync} (2=FULL);"
          f" bare journal={bare_journal} synchronous={bare_sync}")
    print(f"{rounds} alternating rounds of {moves_per_round} moves; PORTAS state ≈ {state_bytes:.0f} bytes of JSON")
    print(f"store.commit_action : {s:8,.0f} moves/s  (rounds: {', '.join(f'{x:,.0f}' for x in store_rates)})")
    print(f"bare sqlite3 loop   : {b:8,.0f} moves/s  (rounds: {', '.join(f'{x:,.0f}' for x in bare_rates)})")
    verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
    pairs = ", ".join(f"{x / y:.0%}" for x, y in zip(store_rates, bare_rates, strict=True))
    print(f"ratio store/bare    : {ratio:8.0%}  median of the pairs ({pairs}); target ≥ {TARGET_RATIO:.0%}: {verdict}")
    two = statistics.median(two_rates)
    print(f"store, 2 games at once : {two:8,.0f} moves/s = {two / b:.0%} of bare (rounds: "
          f"{', '.join(f'{x:,.0f}' for x in two_rates)})")
    m = statistics.median(many_rates)
    print(f"store, {CONCURRENT_GAMES} games at once: {m:8,.0f} moves/s = {m / b:.0%} of bare (group commit; "
          f"rounds: {', '.join(f'{x:,.0f}' for x in many_rates)})")
    per_move = 1e6 / s
    sql_us = statistics.median(in_thread) * 1e6
    print(f"where a store move's {per_move:,.0f} µs go: its transaction on aiosqlite's thread {sql_us:,.0f} µs "
          f"(bare: {1e6 / b:,.0f} µs), JSON and the trip to that thread and back ≈ {per_move - sql_us:,.0f} µs "
          f"(an empty job's round trip, both threads awake: {floor * 1e6:,.0f} µs)")
    if pg_rate is not None:
        print(f"PostgresStore       : {pg_rate:8,.0f} moves/s  (information: PostgreSQL on 127.0.0.1, same moves)")


async def postgres_rate(moves: list[tuple[dict, int, dict]]) -> float:
    """Moves per second through ``PostgresStore.commit_action``, in a throwaway schema."""
    import asyncpg

    from bot.core.store.postgres import PostgresStore

    dsn = os.environ["KADO_BENCH_POSTGRES_DSN"]
    schema = f"kado_bench_{os.getpid()}"
    con = await asyncpg.connect(dsn)
    await con.execute(f"CREATE SCHEMA {schema}")
    try:
        store = await PostgresStore.open(dsn, server_settings={"search_path": schema})
        record = await store.create_session(
            game="portas", guild_id=1, channel_id=1, host_id=1000, seed=0, options={}, locale="en",
            seats=[SeatRecord(seat=0, name="a", user_id=1000), SeatRecord(seat=1, name="b", user_id=1001)],
        )
        record.status = "active"
        await store_round(store, record, moves[:50])  # type: ignore[arg-type]  # same methods as Store
        rate = statistics.median([await store_round(store, record, moves) for _ in range(3)])  # type: ignore[arg-type]
        await store.close()
    finally:
        await con.execute(f"DROP SCHEMA {schema} CASCADE")
        await con.close()
    return rate


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    asyncio.run(run(moves, rounds))


if __name__ == "__main__":
    main()
