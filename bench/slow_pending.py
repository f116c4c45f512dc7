"""10,000 slow games pending: restore time, memory, and how often the event loop wakes while they wait.

Run: ``.venv/bin/python -m bench.slow_pending [sessions] [--idle S]``   (default 10,000 sessions, 20 s idle)

Slow games (days per turn) pile up: a server's friends keep several games
going for a week.  What they may cost a bot while nobody moves:

1. **Build** (not timed, :func:`bench.store.restore.build`): ``sessions`` active
   games of the two-player games of the registry (each game's ``min_seats``;
   no game is named here), made through the public session flow with a
   week's turn time, so every session holds a deadline a week away.
2. **Restore** (bench.store.restore's child processes, unchanged): ``Store.open`` +
   ``SessionManager.restore()``, then the real ``KadoBot.setup_hook()``;
   target ≤ 2 s, and the RSS per session.
3. **Idle** (a child of its own): the sessions restored, the event loop left
   to run for ``--idle`` seconds while nothing is due, counting each time it
   wakes (each return of its selector's ``select``), the callbacks it runs,
   its CPU time, and the pending timers and the nearest one.  Timers due
   within :data:`SETTLE_WITHIN` (a rule's own window of seconds, such as a
   GETGEM Barrier question, which no turn time lengthens) run out first.  A timer design
   that woke per session (a poll, a tick per game) shows here as wake-ups
   growing with the sessions; ``loop.call_later`` keeps every deadline in one
   heap and sleeps until the nearest (asyncio caps one sleep at a day).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.store import restore

ROOT = Path(__file__).resolve().parents[1]
WEEK = 7 * 86400.0
PACES = ("relaxed", "correspondence")  # the slow paces, in turn: their windows and deadlines as players meet them
SETTLE_WITHIN = 120.0
"""Timers due this soon after the restore are rules' short windows, let run out before the counted wait."""


def slow_games() -> tuple[str, ...]:
    """The registry's games for two players (the tables friends keep going for days)."""
    from bot.core import games

    return tuple(g for g in games.available() if games.get(g).min_seats == 2)


async def idle(path: Path, seconds: float) -> dict[str, Any]:
    """Restore, then let the loop wait ``seconds`` with nothing due; what it did meanwhile."""
    from bot.core import games
    from bot.core.sessions import SessionManager
    from bot.core.store import Store

    games.available()
    before = restore._rss()
    store = await Store.open(path)
    manager = SessionManager(store, restore.NullPresenter(), ai_delay=1e9, turn_timeout=WEEK, pick_timeout=WEEK)
    restored = await manager.restore()
    after = restore._rss()
    loop = asyncio.get_running_loop()
    selector = loop._selector  # type: ignore[attr-defined]  # the one object every wake-up goes through
    select = selector.select
    wakes: list[float | None] = []

    def counted(timeout: float | None = None) -> Any:
        wakes.append(timeout)
        return select(timeout)

    def pending() -> list[asyncio.TimerHandle]:
        return [*manager.clock_.timers.values(), *manager.clock_.reminders.values()]

    # A rule's own short window (a Barrier question: seconds, until a pace scales it) runs out first:
    # let those expire (each then waits a week for its turn) before the counted wait.
    now = loop.time()
    short = [h.when() for h in pending() if h.when() - now < SETTLE_WITHIN]
    if short:
        await asyncio.sleep(max(short) - now + 1)
    now = loop.time()
    nearest = min((h.when() for h in pending()), default=now) - now
    within_day = sum(h.when() - now < 86400 for h in pending())
    selector.select = counted
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    selector.select = select
    out = {
        "restored": restored,
        "rss_before": before,
        "rss_after": after,
        "timers": len(manager.clock_.timers),
        "reminders": len(manager.clock_.reminders),
        "scheduled": len(loop._scheduled),  # type: ignore[attr-defined]
        "nearest_s": nearest,
        "short_windows": len(short),
        "within_day": within_day,
        "wakeups": len(wakes) - 1,  # the last select is the one that ended the sleep
        "seconds": wall,
        "cpu": cpu,
    }
    await manager.close()
    await store.close()
    return out


def measure_idle(path: Path, seconds: float) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.slow_pending", "--child", str(path), "--idle", str(seconds)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sessions", nargs="?", type=int, default=10_000)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds the restored loop waits, counted")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(asyncio.run(idle(args.child, args.idle))))
        return
    keep = os.environ.get("KADO_BENCH_SLOW_DB")  # reuse (or keep) a built database between runs
    with tempfile.TemporaryDirectory(prefix="kado-slow-", dir=ROOT) as tmp:
        path = Path(keep) if keep else Path(tmp) / "kado.sqlite3"
        if not path.exists():
            game_ids = slow_games()
            start = time.perf_counter()
            built = asyncio.run(
                restore.build(path, args.sessions, PACES, game_ids=game_ids, turn_timeout=WEEK)
            )
            print(f"built {sum(built[g] for g in game_ids):,} slow sessions "
                  f"({', '.join(f'{g} {built[g]:,}' for g in game_ids)}; a week per turn) in "
                  f"{time.perf_counter() - start:.0f} s; database {path.stat().st_size / 2**20:.1f} MiB")
        restore.report("SessionManager.restore", restore.measure("manager", path))
        restore.report("KadoBot.setup_hook", restore.measure("kadobot", path))
        idle_copy = Path(tmp) / "idle.sqlite3"  # the idle child plays the short windows' timeouts: not in a kept db
        shutil.copyfile(path, idle_copy)
        m = measure_idle(idle_copy, args.idle)
        per = (m["rss_after"] - m["rss_before"]) / max(1, m["restored"]) / 1024
        print(f"{m['short_windows']} short rule windows (and their reminders) ran out first; then "
              f"idle {m['seconds']:.0f} s with {m['restored']:,} slow sessions pending: "
              f"{m['wakeups']} loop wake-ups ({m['wakeups'] / m['seconds']:.2f}/s), CPU {m['cpu'] * 1000:.0f} ms; "
              f"{m['timers']:,} deadline and {m['reminders']:,} reminder timers armed "
              f"({m['scheduled']:,} in the loop's heap), {m['within_day']:,} due within a day, the nearest in "
              f"{m['nearest_s']:.0f} s; "
              f"RSS {per:.1f} KB/session")


if __name__ == "__main__":
    main()
