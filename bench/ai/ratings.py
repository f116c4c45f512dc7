"""Calibrate the AI levels' ratings: easy, normal and strong play each other; the players' model is fitted to them.

Run (about 8 minutes on one core at the default size and ``--sims 24``; the table it prints is in docs/ai.md)::

    .venv/bin/python -m bench.ai.ratings                       # every game, writes bot/core/ratings/ai_levels.json
    .venv/bin/python -m bench.ai.ratings --game promotion --games 60 --seconds 0.9   # at the bot's think time
    .venv/bin/python -m bench.ai.ratings --game portas --games 40 --dry-run

Why measured: a player's rating moves in games against AIs against the AI's
fixed rating (:mod:`bot.core.ratings.levels`), so each level must sit on the
players' scale where it really plays.  Each game is played at tables holding
the levels (2-player games: every pairing, seats alternating; multi-player
games: all three levels, a level on two seats where the table needs four,
seating rotated every game so every level sits in every seat equally often),
every move from ``bot.core.ai`` as the bot makes it, the strong AI with a
deterministic ``--sims`` budget (the same file on any machine) or the bot's
own think time (``--seconds``).  Each game's places
(:func:`bot.core.ratings.places`, as for players) are fitted all at once to
the Plackett–Luce model players are rated with (:mod:`bench.ai.levels_fit`:
maximum likelihood, with standard errors, printed as how sure the run is of
each level's order).  The scale is then shifted so that **normal sits at mu
27.5** (1,550 shown), 50 points above a new player's start: a newcomer starts
between Easy and Normal, so a player who only ever beats Easy, gaining nothing
past the ceiling over the beaten (:mod:`bot.core.ratings.ceiling`), stays
below Normal.  Re-run it after changing an AI.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tests import gamekit

TABLES: dict[str, list[tuple[str, ...]]] = {e.game: list(e.ai_rating_tables) for e in gamekit.every()}
"""The tables each game is calibrated at (its ``AI_RATING_TABLES`` in tests/<game>/expectations.py; Promotion
needs exactly four seats: one level sits twice)."""

GAMES = {e.game: e.ai_rating_games for e in gamekit.every()}
"""Default games per game (its ``AI_RATING_GAMES``): together about 8 minutes of one core at ``--sims 24``
(the docs/ai.md budget)."""

ANCHOR = "normal"
ANCHOR_MU = 27.5


@dataclass(frozen=True)
class Played:
    levels: tuple[str, ...]
    places: list[int]


def play(game: str, table: tuple[str, ...], index: int, seed: int, sims: int, seconds: float | None = None) -> Played:
    """One seeded game at a rotated table; every move as the bot's AI makes it."""
    from bot.core import ai, games
    from bot.core.ratings import places

    spec = games.get(game)
    rules = spec.rules
    n = len(table)
    levels = tuple(table[(seat + index) % n] for seat in range(n))
    state = rules.new(n, seed)
    budget = ai.Budget(None, sims) if seconds is None else ai.Budget(seconds, ai.DEFAULT_BUDGET.max_sims)
    step = 0
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        legal = rules.legal(state, seat)
        view = rules.view(state, seat)
        move_seed = (seed * 1_000_003 + step) & ((1 << 62) - 1)
        if levels[seat] == "strong" and len(legal) > 1:
            action = ai.think(spec, view, seat, legal, move_seed, budget).action
        else:
            action = ai.choose_from_view(spec, view, seat, legal, levels[seat], move_seed)
        state = rules.apply(state, seat, action).state
        step += 1
    result = rules.result(state)
    assert result is not None
    return Played(levels, places(result.winners, result.scores, n))


SIGMA_FLOOR = 2.0
"""The least σ a level is stored with (the anchor's, and any level measured more closely): an opponent's σ
weighs in a player's update, and a measurement is never certain."""


