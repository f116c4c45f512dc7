"""Where a click waits: the stages of :mod:`bench.clicktrace`'s stamps, per measured step (``bench.openloop --trace``).

The trace told which wait to cut first (docs/performance.md, "Where a click
waits, and the picture's trip"): a table of percentiles per stage, then the
slowest clicks stage by stage, so a tail can be read as "behind its channel's
previous click" or "behind other pictures".
"""

from __future__ import annotations

import json
from pathlib import Path

STAGES = (
    ("handler entered -> the click answered", "t0", "ack1"),
    ("the channel's turn (a slot, then its lock)", "lock0", "lock1"),
    ("the commit", "commit0", "commit1"),
    ("the picture, after the commit", "pic0", "pic1"),
    ("the first edit (the board, or the DM)", "edit0", "edit1"),
    ("handler entered -> first edit answered", "t0", "edit1"),
    ("handler entered -> handler left", "t0", "end"),
)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def report(path: Path, windows: list[tuple[str, float, float]], slowest: int = 3) -> None:
    """Print, for each ``(label, start, end)`` window (monotonic seconds), the stages of the clicks begun in it."""
    if not path.exists():
        print(f"\n(no click trace at {path}: did the bot close cleanly?)")
        return
    clicks = json.loads(path.read_text())
    for label, start, end in windows:
        chosen = [c for c in clicks if start <= c["t0"] <= end]
        print(f"\n== where a click waits, {label}: {len(chosen)} move clicks (ms)")
        print(f"  {'stage':<44} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>7}")
        for name, first, last in STAGES:
            spans = [(c[last] - c[first]) * 1000 for c in chosen if first in c and last in c]
            if spans:
                print(f"  {name:<44} {_percentile(spans, .5):7.1f} {_percentile(spans, .9):7.1f} "
                      f"{_percentile(spans, .99):7.1f} {max(spans):7.1f}")
        edited = sorted((c for c in chosen if "edit1" in c), key=lambda c: c["edit1"] - c["t0"])[-slowest:]
        for c in reversed(edited):
            marks = sorted(c.items(), key=lambda kv: kv[1])
            print("  slow: " + "  ".join(f"{k} {(v - c['t0']) * 1000:.0f}" for k, v in marks))
