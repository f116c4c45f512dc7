"""Endurance: many games played to their end and started again for a long while -- does anything grow?

Run: ``.venv/bin/python -m bench.clicks.endurance [--minutes 20] [--games 150] [--think 4] [--period 60] [--forget S]``

Why: a server owner runs the bot for months, and :mod:`bench.clicks.openloop`
measures a minute or two.  Whatever a finished game leaves behind (a dict
entry per session, a kept token, a picture, a timer) costs nothing in a
minute and everything in a month.  Here ``--games`` tables (bench.clicks.openloop's
mix, every seat human) play without pause: each player thinks ``--think``
seconds on average, a finished game is followed by a new one at the same
table, so sessions come and go by the hundred.  Every ``--period`` seconds
one line: clicks made, click -> shown p50 / p99, the bot's CPU per click,
the resident memory of the bot's process and of its worker processes
(pictures, AI searches), the database's bytes (file and write-ahead log),
the games finished so far, and the emulator's share of a core, its
collector's pause and its memory (the emulator and its players share the
bot's cores: when they grow, the bot's figures suffer).  Between periods the
emulator forgets messages untouched for ``--forget`` seconds and the pictures
they no longer show (``forget_older_than``; interactions stay for their
token's life); the requests it then answers 404 are counted and printed at
the end.  ``--trace`` adds where the clicks of three periods waited and the
bot's collector pauses; ``--objects`` what object types of the bot's process
grew.

Verdicts (the second half of the run against its first half, once the
caches had time to fill): the bot's memory, and its workers', may grow at
most 5 % over the second half; the p99 and CPU per click of the run's last
quarter (the median of its periods) stay within 1.5x of its first quarter's
(a structure that grows with games played would show as a slowing click; a
single slow minute is this machine's noise).  The database grows with the history
kept (``HISTORY_DAYS``), by design; its write-ahead log must not.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from bench.clicks import trace as click_trace
from bench.clicks.openloop import BOT_ENV, ROOT, measure, summary
from bench.clicks.tables import Run, Watch, play_table, seat_tables, tables_of
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.rest.openapi import get_spec

MEMORY_GROWTH = 0.05  # the second half may add at most this share to the resident memory
SLOWDOWN = 1.5  # the last quarter's p99 and CPU per click (medians) against the first quarter's
WAL_CAP = 64 * 2**20  # bytes: SQLite checkpoints its log at ~4 MB; a log this large means checkpoints stopped


def resident(pid: int) -> tuple[float, float]:
    """MB resident: the bot's own process, and all its worker processes together."""
    bot = psutil.Process(pid)
    workers = 0
    for child in bot.children(recursive=True):
        try:
            workers += child.memory_info().rss
        except psutil.Error:  # a worker that ended meanwhile
            continue
    return bot.memory_info().rss / 2**20, workers / 2**20


def database_bytes(path: Path) -> tuple[int, int]:
    """The database file's bytes and its write-ahead log's."""
    wal = path.with_name(path.name + "-wal")
    return (path.stat().st_size if path.exists() else 0), (wal.stat().st_size if wal.exists() else 0)


