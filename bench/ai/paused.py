"""Strong searches in the real AI worker pool while back-to-back clicks hold the gate.

Run: ``.venv/bin/python -m bench.ai.paused [--searches 16] [--hold-ms 10] [--every-ms 12]``

Why: the AI workers' searches pause while a player's click is handled
(``bot/core/ai/gate.py``).  Until 28 Nov the pauses came out of the search's
0.9 s, so back-to-back clicks left it a fraction of its rollouts
(60 %).  Now paused time does not count as think time, up to one think time
(``bot.core.ai.pool.EXTEND``), and the search still ends before its answer is
due.  This measures both sides of that trade, in the pool the bot runs
(``AI_WORKERS``' default, ``SCHED_IDLE``, the gate installed at the worker's
start):

* **rollouts per search**, idle and with clicks (target: with clicks ≥ 90 %
  of idle);
* the worker's **CPU time** per search: it runs at ``SCHED_IDLE``, so on a
  machine others load it gets what they leave, and that (not the gate) is
  most of the spread between two runs;
* **search time** (the job's time in the worker) and **answer time** (asked to
  answered, in the bot's process), against the stated bound: at most twice
  the think time (1.8 s), and before the AI's answer is due (the default
  ``KADO_AI_DELAY`` of 1 s plus the think time, less ``pool.MARGIN``).

The clicks' stand-in is the bot's own: :meth:`bot.core.ai.gate.ClickGate.held`
on the event loop for ``--hold-ms`` out of every ``--every-ms`` (it sleeps:
what is measured is the gate, not a click's CPU).  Each search is a
position of a seeded game with a real choice, every game in turn, asked as
``bot.core.sessions.parts.ai_seats`` asks (``due`` = now + ai_delay + think time);
the job mirrors ``bot.core.ai.worker.think`` but returns the search's report.

Before/after: run it in a worktree of the commit before the change
(``git worktree add /tmp/kado-before fceede0~1``, copy this file in, run it
from there with this venv's python); it reads what that tree's pool offers.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import time
from typing import Any

from bot.core import ai, games
from bot.core.ai import pool as pool_module
from bot.core.ai import worker
from bot.core.ai.pool import ThinkPool
from bot.core.config import default_ai_workers
from tests.ai.helpers import TABLES, available, positions, spec

AI_DELAY = 1.0  # KADO_AI_DELAY's default: the visible pause before the think time
EXTEND = getattr(pool_module, "EXTEND", 0.0)  # the tree's (none before 28 Nov)


def think_in_worker(payload: str) -> tuple[int, float, float]:
    """In the worker: :func:`bot.core.ai.worker.think`'s search, answering its rollouts, its time and CPU time."""
    started, cpu = time.monotonic(), time.process_time()
    job: dict[str, Any] = json.loads(payload)
    extend = [job["extend"]] if "extend" in job else []
    budget = worker.budget_for(job["seconds"], job["max_sims"], job["deadline"], *extend)
    report = ai.think(games.get(job["game"]), job["view"], job["seat"], job["legal"], job["seed"], budget)
    return report.sims, time.monotonic() - started, time.process_time() - cpu


