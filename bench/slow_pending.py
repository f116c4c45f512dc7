"""10,000 slow games waiting days for their players: restore time, memory and event-loop wake-ups.

Run: ``.venv/bin/python -m bench.slow_pending [sessions] [--idle SECONDS]``   (default 10,000 and 5 s)

Why: a correspondence game waits days with two timers armed (its deadline
and its half-time reminder, :mod:`bot.core.sessions.clock`).  10,000 of them
must restore within the start-up budget (2 s, as ``bench.restore``), cost
little memory, and leave the event loop asleep: asyncio keeps a timer in a
heap and wakes only for the earliest, so an idle bot with 20,000 timers
pending days ahead should wake (almost) never.

1. **Build** (not timed): ``bench.restore.build`` with every game relaxed or
   correspondence (half each), through the public session flow.
2. **Measure**, in a fresh subprocess: ``Store.open`` + ``SessionManager.restore()``
   (time, RSS per session, timers armed, the earliest deadline from now),
   then ``--idle`` seconds of an idle loop: how many times it woke
   (``_run_once`` calls).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.restore import ROOT, TARGET_KB, TARGET_SECONDS, NullPresenter, _rss, build

PACES = ("correspondence", "relaxed")


async def child(path: Path, idle: float) -> dict[str, Any]:
    from bot.core import games
    from bot.core.sessions import SessionManager
    from bot.core.store import Store

    games.available()
    before = _rss()
    start = time.perf_counter()
    store = await Store.open(path)
    manager = SessionManager(store, NullPresenter(), ai_delay=1e9)
    restored = await manager.restore()
    elapsed = time.perf_counter() - start
    after = _rss()
    now = time.time()
    deadlines = [r.deadline for r in manager.live() if r.deadline is not None]
    loop = asyncio.get_running_loop()
    wakes = 0
    run_once = loop._run_once  # type: ignore[attr-defined]

    def counted() -> None:
        nonlocal wakes
        wakes += 1
        run_once()

    loop._run_once = counted  # type: ignore[attr-defined]
    await asyncio.sleep(idle)
    loop._run_once = run_once  # type: ignore[attr-defined]
    out = {
        "restored": restored, "seconds": elapsed, "rss_before": before, "rss_after": after,
        "timers": len(manager._timers) + len(manager._reminders),
        "earliest_h": (min(deadlines) - now) / 3600 if deadlines else None,
        "idle": idle, "wakes": wakes - 1,  # the sleep's own wake-up at its end
    }
    await manager.close()
    await store.close()
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(asyncio.run(child(Path(sys.argv[2]), float(sys.argv[3])))))
        return
    count = int(args[0]) if args else 10_000
    idle = float(sys.argv[sys.argv.index("--idle") + 1]) if "--idle" in sys.argv else 5.0
    with tempfile.TemporaryDirectory(prefix="kado-slow-", dir=ROOT) as tmp:
        path = Path(tmp) / "kado.sqlite3"
        started = time.perf_counter()
        built = asyncio.run(build(path, count, PACES))
        print(f"built {count:,} slow sessions ({built['moves']:,} moves) in {time.perf_counter() - started:.0f} s")
        proc = subprocess.run([sys.executable, "-m", "bench.slow_pending", "--child", str(path), str(idle)],
                              cwd=ROOT, capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        m = json.loads(proc.stdout.strip().splitlines()[-1])
    per = (m["rss_after"] - m["rss_before"]) / max(1, m["restored"]) / 1024
    print(f"restored {m['restored']:,} slow sessions in {m['seconds']:.2f} s "
          f"(target ≤ {TARGET_SECONDS:g} s: {'met' if m['seconds'] <= TARGET_SECONDS else 'MISSED'}); "
          f"{per:.1f} KB/session (target ≤ {TARGET_KB:g} KB); {m['timers']:,} timers armed, "
          f"the earliest {m['earliest_h']:.1f} h away; idle {m['idle']:g} s: {m['wakes']} event-loop wake-ups")


if __name__ == "__main__":
    main()
