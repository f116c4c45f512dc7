"""How strong are the AI levels?  Win rates over many seeded games, with 95 % Wilson intervals.

Run (all games, 1,000 games per match-up, 2 worker processes)::

    .venv/bin/python -m bench.ai.strength --games 1000 --sims 100
    .venv/bin/python -m bench.ai.strength --game portas --games 1000 --budget-ms 100
    .venv/bin/python -m bench.ai.strength --game getgem --table strong,normal --rollout random

Match-ups (``--table`` replaces them with one table of your choice):

* 2-player games play head to head (strong-easy, strong-normal, normal-easy),
  seats alternating, so each level moves first equally often;
* multi-player tables hold all three levels and rotate seats: game ``i``
  shifts the seating by ``i mod n``, so every level sits in every seat
  equally often (use a multiple of ``n`` games).

The strong AI's think budget is ``--sims`` rollouts per move (deterministic:
the same command prints the same figures on any machine) or ``--budget-ms``
of wall clock per move (what the bot does; results then depend on the
machine and its load).  Both can be given; the first one reached stops the
search.  A win is being among the winners (a shared Promotion King counts
for each sharer); draws are counted apart.  For a level with several seats at
one table the win rate is per seat.  Figures, the command and the rollout
policy used per game are recorded in docs/ai.md.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tests import gamekit

MATCHUPS: dict[str, list[tuple[str, ...]]] = {e.game: list(e.ai_strength_matchups) for e in gamekit.every()}
"""Default tables per game (its ``AI_STRENGTH_MATCHUPS`` in tests/<game>/expectations.py): every 2-player
pairing where 2 players may play, and
multi-player tables with all three levels (plus, for Promotion, strong against
three normals: the hardest table)."""


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: honest near 0 % and 100 %, unlike p ± 1.96·se."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Job:
    game: str
    table: tuple[str, ...]
    index: int
    seed: int
    sims: int | None
    seconds: float | None
    rollout: str | None
    overrides: tuple[tuple[str, str], ...] = ()


def _parse(value: str) -> Any:
    """A ``--set`` value: none, true/false, a number, else the string."""
    lowered = value.lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


@dataclass
class Outcome:
    levels: tuple[str, ...]  # level per seat, after rotation
    winners: tuple[int, ...]
    steps: int
    strong_moves: int = 0
    strong_sims: int = 0
    strong_seconds: float = 0.0
    strong_cpu: float = 0.0


def play(job: Job) -> Outcome:
    """One seeded game at a (rotated) table; every move from ``bot.core.ai`` exactly as the bot makes it."""
    from bot.core import ai, games

    spec = games.get(job.game)
    n = len(job.table)
    shift = job.index % n
    levels = tuple(job.table[(seat + shift) % n] for seat in range(n))
    rules = spec.rules
    state = rules.new(n, job.seed)
    budget = ai.Budget(seconds=job.seconds, max_sims=job.sims)
    overrides: dict[str, Any] = {"rollout": job.rollout} if job.rollout else {}
    overrides.update({name: _parse(value) for name, value in job.overrides})
    out = Outcome(levels, (), 0)
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        legal = rules.legal(state, seat)
        view = rules.view(state, seat)
        move_seed = (job.seed * 1_000_003 + out.steps) & ((1 << 62) - 1)
        level = levels[seat]
        if level == "strong" and len(legal) > 1:
            started, cpu = time.perf_counter(), time.process_time()
            report = ai.think(spec, view, seat, legal, move_seed, budget, **overrides)
            out.strong_seconds += time.perf_counter() - started
            out.strong_cpu += time.process_time() - cpu
            out.strong_moves += 1
            out.strong_sims += report.sims
            action = report.action
        else:
            action = ai.choose_from_view(spec, view, seat, legal, level, move_seed)
        state = rules.apply(state, seat, action).state
        out.steps += 1
    result = rules.result(state)
    assert result is not None
    out.winners = tuple(result.winners)
    return out


@dataclass
class Tally:
    games: int = 0
    draws: int = 0
    seats: dict[str, int] = field(default_factory=dict)  # level -> seat-games
    wins: dict[str, int] = field(default_factory=dict)
    strong_moves: int = 0
    strong_sims: int = 0
    strong_seconds: float = 0.0
    strong_cpu: float = 0.0

    def add(self, out: Outcome) -> None:
        self.games += 1
        if not out.winners:
            self.draws += 1
        for seat, level in enumerate(out.levels):
            self.seats[level] = self.seats.get(level, 0) + 1
            if seat in out.winners:
                self.wins[level] = self.wins.get(level, 0) + 1
        self.strong_moves += out.strong_moves
        self.strong_sims += out.strong_sims
        self.strong_seconds += out.strong_seconds
        self.strong_cpu += out.strong_cpu


def run_table(
    game: str, table: tuple[str, ...], args: argparse.Namespace, pool: Any
) -> tuple[Tally, float]:
    jobs = [
        Job(
            game,
            table,
            i,
            args.seed + i,
            args.sims,
            args.budget_ms / 1000 if args.budget_ms else None,
            args.rollout,
            tuple(tuple(item.split("=", 1)) for item in args.set),  # type: ignore[misc]
        )
        for i in range(args.games)
    ]
    tally = Tally()
    started = time.perf_counter()
    outcomes = pool.imap_unordered(play, jobs, chunksize=1) if pool else map(play, jobs)
    for done, out in enumerate(outcomes, 1):
        tally.add(out)
        if args.progress and done % max(1, args.games // 10) == 0:
            print(f"  … {game} {'/'.join(table)}: {done}/{args.games}", file=sys.stderr, flush=True)
    return tally, time.perf_counter() - started


def describe(
    game: str, table: Sequence[str], tally: Tally, wall: float, rollout: str, settings: Sequence[str] = ()
) -> list[str]:
    extra = "".join(f" · {item}" for item in settings)
    head = f"{game} · {len(table)} seats · table {' / '.join(table)} · {tally.games} games"
    lines = [f"{head} · rollout {rollout}{extra}"]
    for level in dict.fromkeys(table):
        n, w = tally.seats.get(level, 0), tally.wins.get(level, 0)
        lo, hi = wilson(w, n)
        per = n // max(1, tally.games)
        seats = f" ({per} seats)" if per > 1 else ""
        lines.append(f"  {level:<7}{seats:<10} win {w / max(1, n):6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]  ({w}/{n})")
    if tally.draws:
        lines.append(f"  draws {tally.draws}/{tally.games} ({tally.draws / tally.games:.1%})")
    if tally.strong_moves:
        lines.append(
            f"  strong: {tally.strong_moves} searched moves, {tally.strong_sims / tally.strong_moves:.0f} rollouts"
            f" per move; think time per move {1000 * tally.strong_cpu / tally.strong_moves:.0f} ms CPU,"
            f" {1000 * tally.strong_seconds / tally.strong_moves:.0f} ms wall (means)"
        )
    lines.append(f"  wall {wall:.0f} s")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="game id (repeatable); default: every available game")
    parser.add_argument("--games", type=int, default=1000, help="games per table (default 1000)")
    parser.add_argument("--sims", type=int, default=None, help="strong AI rollouts per move (deterministic)")
    parser.add_argument("--budget-ms", type=float, default=None, help="strong AI wall-clock ms per move")
    parser.add_argument("--rollout", choices=("random", "heuristic", "mixed"), help="override the rollout policy")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a strong-AI tuning field (experiments), e.g. --set horizon=none --set epsilon=0.2",
    )
    parser.add_argument("--table", help="one comma-separated table of levels instead of the defaults")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2; 1 = in this process)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (game i uses seed + i)")
    parser.add_argument("--progress", action="store_true", help="print progress to stderr")
    args = parser.parse_args(argv)
    if args.sims is None and args.budget_ms is None:
        args.sims = 100
    from bot.core import games
    from bot.core.ai import tuning

    chosen = args.game or games.available()
    budget = []
    if args.sims is not None:
        budget.append(f"{args.sims} rollouts")
    if args.budget_ms is not None:
        budget.append(f"{args.budget_ms:g} ms")
    print(f"strong think budget per move: {' or '.join(budget)} (whichever comes first)")
    print("command: .venv/bin/python -m bench.ai.strength " + " ".join(argv if argv is not None else sys.argv[1:]))
    ctx = multiprocessing.get_context("fork")
    pool = ctx.Pool(args.workers) if args.workers > 1 else None
    try:
        for game in chosen:
            spec = games.get(game)
            rollout = args.rollout or tuning.for_game(spec).rollout
            tables = [tuple(args.table.split(","))] if args.table else MATCHUPS[game]
            for table in tables:
                if not spec.min_seats <= len(table) <= spec.max_seats:
                    continue
                tally, wall = run_table(game, table, args, pool)
                print("\n".join(describe(game, table, tally, wall, rollout, args.set)), flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
