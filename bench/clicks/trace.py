"""Where a click waits: the stages of :mod:`bench.clicktrace`'s stamps, per measured step
(``bench.clicks.openloop --trace``).

The trace told which wait to cut first (docs/performance-journal.md, "Where a click
waits, and the picture's trip"): a table of percentiles per stage, then the
slowest clicks stage by stage, so a tail can be read as "behind its channel's
previous click" or "behind other pictures".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
    traced = json.loads(path.read_text())
    clicks, holds = traced["clicks"], traced["holds"]
    for label, start, end in windows:
        chosen = [c for c in clicks if start <= c["t0"] <= end]
        print(f"\n== where a click waits, {label}: {len(chosen)} move clicks (ms)")
        print(f"  {'stage':<44} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>7}")
        for name, first, last in STAGES:
            spans = [(c[last] - c[first]) * 1000 for c in chosen if first in c and last in c]
            if spans:
                print(f"  {name:<44} {_percentile(spans, .5):7.1f} {_percentile(spans, .9):7.1f} "
                      f"{_percentile(spans, .99):7.1f} {max(spans):7.1f}")
        edited = sorted((c for c in chosen if "edit1" in c), key=lambda c: c["edit1"] - c["t0"])
        _blame(edited)
        _long_turns([h for h in holds if start <= h["to"] and h["from"] <= end], traced.get("meanwhile", {}))
        _pauses([p for p in traced.get("pauses", []) if start <= p[0] <= end], end - start)
        for c in reversed(edited[-slowest:]):
            marks = sorted(c.items(), key=lambda kv: kv[1])
            print("  slow: " + "  ".join(f"{k} {(v - c['t0']) * 1000:.0f}" for k, v in marks))


PARTS = STAGES[1:5]  # the waits a move click's first edit is made of, one after another


def _blame(clicks: list[dict[str, float]]) -> None:
    """For the slowest 1 % of ``clicks`` (sorted by their first edit answered): which wait ran longest past its
    median (a round trip to Discord is in every edit's median, so it is not what a slow click is blamed on)."""
    medians = {
        name: _percentile([c[last] - c[first] for c in clicks if first in c and last in c], 0.5)
        for name, first, last in PARTS
        if any(first in c and last in c for c in clicks)
    }
    tail = clicks[-max(1, len(clicks) // 100) :]
    counts: dict[str, int] = {}
    for c in tail:
        excess = {
            name: c[last] - c[first] - medians[name]
            for name, first, last in PARTS
            if name in medians and first in c and last in c
        }
        if excess:
            worst = max(excess, key=excess.__getitem__)
            counts[worst] = counts.get(worst, 0) + 1
    print(
        f"  the slowest 1 % ({len(tail)}), by the wait longest past its median: "
        + ", ".join(f"{name} {n}" for name, n in sorted(counts.items(), key=lambda kv: -kv[1]))
    )


def _long_turns(holds: list[dict[str, Any]], meanwhile: dict[str, int]) -> None:
    """Channel turns held over 0.5 s (bench/clicktrace), by what held them, and what tasks awaited meanwhile."""
    if not holds:
        return
    kinds: dict[str, list[float]] = {}
    for h in holds:
        kind = h["task"] + (" (a click)" if h["click"] else "") + f" [{h['awaiting']}]"
        kinds.setdefault(kind, []).append(h["to"] - h["from"])
    print("  channel turns held over 0.5 s, by what held them: " + ", ".join(
        f"{k} {len(v)} (longest {max(v):.1f} s)" for k, v in sorted(kinds.items(), key=lambda kv: -len(kv[1]))))
    top = sorted(meanwhile.items(), key=lambda kv: -kv[1])[:6]
    print("  meanwhile, tasks were awaiting (samples): " + "; ".join(f"{n} x [{chain}]" for chain, n in top))


def _pauses(pauses: list[list[float]], seconds: float) -> None:
    """The bot's garbage-collector pauses of 5 ms or more in a window (each stops every click in the process)."""
    if not pauses:
        print("  the bot's collector: no pause of 5 ms or more")
        return
    by_generation: dict[int, list[float]] = {}
    for _began, took, generation in pauses:
        by_generation.setdefault(int(generation), []).append(took * 1000)
    print(f"  the bot's collector, pauses of 5 ms or more in {seconds:.0f} s: " + ", ".join(
        f"generation {g}: {len(v)}, longest {max(v):.0f} ms, {sum(v):.0f} ms in all"
        for g, v in sorted(by_generation.items())))
