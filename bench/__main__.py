"""Engines, store, clicks, pictures, requests, open loop, AI load, the table; one sitting.

Run: ``.venv/bin/python -m bench``   (twenty minutes and more; nothing else should run meanwhile)

Why one command: the targets are judged on figures "measured in one run",
and this 2-core machine's speed drifts within the hour (docs/performance.md),
so the scripts are run back to back, in the order of the figures table,
each in its own process (a benchmark must not inherit the previous one's
heap).  Their full output streams through as it comes; at the end the lines
that carry a target are repeated, with the start and end time of the sitting.
Exit status 1 if any target was missed, 2 if a script failed.
"""

from __future__ import annotations

import subprocess
import sys
import time

SCRIPTS: tuple[tuple[str, ...], ...] = (
    ("bench.engines",),
    ("bench.store.persistence",),
    ("bench.store.restore",),
    ("bench.slow_pending",),  # 10k week-long games pending: restore, memory, the loop's wake-ups
    ("bench.clicks.latency", "--profile"),
    ("bench.pictures",),  # drawing time and PNG weight of the game pictures
    ("bench.screens.phone_text",),  # the smallest text of each game's pictures on a phone, and clipped texts
    ("bench.requests",),  # bot-token requests per move, the ceiling at Discord's 50 requests/s
    ("bench.ai.load",),  # human clicks while 20 tables of strong AIs think (thread vs process pool)
    ("bench.clicks.openloop",),  # click -> shown at 500 games' realistic load, CPU per click, the highest rate
    # the same with Discord's round trip (100 ms) at 44 clicks/s, below this machine's CPU ceiling: what the
    # bot's pattern of requests costs a player (a request in a row is a round trip more)
    ("bench.clicks.openloop", "--rtt", "100", "--think", "11.4", "--warmup", "30", "--steps", "1"),
    ("bench.ai.fair",),  # AI answers and humans in AI channels beside 100 human games' steady clicks
    ("bench.ai.paused",),  # strong searches' rollouts and answer times with back-to-back clicks
    ("bench.ai.review",),  # post-game reviews: CPU and wall time of a full game's review, per game and size
    ("bench.ai.review", "--clicks"),  # post-game reviews: click answers with 10 reviews running and without
    ("bench.requests_busy",),  # bot-token requests per move idle and beside the open loop's load
    ("bench.screens.board_view",),  # Kado's messages below the board, and lasting messages per game
    ("bench.screens.flow",),  # decisions with everything they depend on shown where they are made; My hand presses
)
# the lines repeated at the end of the sitting
VERDICT_KEYS = ("target", "per click", "requests per move", "highest click rate", "a DM click ->")


def run_one(args: tuple[str, ...]) -> tuple[int, list[str]]:
    """Run one benchmark, echo its output line by line, return its exit code and the lines."""
    print(f"== {' '.join(args)}", flush=True)
    lines: list[str] = []
    with subprocess.Popen(
        [sys.executable, "-m", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            lines.append(line.rstrip("\n"))
    return proc.returncode, lines


def main() -> int:
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    verdicts: list[str] = []
    failed: list[str] = []
    for args in SCRIPTS:
        code, lines = run_one(args)
        if code != 0:
            failed.append(f"{args[0]} exited with {code}")
        verdicts += [f"{args[0]:<20} {line.strip()}" for line in lines if any(key in line for key in VERDICT_KEYS)]
    ended = time.strftime("%H:%M:%S UTC", time.gmtime())
    print(f"\n== verdicts of the sitting {started} – {ended}")
    for line in verdicts:
        print(line)
    for line in failed:
        print(f"FAILED: {line}")
    if failed:
        return 2
    return 1 if any("MISSED" in line for line in verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())
