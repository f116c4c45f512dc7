"""Post-game reviews: what one costs, and that clicks do not feel them.

``.venv/bin/python -m bench.ai.review [--games N] [--worlds W] [--seconds S]`` — **cost**: for each game and
table size the registry declares (``bot.gamefacts``), one seeded game of normal AIs, then seat 0's
decisions reviewed in this process at the bot's per-decision effort (``bot.core.review.score.Effort``:
64 worlds, 0.5 CPU-s at most), as an AI worker would: CPU seconds and wall time of the whole review.

``.venv/bin/python -m bench.ai.review --clicks [--tables 20] [--window 40] [--rounds 2]`` — **clicks unaffected**: the
real bot process against the emulator (as ``bench.ai.load``: human PORTAS games clicking after
exponential pauses), once without reviews and once with 10 reviews of long games (Eminit, 3 seats)
asked for before the start (pending, so the bot resumes them at once through its AI pool): click
answered p50/p99 in the same window, and how many review decisions were scored meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.ai.load import Boards, Figures, ms, play_humans
from bench.clicks.play import AS_DEPLOYED, bench_emulator, percentile, two_player_tables
from bot import gamefacts
from bot.core.review import decisions
from bot.core.review.score import Effort
from bot.core.store import Store
from tests.emulator import BotProcess
from tests.review.games import play, review, store_finished

ROOT = Path(__file__).resolve().parents[2]
REVIEWS = 10


def cost(args: argparse.Namespace) -> None:
    effort = Effort(worlds=args.worlds, seconds=args.seconds or None)
    print(f"effort per decision: {effort.worlds} worlds, {effort.seconds} CPU-s at most; {args.games} game(s) each")
    print("game       seats  decisions  CPU s  wall s  CPU s/decision  labels")
    for facts in gamefacts.found():
        for seats in range(facts.min_seats, facts.max_seats + 1):
            for seed in range(args.games):
                log = play(facts.id, ["normal"] * seats, seed)
                cpu, wall = time.process_time(), time.perf_counter()
                done = review(facts.id, seats, seed, log, 0, effort)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                n = len(done["decisions"])
                print(f"{facts.id:<10} {seats:>5}  {n:>9}  {cpu:>5.1f}  {wall:>6.1f}  {cpu / max(n, 1):>14.2f}  "
                      f"{decisions.counts(done)}", flush=True)


async def clicks_once(args: argparse.Namespace, reviews: int) -> dict[str, Any]:
    emu = await bench_emulator()
    guild = emu.create_guild("Bench", preferred_locale="en-US")
    tables = two_player_tables(emu, guild, args.tables, "humans")
    boards, figures = Boards(emu), Figures()
    boards.figures = figures
    stop, ready = asyncio.Event(), asyncio.Event()
    rng = random.Random(7)
    out: dict[str, Any] = {"reviews": reviews}
    with tempfile.TemporaryDirectory(prefix="kado-review-", dir=ROOT) as tmp:
        db = Path(tmp) / "kado.sqlite3"
        store = await Store.open(db)
        for seed in range(reviews):  # long games, asked for before the start: resumed at once
            sid = await store_finished(store, "eminit", ["normal"] * 3, seed)
            await store.request_review(sid, 0)
        await store.close()
        env: dict[str, str | None] = {"LOG_LEVEL": "WARNING", "AI_WORKERS": None, **AS_DEPLOYED}
        async with BotProcess(emu, db, extra_env=env) as bot:
            await bot.ready(timeout=120)
            setup = asyncio.Semaphore(10)
            tasks = [asyncio.create_task(play_humans(emu, boards, c, p, figures, stop, rng, args.mean_click, setup,
                                                     ready)) for c, p in tables]
            while figures.started < len(tables):
                await asyncio.sleep(0.2)
            ready.set()
            await asyncio.sleep(args.warmup)
            figures.measuring = True
            await asyncio.sleep(args.window)
            figures.measuring = False
            stop.set()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            out["errors"] = [ln for ln in bot.log_text().splitlines() if "Traceback" in ln or "ERROR" in ln][:5]
        store = await Store.open(db)
        out["done"] = sum([(await store.review(sid, 0) or ("",))[0] == "done" for sid in range(1, reviews + 1)])
        out["pending"] = len(await store.pending_reviews())
        await store.close()
    await emu.stop()
    out["acks"] = ms(figures.acks)
    return out


def clicks(args: argparse.Namespace) -> None:
    print(f"{args.tables} human PORTAS games, a click every {args.mean_click:g} s per game on average; "
          f"window {args.window:g} s after {args.warmup:g} s")
    for reviews in (0, REVIEWS) * args.rounds:  # alternated: a shared machine's load drifts between runs
        r = asyncio.run(clicks_once(args, reviews))
        acks = r["acks"]
        print(f"{reviews:>2} reviews asked for: click answered ({len(acks)}) p50 {statistics.median(acks):.1f} / "
              f"p99 {percentile(acks, 99):.1f} ms; reviews done {r['done']}, still pending {r['pending']}", flush=True)
        for e in r["errors"]:
            print(f"  bot log: {e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="cost: games per game and size")
    parser.add_argument("--worlds", type=int, default=Effort.worlds)
    parser.add_argument("--seconds", type=float, default=Effort.seconds)
    parser.add_argument("--clicks", action="store_true", help="measure click answers with and without reviews")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--mean-click", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--window", type=float, default=40.0)
    parser.add_argument("--rounds", type=int, default=2, help="clicks: runs without and with reviews, alternated")
    args = parser.parse_args()
    clicks(args) if args.clicks else cost(args)


if __name__ == "__main__":
    main()
