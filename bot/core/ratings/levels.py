"""The AI levels' fixed ratings, measured by ``bench/ai/ratings.py`` and read from ``ai_levels.json``.

Why fixed and measured: a human who beats the strong AI should gain more than
one who beats the easy AI, so each level needs a rating on the players' scale;
letting it drift with every game against a human would make it mean whatever
the server's players made of it.  The benchmark plays the levels against each
other and writes this file; re-running it after an AI change updates it.  A
game or level missing from the file (a new game, before its first calibration)
gets :data:`FALLBACK`: a plain guess, marked ``games: 0`` so nobody mistakes it
for a measurement.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from bot.core.ratings.scale import Skill

FILE = "ai_levels.json"

FALLBACK = {"easy": Skill(20.0, 2.0, 0), "normal": Skill(25.0, 2.0, 0), "strong": Skill(28.0, 2.0, 0)}


def path() -> Path:
    """Where the file is in the source tree (the benchmark writes it here)."""
    return Path(str(resources.files("bot.core.ratings") / FILE))


def parse(data: dict[str, Any]) -> dict[str, dict[str, Skill]]:
    games = data.get("games") or {}
    return {
        game: {level: Skill(float(v["mu"]), float(v["sigma"]), int(v.get("games", 0))) for level, v in levels.items()}
        for game, levels in games.items()
    }


@cache
def table() -> dict[str, dict[str, Skill]]:
    """game -> level -> fixed rating, as the file says (empty when it is missing)."""
    try:
        return parse(json.loads(path().read_text(encoding="utf-8")))
    except FileNotFoundError:
        return {}


def level_skill(game: str, level: str | None) -> Skill:
    """The fixed rating of one AI level in one game (a seat handed to the AI plays at its level)."""
    level = level or "normal"
    return table().get(game, {}).get(level) or FALLBACK.get(level, FALLBACK["normal"])


def levels_of(game: str) -> dict[str, Skill]:
    """Every level's rating in ``game``, weakest first (the leaderboard's reference lines)."""
    known = {**FALLBACK, **table().get(game, {})}
    return dict(sorted(known.items(), key=lambda kv: kv[1].mu))