def jobs(count: int) -> list[tuple[str, Any, int]]:
    """``count`` positions with a real choice, the games in turn (spread over seeded games)."""
    found = []
    for game in available():
        seats = TABLES[game][-1]
        picks = itertools.islice(positions(game, seats, [11, 12, 13], 2), 30)
        found.append([(game, state, seat) for state, seat in picks])
    return [found[i % len(found)][(2 + 3 * (i // len(found))) % len(found[i % len(found)])] for i in range(count)]


async def ask(p: ThinkPool, game: str, state: Any, seat: int, seed: int) -> dict[str, float]:
    """One search as the AI seat asks it: due after the visible pause and the think time."""
    s = spec(game)
    budget = ai.DEFAULT_BUDGET
    assert budget.seconds is not None
    if EXTEND:
        budget = ai.Budget(budget.seconds, budget.max_sims, extend=EXTEND * budget.seconds)
    asked = time.monotonic()
    due = asked + AI_DELAY + budget.seconds
    job = worker.encode(s.id, s.rules.view(state, seat), seat, s.rules.legal(state, seat), "strong", seed, budget,
                        due - pool_module.MARGIN)
    answer = asyncio.ensure_future(p.run(think_in_worker, job))
    done, _ = await asyncio.wait([answer], timeout=due - time.monotonic())
    if not done:  # the bot would answer with the normal heuristic now, with a warning (bot.core.ai.pool)
        print(f"  {game}: not answered when due", flush=True)
    sims, searched, cpu = await answer
    answered = time.monotonic() - asked
    late = float(asked + answered > due)
    return {"sims": sims, "searched": searched, "cpu": cpu, "answered": answered, "late": late}


async def clicks(p: ThinkPool, hold: float, every: float, closed: list[float]) -> None:
    """Back-to-back clicks: the gate held ``hold`` s out of every ``every`` s (the measured share in ``closed``)."""
    assert p.gate is not None
    began = time.monotonic()
    held = 0.0
    try:
        while True:
            start = time.monotonic()
            with p.gate.held():
                await asyncio.sleep(hold)
            held += time.monotonic() - start
            await asyncio.sleep(max(0.0, every - (time.monotonic() - start)))
    finally:
        closed.append(held / max(1e-9, time.monotonic() - began))


async def run(p: ThinkPool, picked: list[tuple[str, Any, int]], hold: float, every: float) -> dict[str, Any]:
    """Each position searched idle and with clicks, in the order idle-busy-busy-idle (the machine's drift cancels)."""
    idle: list[dict[str, float]] = []
    busy: list[dict[str, float]] = []
    closed: list[float] = []
    for i, (game, state, seat) in enumerate(picked):
        for clicking in (False, True) if i % 2 == 0 else (True, False):
            task = asyncio.create_task(clicks(p, hold, every, closed)) if clicking else None
            (busy if clicking else idle).append(await ask(p, game, state, seat, 100 + i))
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
    return {"idle": {"rows": idle, "closed": 0.0}, "busy": {"rows": busy, "closed": statistics.mean(closed)}}


def summary(label: str, result: dict[str, Any]) -> str:
    rows = result["rows"]
    sims = [r["sims"] for r in rows]
    searched = [r["searched"] for r in rows]
    answered = [r["answered"] for r in rows]
    cpu = statistics.mean(r["cpu"] for r in rows)
    per_cpu = sum(sims) / sum(r["cpu"] for r in rows)
    late = sum(int(r["late"]) for r in rows)
    return (f"{label:<16} gate shut {result['closed']:4.0%}  rollouts/search mean {statistics.mean(sims):5.0f} "
            f"(min {min(sims)})  worker CPU s {cpu:.2f} ({per_cpu:.0f} rollouts/CPU s)  "
            f"search s mean {statistics.mean(searched):.2f} max {max(searched):.2f}  "
            f"answered s max {max(answered):.2f}  not answered when due {late}/{len(rows)}")


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--searches", type=int, default=16, help="searches per phase (the games in turn)")
    parser.add_argument("--hold-ms", type=float, default=10.0, help="how long each click holds the gate")
    parser.add_argument("--every-ms", type=float, default=12.0, help="one click every this long")
    parser.add_argument("--workers", type=int, default=default_ai_workers())
    parser.add_argument("--rows", action="store_true", help="print every search's figures")
    args = parser.parse_args()
    picked = jobs(args.searches)
    p = ThinkPool(args.workers)
    p.start()
    await asyncio.gather(*(asyncio.wrap_future(f) for f in p.warming))
    think = ai.DEFAULT_BUDGET.seconds or 0.0
    slack = getattr(worker, "SLACK", 0.0)
    bound = min((1 + EXTEND) * think, AI_DELAY + think - pool_module.MARGIN - slack) if EXTEND else think
    print(f"AI pool of {args.workers} worker(s); budget {think} s / {ai.DEFAULT_BUDGET.max_sims} rollouts; "
          f"extension {EXTEND:g} think time(s): a search's bound {bound:.2f} s; answer due {AI_DELAY + think:.2f} s")
    try:
        both = await run(p, picked, args.hold_ms / 1000, args.every_ms / 1000)
    finally:
        await p.close()
    idle, busy = both["idle"], both["busy"]
    if args.rows:
        for (game, _, _), i, b in zip(picked, idle["rows"], busy["rows"], strict=True):
            print(f"  {game:<10} idle {i['sims']:5.0f} rollouts {i['cpu']:.2f} CPU s {i['searched']:.2f} s   "
                  f"clicks {b['sims']:5.0f} rollouts {b['cpu']:.2f} CPU s {b['searched']:.2f} s")
    print(summary("idle", idle))
    print(summary(f"clicks {args.hold_ms:g}/{args.every_ms:g} ms", busy))
    kept = [b["sims"] / i["sims"] for b, i in zip(busy["rows"], idle["rows"], strict=True)]
    share = sum(r["sims"] for r in busy["rows"]) / sum(r["sims"] for r in idle["rows"])
    worst = max(r["searched"] for r in busy["rows"])
    late = sum(int(r["late"]) for r in busy["rows"] + idle["rows"])
    print(f"rollouts kept with clicks: {share:.0%} of idle's in all; per search (same position and seed idle and "
          f"busy) median {statistics.median(kept):.0%}, lowest {min(kept):.0%}")
    ok = share >= 0.9 and worst <= bound + 0.1 and late == 0
    print(f"target (with clicks ≥ 90 % of idle rollouts, search ≤ {bound:.2f} s + 0.1, no answer late): "
          f"{'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
