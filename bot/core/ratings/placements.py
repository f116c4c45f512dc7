"""Placements from a stored result: who came first, who shared a place.

Why from the stored result (the JSON :meth:`bot.engine.Result.to_json` plus the
seats) and not from a game's state: the result is what every finished game
keeps for ever, so the same function rates a game when it ends and again when
an operator recomputes every rating years later.

The order, for every game:

* the winner(s) first, sharing first place (Promotion's Kings, GETGEM's shared
  victory check);
* then everyone else by the game's own scores where the game has them (PORTAS
  points, Eminit's banked treasure, GETGEM's match points), equal scores
  sharing a place; a game without scores (Promotion: all 0s) leaves the
  others tied;
* a draw (no winner) is the same rule with no one first: by scores, else
  everyone tied;
* a forfeit is a result like any other: the engine-free platform ends a
  two-seat game with the other player as the winner, so the leaver is last.

Places are 0-based and dense (0, 1, 1, 2), as ``openskill``'s ``ranks`` want them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def places(winners: Sequence[int], scores: Sequence[float], seats: int) -> list[int]:
    """Each seat's 0-based place: winners first, then by score (higher first); equal keys share a place."""
    scores = list(scores) + [0.0] * (seats - len(scores))
    won = set(winners)
    keys = [(0 if s in won else 1, -float(scores[s])) for s in range(seats)]
    distinct = sorted(set(keys))
    return [distinct.index(k) for k in keys]


def places_of(result: Mapping[str, Any]) -> list[int]:
    """:func:`places` of a stored result (``winners``, ``scores``, ``seats``)."""
    seats = len(result.get("seats") or result.get("scores") or [])
    return places(result.get("winners") or [], result.get("scores") or [], seats)