def calibrate(game: str, played: Sequence[Played]) -> dict[str, dict[str, float | int]]:
    """Fit the levels' strengths to every game at once (:mod:`bench.ai.levels_fit`); the anchor sits at ``ANCHOR_MU``.

    ``mu = ANCHOR_MU + c × θ``, ``σ = max(c × its standard error, SIGMA_FLOOR)``, with ``c`` the model's
    spread at this game's calibration table, so the shown numbers give back the measured win chances.
    """
    from bench.ai import levels_fit as _levels_fit
    from bot.core.ratings.scale import model

    theta, error = _levels_fit.fit([_levels_fit.Game(p.levels, p.places) for p in played], ANCHOR)
    c = _levels_fit.spread(len(TABLES[game][0]), SIGMA_FLOOR, model().beta)
    count = {level: sum(level in p.levels for p in played) for level in theta}
    return {
        level: {
            "mu": round(ANCHOR_MU + c * theta[level], 3),
            "sigma": round(max(c * error[level], SIGMA_FLOOR), 3),
            "games": count[level],
        }
        for level in sorted(theta, key=lambda x: theta[x])
    }


def confidence(fitted: dict[str, dict[str, float | int]], weaker: str, stronger: str) -> float:
    """How sure the fit is that ``stronger`` is the stronger level (one-sided, normal approximation)."""
    a, b = fitted[weaker], fitted[stronger]
    spread = math.hypot(float(a["sigma"]), float(b["sigma"])) if ANCHOR not in (weaker, stronger) else float(
        (b if weaker == ANCHOR else a)["sigma"]
    )
    return 0.5 * (1 + math.erf((float(b["mu"]) - float(a["mu"])) / (spread * math.sqrt(2))))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="game id (repeatable); default: every game")
    parser.add_argument("--games", type=int, default=None, help="games per game (default: GAMES, ~8 min in all)")
    parser.add_argument("--sims", type=int, default=24, help="strong AI rollouts per move (default 24)")
    parser.add_argument(
        "--seconds", type=float, default=None,
        help="strong AI think time per move, as the bot gives it (e.g. 0.9; replaces --sims; machine-dependent)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="first game seed (game i uses seed + i)")
    parser.add_argument("--dry-run", action="store_true", help="print the table, do not write the file")
    parser.add_argument("--out", type=Path, default=None, help="file to write (default: the bot's ai_levels.json)")
    args = parser.parse_args(argv)
    from bot.core.ratings import levels, shown

    chosen = args.game or list(TABLES)
    out_path = args.out or levels.path()
    data = json.loads(out_path.read_text(encoding="utf-8")) if out_path.exists() else {}
    data.setdefault("games", {})
    command = ".venv/bin/python -m bench.ai.ratings " + " ".join(argv if argv is not None else sys.argv[1:])
    think = f"{args.seconds} s per move (the bot's)" if args.seconds else f"{args.sims} rollouts per move"
    print(f"strong think budget: {think}; command: {command.strip()}")
    print(f"{'game':<10} {'level':<7} {'rating':>7} {'mu':>7} {'sigma':>6} {'games':>6}")
    for game in chosen:
        started = time.perf_counter()
        n = args.games or GAMES[game]
        tables = TABLES[game]
        played = [
            play(game, tables[i % len(tables)], i // len(tables), args.seed + i, args.sims, args.seconds)
            for i in range(n)
        ]
        fitted = calibrate(game, played)
        for level, v in fitted.items():
            rating = shown(float(v["mu"]), float(v["sigma"]))
            print(f"{game:<10} {level:<7} {rating:>7,} {v['mu']:>7.2f} {v['sigma']:>6.2f} {v['games']:>6}")
        sure = ", ".join(
            f"{b} > {a}: {confidence(fitted, a, b):.1%}" for a, b in (("easy", "normal"), ("normal", "strong"))
        )
        print(f"{game:<10} ({n} games, {time.perf_counter() - started:.0f} s; sure that {sure})", flush=True)
        data["games"][game] = fitted
        data.setdefault("budgets", {})[game] = think
    data["how"] = (
        "bench/ai/ratings.py, the strong AI's budget per game under 'budgets'; Plackett-Luce,"
        f" normal anchored at mu {ANCHOR_MU} (50 points above a new player);"
        f" written {time.strftime('%Y-%m-%d', time.gmtime())}"
    )
    if not args.dry_run:
        out_path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {out_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
