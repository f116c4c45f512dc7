"""Stats and leaderboards from the per-seat rows the store keeps (``participants``).

The store does the counting (indexed GROUP BYs); this module decides what the
numbers mean: who is ranked, in which order, and when a win rate is worth
showing.  A win rate over two games says nothing, so only players with at
least :data:`MIN_GAMES` games in that game on that server are ranked.  AI
seats are not in the rows at all, so they can never be ranked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MIN_GAMES = 5
BOARD_SIZE = 10


@dataclass(frozen=True)
class Line:
    """One player's numbers in one game (or in all games, ``game=None``)."""

    user_id: int
    name: str
    game: str | None
    played: int
    won: int
    drawn: int

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drawn

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def lines(rows: Iterable[Mapping[str, Any]]) -> list[Line]:
    return [
        Line(
            int(r["user_id"]),
            str(r.get("name") or ""),
            r.get("game"),
            int(r["played"]),
            int(r["won"] or 0),
            int(r["drawn"] or 0),
        )
        for r in rows
    ]


def per_game(rows: Iterable[Mapping[str, Any]]) -> list[Line]:
    """A user's lines, one per game, most played first."""
    return sorted(lines(rows), key=lambda x: (-x.played, x.game or ""))


def total(per: Iterable[Line]) -> Line | None:
    """All games together, or ``None`` when the user has played nothing."""
    per = list(per)
    if not per:
        return None
    first = per[0]
    return Line(
        first.user_id,
        first.name,
        None,
        sum(x.played for x in per),
        sum(x.won for x in per),
        sum(x.drawn for x in per),
    )


@dataclass(frozen=True)
class Leaderboard:
    ranked: list[Line]  # best first, at most BOARD_SIZE
    unranked: int  # players with fewer than MIN_GAMES games
    min_games: int


def leaderboard(rows: Iterable[Mapping[str, Any]], min_games: int = MIN_GAMES, size: int = BOARD_SIZE) -> Leaderboard:
    """Rank by win rate, then wins, then games played (then id, so the order is stable)."""
    everyone = lines(rows)
    eligible = [x for x in everyone if x.played >= min_games]
    eligible.sort(key=lambda x: (-x.win_rate, -x.won, -x.played, x.user_id))
    return Leaderboard(eligible[:size], len(everyone) - len(eligible), min_games)
