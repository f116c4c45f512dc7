"""Two shard processes on one PostgreSQL against one process: moves/s and click -> board.

Run: ``.venv/bin/python -m bench.store.shards [--quick] [--games 60] [--dm-games 10] [--seconds 20] [--rounds 2]
[--think 0]``

Needs PostgreSQL (``eval "$(bash .ci/postgres.sh)"`` exports ``KADO_TEST_POSTGRES_DSN``;
``KADO_BENCH_POSTGRES_DSN`` wins if set) and asyncpg (``pip install -e '.[postgres]'``);
without them it prints "skipped: no PostgreSQL" and exits 0.  For that reason it is
not part of the default ``python -m bench`` sitting.

Why: README's "Large bots" section runs one bot as several shard processes
sharing one PostgreSQL database.  Whether that buys anything depends on what
binds first — the bot's event loop (one core per process), the database, or
Discord's global request limit (docs/performance.md, "Beyond one machine").
This script measures the first two on this machine, like for like:

* **one process** — the ordinary deployment (no ``SHARD_COUNT``) on PostgreSQL;
* **two shard processes** — ``SHARD_COUNT=2``, ``SHARD_IDS=0`` and ``SHARD_IDS=1``,
  the same PostgreSQL.

Each set-up gets a fresh emulator and a fresh schema.  The emulator routes a
guild's events to shard ``(guild_id >> 22) % 2`` as Discord does
(tests/emulator/README.md, "Sharded bots"); ``--guilds`` guilds alternate
between the two shards; the ``--games`` PORTAS tables (clicked on the board)
and ``--dm-games`` GETGEM tables (clicked in the players' DMs, which Discord
sends to shard 0 only: shard 1's are forwarded, bot/frontend/gateway/forwarding.py) are dealt
over them round-robin, so each shard process owns half the games.  Two users
per table play random buttons, each the moment the board says it is their
turn (``--think S``: after an exponential pause of mean S seconds instead);
a finished game is replaced by a new lobby in its channel (bench/store/shards_play.py).
After ``--warmup`` seconds the window of ``--seconds`` opens; measured in it:

* **moves/s** — rows added to the ``actions`` table (accepted moves) / window;
* **click -> board** — INTERACTION_CREATE sent to the board edited with the move
  (p50, p99), per set-up and per shard; for DM clicks, to the board or the DM edited;
* **CPU** — each bot process's and the PostgreSQL server's, per move.

``--rounds 2`` measures the set-ups in the order A B B A (this shared
machine's speed drifts; docs/performance.md) and prints every run.  Exit
status 1 if a click went unanswered for 10 s (a stall) or the emulator saw a
violation of Discord's rules.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import psutil

from bench.clicks.latency import BoardWatch, percentile
from bench.clicks.play import AS_DEPLOYED
from bench.store.shards_play import DM_GAME, Run, Table, play_board_table, play_dm_table
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.rest.openapi import get_spec

ROOT = Path(__file__).resolve().parents[2]
BOT_ENV: dict[str, str | None] = {"LOG_LEVEL": "WARNING", "KADO_AI_DELAY": "0.5", **AS_DEPLOYED}
LAYOUTS: dict[str, tuple[dict[str, str], ...]] = {
    "one process": ({},),
    "two shard processes": ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "1"}),
}


def postgres_dsn() -> str | None:
    """The DSN to use, or None after saying why the benchmark is skipped."""
    dsn = (os.environ.get("KADO_BENCH_POSTGRES_DSN") or os.environ.get("KADO_TEST_POSTGRES_DSN") or "").strip()
    if not dsn:
        print('skipped: no PostgreSQL (set KADO_BENCH_POSTGRES_DSN, or eval "$(bash .ci/postgres.sh)")')
        return None
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        print("skipped: no PostgreSQL driver (pip install -e '.[postgres]' installs asyncpg)")
        return None
    return dsn


async def reachable(dsn: str) -> bool:
    """The server answers; else say so (without the DSN: it may hold a password) and skip."""
    import asyncpg

    try:
        con = await asyncpg.connect(dsn, timeout=10)
    except (OSError, TimeoutError, asyncpg.PostgresError) as exc:
        print(f"skipped: no PostgreSQL answering ({type(exc).__name__}: {exc})")
        return False
    await con.close()
    return True


@dataclass
class Schema:
    """One throwaway schema per run, as the DATABASE_URL every bot process of the run shares."""

    dsn: str
    name: str

    @property
    def url(self) -> str:
        return f"{self.dsn}{'&' if '?' in self.dsn else '?'}search_path={self.name}"

    async def moves(self) -> int:
        import asyncpg

        con = await asyncpg.connect(self.dsn, server_settings={"search_path": self.name})
        try:
            return int(await con.fetchval("SELECT COUNT(*) FROM actions"))
        finally:
            await con.close()


@contextlib.asynccontextmanager
async def schema(dsn: str) -> AsyncIterator[Schema]:
    import asyncpg

    made = Schema(dsn, f"kado_bench_{uuid.uuid4().hex[:12]}")
    con = await asyncpg.connect(dsn)
    try:
        await con.execute(f"CREATE SCHEMA {made.name}")
    finally:
        await con.close()
    try:
        yield made
    finally:
        con = await asyncpg.connect(dsn)
        try:
            await con.execute(f"DROP SCHEMA IF EXISTS {made.name} CASCADE")
        finally:
            await con.close()


async def postgres_master(dsn: str) -> psutil.Process | None:
    """The PostgreSQL server's main process, if it runs on this machine and we may see it; else None."""
    import asyncpg

    con = await asyncpg.connect(dsn)
    try:
        data_dir = await con.fetchval("SELECT setting FROM pg_settings WHERE name = 'data_directory'")
    except Exception:  # not allowed to read it (a managed server): CPU not reported
        return None
    finally:
        await con.close()
    try:
        return psutil.Process(int((Path(data_dir) / "postmaster.pid").read_text().split()[0]))
    except (OSError, ValueError, psutil.Error):
        return None


