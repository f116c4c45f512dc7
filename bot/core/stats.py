"""Stats and leaderboards from the per-seat rows the store keeps (``participants``).

The store does the counting (indexed GROUP BYs); this module decides what the
numbers mean: who is ranked, in which order, and when a win rate is worth
showing.  A win rate over two games says nothing, so only players with at
least :data:`MIN_GAMES` games in that game on that server are ranked.  AI
seats are not in the rows at all, so they can never be ranked.

The leaderboard ranks by rating (:func:`rating_board`); the win
counts stay in ``/game stats``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.core.ratings import Skill, standing

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
        """Games neither won nor drawn."""
        return self.played - self.won - self.drawn

    @property
    def win_rate(self) -> float:
        """Share of games won (0 with none played)."""
        return self.won / self.played if self.played else 0.0


def lines(rows: Iterable[Mapping[str, Any]]) -> list[Line]:
    """Stats rows from the store as :class:`Line` records."""
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


# -- ratings ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rated:
    """One player's rating in one game of one server, with their win count there."""

    user_id: int
    name: str
    skill: Skill
    won: int = 0


@dataclass(frozen=True)
class RatingBoard:
    ranked: list[Rated]  # settled players, highest rating first, at most BOARD_SIZE
    provisional: list[Rated]  # few games or opponents, or still unsure: listed apart, not hidden, best first
    ranked_total: int  # settled players in all (a rank "of N")


def rating_board(
    entries: Iterable[tuple[int, str, Skill]],
    wins: Mapping[int, int] | None = None,
    size: int = BOARD_SIZE,
    opponents: Mapping[int, int] | None = None,
) -> RatingBoard:
    """Rank settled players by the shown rating, then games, then id (stable); the rest are provisional.

    Settled (:func:`bot.core.ratings.standing.ranked`): enough rated games,
    a sure enough rating and, when ``opponents`` (player -> distinct
    opponents) is given, enough different opponents.  A lucky first win or
    a throwaway account must not top the board, and a newcomer should still
    see their name.  Why by the shown number and not a cautious one: the
    gate already asks a ranked rating to be sure, and a list whose numbers
    go up and down the ranks (lichess ranks by rating the same way) reads as
    a mistake.
    """
    wins = wins or {}
    everyone = sorted(
        (Rated(uid, name, skill, wins.get(uid, 0)) for uid, name, skill in entries),
        key=lambda r: (-r.skill.mu, -r.skill.games, r.user_id),
    )

    def settled(r: Rated) -> bool:
        return not r.skill.provisional if opponents is None else standing.ranked(r.skill, opponents.get(r.user_id, 0))

    ranked = [r for r in everyone if settled(r)]
    return RatingBoard(ranked[:size], [r for r in everyone if not settled(r)][:size], len(ranked))


def rating_rank(
    entries: Iterable[tuple[int, str, Skill]], user_id: int, opponents: Mapping[int, int] | None = None
) -> tuple[int, int] | None:
    """(rank, of how many) of a settled player on their game's board; None while provisional or unrated."""
    board = rating_board(entries, size=10**9, opponents=opponents)
    for i, r in enumerate(board.ranked, start=1):
        if r.user_id == user_id:
            return i, board.ranked_total
    return None