async def endure(args: argparse.Namespace) -> int:
    get_spec().validate_body = lambda op, body: []  # type: ignore[method-assign]  # as bench.clicks.openloop: CPU
    emu = DiscordEmulator(interaction_deadline=3.0)
    await emu.start()
    emu.record_timing = True
    guild = emu.create_guild("Bench", preferred_locale="en-US")
    watch = Watch(emu)
    run = Run(think=args.think)
    rng = random.Random(26)
    tables = seat_tables(emu, guild, tables_of(args.games), "e")
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="kado-endurance-", dir=ROOT) as tmp:
        db = Path(tmp) / "kado.sqlite3"
        env: dict[str, str | None] = {**BOT_ENV, "PICTURE_WORKERS": None, "AI_WORKERS": None}  # the defaults
        trace = Path(tmp) / "clicktrace.json"
        if args.trace:
            env.update(PYTHONPATH=str(ROOT / "bench" / "clicktrace"), KADO_CLICKTRACE_FILE=str(trace))
        counts = Path(tmp) / "objectcount.jsonl"
        if args.objects:
            env.update(PYTHONPATH=str(ROOT / "bench" / "objectcount"), KADO_OBJECTCOUNT_FILE=str(counts),
                       KADO_OBJECTCOUNT_EVERY=str(args.period))
        async with BotProcess(emu, db, extra_env=env) as bot:
            await bot.ready(timeout=60)
            assert bot.proc is not None
            pid = bot.proc.pid
            setup, ready = asyncio.Semaphore(20), asyncio.Barrier(len(tables) + 1)
            tasks = [asyncio.create_task(play_table(emu, watch, run, g, c, u, random.Random(rng.random()),
                                                    setup, ready, i)) for i, (g, c, u) in enumerate(tables)]
            await ready.wait()
            mix = collections.Counter(g for g, _, _ in tables)
            print(f"{len(tables)} tables ({', '.join(f'{g} {n}' for g, n in mix.items())}), all seats human, "
                  f"thinking {args.think:g} s: ~{len(tables) / args.think:.0f} clicks/s offered, for "
                  f"{args.minutes:g} minutes", flush=True)
            print(f"{'minute':>6} {'clicks/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'CPU ms':>7} {'bot MB':>7} "
                  f"{'workers MB':>10} {'db MB':>6} {'wal MB':>6} {'finished':>8} {'emulator':>8} {'its gc ms':>9} "
                  f"{'its MB':>7}",
                  flush=True)
            started = time.monotonic()
            missing: collections.Counter[str] = collections.Counter()
            while time.monotonic() - started < args.minutes * 60:
                # a request about something the emulator forgot answers 404 (a message the bot still edits): counted,
                # so a horizon too short for what the bot touches shows
                missing.update(f"{r.method} {r.operation or r.path}" for r in emu.requests if r.status == 404)
                emu.requests.clear()  # the emulator's record of every request: its heap, not the bot's, would grow
                # messages, pictures and interactions a minute past a token's life, gateway frames sent: the bot
                # can no longer touch them (a message it edits after that gets a 404, as a deleted one)
                emu.forget_older_than(args.forget if args.forget is not None else emu.interaction_token_ttl + 60)
                step = summary(await measure(run, emu, pid, args.think, len(tables), args.settle, args.period),
                               len(tables))
                for t in tasks:
                    if t.done():  # a table that failed: say why, rather than measure fewer tables
                        t.result()
                bot_mb, workers_mb = resident(pid)
                db_bytes, wal_bytes = database_bytes(db)
                row = {**step, "minute": (time.monotonic() - started) / 60, "bot_mb": bot_mb,
                       "workers_mb": workers_mb, "db": db_bytes, "wal": wal_bytes, "finished": run.finished,
                       "emulator_mb": psutil.Process().memory_info().rss / 2**20}
                rows.append(row)
                print(f"{row['minute']:6.1f} {row['rate']:8.1f} {row['p50']:7.1f} {row['p99']:7.1f} "
                      f"{row['cpu_ms']:7.2f} {bot_mb:7.1f} {workers_mb:10.1f} {db_bytes / 2**20:6.1f} "
                      f"{wal_bytes / 2**20:6.1f} {run.finished:8} {step['emulator']:8.0%} "
                      f"{step['collected'] * 1000:9.0f} {row['emulator_mb']:7.0f}", flush=True)
            run.stop = True
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if args.trace and len(rows) >= 3:  # the bot wrote its trace as it closed
            chosen = (rows[1], rows[len(rows) // 2], rows[-1])
            click_trace.report(trace, [(f"minute {r['minute']:.0f}", *r["span"]) for r in chosen])
        if args.objects:
            print_growth(counts)
    violations = list(emu.violations)
    await emu.stop()
    for violation in violations[:5]:
        print(f"  emulator violation: {violation}")
    print("requests answered 404 (the bot asked for something gone): "
          + (", ".join(f"{op} {n}" for op, n in missing.most_common(5)) if missing else "none"))
    return verdicts(rows, len(violations), traced=args.trace)


def print_growth(path: Path, top: int = 15) -> None:
    """The object types of the bot's process that grew most over the second half of the run (bench/objectcount)."""
    samples = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    if len(samples) < 3:
        print("(fewer than three object counts: run longer, or the bot wrote none)")
        return
    half, last = samples[len(samples) // 2 - 1]["counts"], samples[-1]["counts"]
    grown = sorted(((last.get(k, 0) - half.get(k, 0), k) for k in last), reverse=True)[:top]
    print(f"\nobjects in the bot's process: {sum(half.values()):,} at the half, {sum(last.values()):,} at the end; "
          "grown most: " + ", ".join(f"{name} {n:+,}" for n, name in grown if n > 0))


def verdicts(rows: list[dict[str, Any]], violations: int, *, traced: bool = False) -> int:
    """Print the run's verdicts; 1 if one is missed (or the run was too short to judge)."""
    if len(rows) < 4:
        print("too short to judge: at least four periods are needed (--minutes / --period)")
        return 1
    half = rows[len(rows) // 2 - 1]
    last = rows[-1]
    missed = False
    memories = (("the bot's process", "bot_mb"), ("its worker processes", "workers_mb"))
    if traced:  # the trace keeps every click's stamps in the bot until it closes: its memory grows by the click
        print("memory of the bot's process: not judged (--trace keeps every click's stamps in it)")
        memories = memories[1:]
    for label, key in memories:
        growth = (last[key] - half[key]) / max(half[key], 1.0)
        ok = growth <= MEMORY_GROWTH
        missed |= not ok
        print(f"memory of {label}: {half[key]:.1f} MB at minute {half['minute']:.0f}, {last[key]:.1f} MB at "
              f"minute {last['minute']:.0f} ({growth:+.1%}; target <= {MEMORY_GROWTH:+.0%}: "
              f"{'met' if ok else 'MISSED'})")
    quarter = max(1, (len(rows) - 1) // 4)  # rows[0] is the first period: caches empty, fonts loading
    early, late = rows[1 : 1 + quarter], rows[-quarter:]
    for label, key in (("click -> shown p99", "p99"), ("CPU per click", "cpu_ms")):
        # medians of a quarter of the run each: one slow minute is this machine's noise, a drift is not
        before, after = statistics.median(r[key] for r in early), statistics.median(r[key] for r in late)
        ratio = after / max(before, 1e-9)
        ok = ratio <= SLOWDOWN
        missed |= not ok
        print(f"{label}, the median of {quarter} period(s): {before:.2f} in minutes {early[0]['minute']:.0f}-"
              f"{early[-1]['minute']:.0f}, {after:.2f} in minutes {late[0]['minute']:.0f}-{late[-1]['minute']:.0f} "
              f"(x{ratio:.2f}; target <= x{SLOWDOWN:g}: {'met' if ok else 'MISSED'})")
    wal_ok = max(r["wal"] for r in rows) <= WAL_CAP
    missed |= not wal_ok
    print(f"write-ahead log at most {max(r['wal'] for r in rows) / 2**20:.1f} MB (target <= "
          f"{WAL_CAP / 2**20:.0f} MB: {'met' if wal_ok else 'MISSED'}); database {last['db'] / 2**20:.1f} MB "
          f"after {last['finished']} games finished; emulator violations {violations}")
    return 1 if missed or violations else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench.clicks.endurance", description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=20.0, help="how long to play (default 20)")
    parser.add_argument("--games", type=int, default=150, help="tables (default 150)")
    parser.add_argument("--think", type=float, default=4.0, help="mean seconds before a click (default 4)")
    parser.add_argument("--period", type=float, default=60.0, help="seconds a line covers (default 60)")
    parser.add_argument("--trace", action="store_true", help="stamp each click's stages in the bot "
                        "(bench/clicktrace), and its collector's pauses: printed for three periods at the end")
    parser.add_argument("--objects", action="store_true", help="count the bot's objects by type every period "
                        "(bench/objectcount; pauses the bot for the count) and print what grew")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds unmeasured before each period: the emulator's collection pauses it, and "
                        "what queued meanwhile is not the bot's latency (default 5)")
    parser.add_argument("--forget", type=float, default=None,
                        help="seconds after which the emulator forgets an untouched message, its pictures and an "
                        "interaction (default: a minute past a token's 15 minutes)")
    args = parser.parse_args(argv)
    if args.trace and args.objects:
        parser.error("--trace and --objects each load a sitecustomize into the bot: one at a time")
    if os.cpu_count() == 1:
        print("note: one CPU; the emulator and the bot share it", file=sys.stderr)
    return asyncio.run(endure(args))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