def server_processes(master: psutil.Process | None) -> list[psutil.Process]:
    """The server and its backends now: the bots' pools open connections as load grows."""
    if master is None:
        return []
    with contextlib.suppress(psutil.Error):
        return [master, *master.children(recursive=True)]
    return []


def cpu_seconds(procs: list[psutil.Process]) -> dict[int, float]:
    out = {}
    for p in procs:
        with contextlib.suppress(psutil.Error):
            t = p.cpu_times()
            out[p.pid] = t.user + t.system
    return out


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two samples of the same processes (one that exited counts what it had)."""
    return sum(after.get(pid, t) - t for pid, t in before.items()) + sum(
        t for pid, t in after.items() if pid not in before
    )


async def measure(layout: str, args: argparse.Namespace, dsn: str, seed: int) -> Run:
    """One set-up: a fresh emulator and schema, its bot processes, the tables, the window."""
    run = Run(layout)
    emu = DiscordEmulator(interaction_deadline=3.0)
    await emu.start()
    emu.record_timing = True
    guilds = [emu.create_guild(f"Bench {g}", preferred_locale="en-US", shard=(g % 2, 2)) for g in range(args.guilds)]
    tables: list[Table] = []
    for t in range(args.games + args.dm_games):
        guild = guilds[t % len(guilds)]
        chan = emu.create_channel(guild, f"table-{t}")
        pair = (emu.create_user(f"host{t}"), emu.create_user(f"guest{t}"))
        for u in pair:
            emu.add_member(guild, u)
        tables.append(Table(chan, pair, emu.shard_of(guild.id, 2), in_dms=t >= args.games))
    watch = BoardWatch(emu)
    stop = asyncio.Event()
    ready = asyncio.Barrier(len(tables) + 1)
    rng = random.Random(seed)
    async with schema(dsn) as db, contextlib.AsyncExitStack() as stack:
        env = {**BOT_ENV, "DATABASE_URL": db.url}
        with tempfile.TemporaryDirectory(prefix="kado-shards-", dir=ROOT) as tmp:
            procs = []
            for i, extra in enumerate(LAYOUTS[layout]):  # one at a time: each creates/migrates the schema
                name = f"shard-{extra['SHARD_IDS']} process" if extra else "bot process"
                bot = BotProcess(emu, Path(tmp) / f"unused-{i}.sqlite3", {**env, **extra}, name=name)
                await stack.enter_async_context(bot)
                await bot.ready(timeout=60)
                procs.append(bot)
            bots = [psutil.Process(b.proc.pid) for b in procs if b.proc is not None]
            pg = await postgres_master(dsn)
            setup = asyncio.Semaphore(20)
            tasks = [
                asyncio.create_task((play_dm_table if t.in_dms else play_board_table)(
                    emu, watch, t, run, stop, rng, args.think, ready, setup))
                for t in tables
            ]
            barrier = asyncio.create_task(ready.wait())
            done, _ = await asyncio.wait([barrier, *tasks], return_when=asyncio.FIRST_COMPLETED)
            if barrier not in done:  # a table failed before every game started
                for t in done:
                    t.result()
            await asyncio.sleep(args.warmup)  # past the herd of first moves
            gc.collect()
            gc.freeze()
            gc.disable()  # the emulator stands in for Discord: its collector stays off the clicks (click_latency)
            me = [psutil.Process()]
            bot0, pg0, me0 = [cpu_seconds([p]) for p in bots], cpu_seconds(server_processes(pg)), cpu_seconds(me)
            moves0 = await db.moves()
            psutil.cpu_percent()  # starts the machine-wide count
            run.measuring = True
            w0 = time.perf_counter()
            await asyncio.sleep(args.seconds)
            run.measuring = False
            run.window = time.perf_counter() - w0
            run.machine_busy = psutil.cpu_percent() / 100
            moves1 = await db.moves()
            bot1, pg1, me1 = [cpu_seconds([p]) for p in bots], cpu_seconds(server_processes(pg)), cpu_seconds(me)
            gc.enable()
            run.load = os.getloadavg()
            run.moves = moves1 - moves0
            run.bot_cpu = [spent(a, b) for a, b in zip(bot0, bot1, strict=True)]
            run.pg_cpu = spent(pg0, pg1) if pg else None
            run.emu_cpu = spent(me0, me1)
            stop.set()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for bot in procs:
                assert "Traceback" not in bot.log_text(), bot.log_tail_text()
    run.violations = [str(v) for v in emu.violations]
    await emu.stop()
    return run


def print_per_shard(latencies: dict[int, list[float]]) -> None:
    for shard, xs in latencies.items():
        if xs:
            ms = [x * 1000 for x in xs]
            print(f"    guilds of shard {shard}: {len(ms):,} clicks, p50 {statistics.median(ms):.1f} ms, "
                  f"p99 {percentile(ms, 99):.1f} ms")


def report(run: Run) -> None:
    board = run.all_to_board()
    moves = max(run.moves, 1)
    print(f"{run.layout}: {run.moves:,} moves in {run.window:.1f} s = {run.moves / run.window:,.1f} moves/s; "
          f"measured clicks {run.clicks:,}, refused {run.refused}, stalls {run.stalls}, "
          f"games finished {run.finished}")
    if board:
        print(f"  click -> board: p50 {statistics.median(board):.1f} ms, p99 {percentile(board, 99):.1f} ms, "
              f"max {max(board):.1f} ms")
    print_per_shard(run.to_board)
    dm = run.all_dm()
    if dm:
        print(f"  DM click ({DM_GAME}) -> board or DM edited: p50 {statistics.median(dm):.1f} ms, "
              f"p99 {percentile(dm, 99):.1f} ms, max {max(dm):.1f} ms")
        print_per_shard(run.dm_to_change)
    cpu = ", ".join(f"{c / run.window:.0%}" for c in run.bot_cpu)
    pg = f"; PostgreSQL {run.pg_cpu / run.window:.0%} of a core = {run.pg_cpu / moves * 1000:.2f} ms/move" \
        if run.pg_cpu is not None else "; PostgreSQL CPU not visible from here"
    print(f"  bot CPU {cpu} of a core = {sum(run.bot_cpu) / moves * 1000:.2f} ms/move{pg}; "
          f"emulator + players {run.emu_cpu / run.window:.0%}")
    print(f"  machine {run.machine_busy:.0%} busy (all cores, anyone's work); "
          f"load average {run.load[0]:.2f} {run.load[1]:.2f} {run.load[2]:.2f}; "
          f"emulator violations {len(run.violations)}")
    for v in run.violations[:3]:
        print(f"    {v[:300]}")


async def main_async(args: argparse.Namespace) -> int:
    dsn = postgres_dsn()
    if dsn is None or not await reachable(dsn):
        return 0
    get_spec().validate_body = lambda op, body: []  # type: ignore[method-assign]  # speed (bench.clicks.latency)
    names = list(LAYOUTS)
    order = names + names[::-1] if args.rounds > 1 else names
    order = (order * ((args.rounds + 1) // 2))[: len(names) * args.rounds]
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    print(f"{args.games} PORTAS games and {args.dm_games} {DM_GAME} games (DM clicks) over {args.guilds} guilds "
          f"(half on each shard of 2), think {args.think:g} s, window {args.seconds:g} s after {args.warmup:g} s; "
          f"{os.cpu_count()} CPUs shared "
          f"by the emulator and players (this process), the bot process(es) and PostgreSQL; "
          f"load average at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    runs = []
    for i, layout in enumerate(order):
        run = await measure(layout, args, dsn, seed=i)
        report(run)
        runs.append(run)
    print(f"\nsummary ({started} – {time.strftime('%H:%M:%S UTC', time.gmtime())}):")
    for layout in names:
        mine = [r for r in runs if r.layout == layout]
        rates = [r.moves / r.window for r in mine]
        board = [x for r in mine for x in r.all_to_board()]
        dm = [x for r in mine for x in r.all_dm()]
        p99 = f"{percentile(board, 99):.0f} ms" if board else "n/a"
        dm99 = f"; DM click -> change p99 {percentile(dm, 99):.0f} ms" if dm else ""
        print(f"  {layout:<20} moves/s {' / '.join(f'{x:,.0f}' for x in rates)}; "
              f"click -> board p99 {p99}{dm99} (all its runs' clicks)")
    return 1 if any(r.stalls or r.violations for r in runs) else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run (20 games, 8 s window, one round)")
    parser.add_argument("--games", type=int, default=60, help="PORTAS tables (clicked on the board)")
    parser.add_argument("--dm-games", type=int, default=10, help=f"{DM_GAME} tables (clicked in DMs)")
    parser.add_argument("--guilds", type=int, default=8, help="guilds, alternately on shard 0 and 1")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2, help="1: A B; 2: A B B A; …")
    parser.add_argument("--think", type=float, default=0.0, help="mean pause (s) before each click; 0: none")
    args = parser.parse_args()
    if args.quick:
        args.games, args.dm_games, args.seconds, args.warmup, args.rounds = 20, 4, 8.0, 3.0, 1
    sys.exit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
