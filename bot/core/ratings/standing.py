"""Who is ranked: enough rated games against enough different opponents, and a settled rating.

Why more than a games count: a throwaway account could rack up games against
one friend's other account, or against one AI level, and land on the ranked
list.  A player is ranked once they have :data:`PROVISIONAL_GAMES` rated
games, σ no more than :data:`PROVISIONAL_SIGMA` (the model is sure enough),
and :data:`RANKED_OPPONENTS` distinct opponents among those games (each
player counts once, each AI level once).  Until then they are *provisional*:
their number shows with "?" and they are listed apart.  A player who used
``/game forget-me`` and comes back starts again as a new, provisional player:
forgetting a bad record is not a way onto the ranked list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.core.ratings.rate import player_of
from bot.core.ratings.scale import PROVISIONAL_GAMES, PROVISIONAL_SIGMA, Skill

RANKED_OPPONENTS = 3
"""Distinct opponents (a player, or an AI level) a player must have met in rated games to be ranked."""

__all__ = ["PROVISIONAL_GAMES", "PROVISIONAL_SIGMA", "RANKED_OPPONENTS", "distinct_opponents", "opponents_in", "ranked"]


def opponents_in(seats: Sequence[Mapping[str, Any]], seat: int) -> set[str]:
    """The opponents ``seat`` met in one stored result: ``"p<id>"`` per player, ``"ai:<level>"`` per AI level."""
    found = set()
    for i, s in enumerate(seats):
        if i == seat:
            continue
        who = player_of(s)
        if who is not None:
            found.add(f"p{who}")
        elif s.get("ai") is not None:
            found.add(f"ai:{s['ai']}")
    return found


def distinct_opponents(rated: Iterable[tuple[int, int, Mapping[str, Any]]]) -> dict[int, int]:
    """player -> how many distinct opponents, from ``(player, seat, stored result)`` of their rated games."""
    met: dict[int, set[str]] = {}
    for player, seat, result in rated:
        met.setdefault(player, set()).update(opponents_in(result.get("seats") or [], seat))
    return {player: len(keys) for player, keys in met.items()}


def ranked(skill: Skill, opponents: int) -> bool:
    """Whether a rating is settled enough for the ranked list (else provisional)."""
    return not skill.provisional and opponents >= RANKED_OPPONENTS
