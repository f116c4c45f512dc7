"""The strong AI's strain in a benchmark: its moves by outcome and its rollouts, read from the bot's metrics.

The bot counts every strong move by how it was answered (``bot.core.ai.strain``:
full, shortened, queued, late, thread) and the rollouts its searches ran; a
benchmark turns on ``METRICS_PORT`` and reads both at the start and the end
of its window (``bench.ai.fair``).
"""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.request
from collections import Counter

DEGRADED = ("shortened", "queued", "late")
_LINE = re.compile(r'^kado_ai_strong_moves_total\{outcome="(\w+)"\} ([0-9.e+]+)$|^kado_ai_rollouts_total ([0-9.e+]+)$')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _read(port: int) -> tuple[Counter[str], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    moves: Counter[str] = Counter()
    rollouts = 0.0
    for line in text.splitlines():
        m = _LINE.match(line)
        if m and m.group(1):
            moves[m.group(1)] = int(float(m.group(2)))
        elif m:
            rollouts = float(m.group(3))
    return moves, rollouts


async def read(port: int) -> tuple[Counter[str], float]:
    """(strong moves by outcome, rollouts) so far, from the bot's metrics endpoint."""
    return await asyncio.to_thread(_read, port)


def since(before: tuple[Counter[str], float], after: tuple[Counter[str], float]) -> tuple[Counter[str], float]:
    """What happened between two readings."""
    moves = Counter({k: after[0][k] - before[0].get(k, 0) for k in after[0]})
    return +moves, after[1] - before[1]


def summary(moves: Counter[str], rollouts: float, idle_per_move: float | None) -> str:
    """One line: the degraded share, each outcome, rollouts per strong move and their share of an idle run's."""
    total = sum(moves.values())
    if not total:
        return "strong moves: none counted (is prometheus-client installed?)"
    degraded = sum(moves[k] for k in DEGRADED)
    per_move = rollouts / total
    kept = ""
    if idle_per_move:
        kept = f"; rollouts kept {per_move / idle_per_move:.0%} of idle ({idle_per_move:.0f} a move)"
    told = ", ".join(f"{k} {moves[k]}" for k in ("full", *DEGRADED, "thread") if moves[k])
    return (f"strong moves ({total}): degraded {degraded / total:.0%} ({told}); "
            f"{per_move:.0f} rollouts a move{kept}")
