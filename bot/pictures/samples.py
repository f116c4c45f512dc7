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

from bot import gamefacts

SEATS = {f.id: f.sample_seats for f in gamefacts.found() if f.sample_seats}
"""Each game's sample seat counts (``SAMPLE_SEATS`` in its ``game.py``; a seed picks one), in the games' order."""
GAMES = tuple(game for game in SEATS if gamefacts.facts_of(game).palette is not None)
"""The sampled games drawn on a table of the toolkit's (a declared ``PALETTE``), in their order."""

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
    """The game's engine, imported by name (the toolkit imports no game)."""
    return importlib.import_module(f"{gamefacts.PACKAGE}.{game}.rules")


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


def seats_at(game: str, seed: int) -> int:
    """The seat count of :func:`positions`' game for ``seed`` (one of the game's ``SAMPLE_SEATS``)."""
    return SEATS[game][seed % len(SEATS[game])]


def positions(game: str, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """An early, a middle and a finished position of one seeded game (labelled), of :func:`seats_at` seats."""
    seats = seats_at(game, seed)
    early, mid, end = gamefacts.facts_of(game).sample_moves
    return [
        ("early", play(game, seats, seed, early)),
        ("mid", play(game, seats, seed, mid)),
        ("end", play(game, seats, seed, end)),
    ]
