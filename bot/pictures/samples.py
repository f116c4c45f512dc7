"""Seeded positions of every picture game, for the picture tests, the benchmark and previews.

A position is reached by playing random legal moves from ``rules.new`` with a
seed, so it is a real position the engine can reach, and the same seed always
gives the same one.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

GAMES = ("portas", "getgem", "eminit")
SEATS = {"portas": (2,), "getgem": (2, 3, 4, 5), "eminit": (3, 4, 5), "promotion": (4,)}

LONG_NAMES = (
    "Aurelia Montgomery-Fitzgerald III",
    "ＳＵＰＥＲ＿ＬＯＮＧ＿ＮＡＭＥ＿ＰＬＡＹＥＲ２",
    "きらきら星のおひめさま・ゆうな＠ボードゲーム部",
    "xX_TheUltimateCardShark_2026_Xx",
    "宝探しの名人エミニット・ジュニア三世ですよろしく",
)
"""Five 32-character display names (Discord's limit), Latin, full-width and Japanese."""

SHORT_NAMES = ("Aki", "Ben", "ちはる", "Dee", "Emi")


def rules(game: str) -> ModuleType:
    return importlib.import_module(f"cogs.{game}.rules")


def play(game: str, seats: int, seed: int, moves: int) -> dict[str, Any]:
    """The state after up to ``moves`` random legal moves (fewer if the game ends first)."""
    engine = rules(game)
    state = engine.new(seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acting = engine.to_act(state)
        if not acting:
            break
        seat = rng.choice(sorted(acting))
        actions = engine.legal(state, seat)
        if not actions:
            break
        state = engine.apply(state, seat, rng.choice(actions)).state
    return state


def positions(game: str, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """An early, a middle and a finished position of one seeded game (labelled)."""
    seats = SEATS[game][seed % len(SEATS[game])]
    return [
        ("early", play(game, seats, seed, 3)),
        ("mid", play(game, seats, seed, 12 if game == "portas" else 60)),
        ("end", play(game, seats, seed, 5000)),
    ]
