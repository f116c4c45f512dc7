"""Simulated rated games for the consistency and farming tests: the same rating code a finished game goes through."""

from __future__ import annotations

from collections.abc import Iterable

from bot.core.ratings import Skill, rate_result
from tests.gamekit import ids, table_size

SEATS = {game: table_size(game, prefer=2) for game in ids()}
"""A table size per game: two where the game allows it (Promotion needs four)."""


def play_against(game: str, level: str, wins: Iterable[bool], player: int = 1) -> list[Skill]:
    """A player alone against AI seats of ``level``, winning or losing each game in turn; their rating after each."""
    n = SEATS[game]
    seats = [{"user_id": player, "name": "newcomer"}] + [{"ai": level, "name": f"AI {i}"} for i in range(1, n)]
    current: dict[int, Skill] = {}
    after = []
    for won in wins:
        result = {"winners": [0] if won else [1], "scores": [0] * n, "seats": seats}
        (change,) = rate_result(game, result, current)
        current[player] = change.after
        after.append(change.after)
    return after
