"""Every stored result rated again from nothing, in memory: the recompute's numbers, without the database.

Why in memory: an operator's recompute of a long-lived bot rates thousands
of games (openskill is pure Python); done inside the write
transaction game by game, it held SQLite's write lock for seconds and the
running bot's moves waited for it.  Computed here first, the store only
writes the outcome, in one short transaction.  The same :func:`rate_result`
and :func:`rated` as a game that just ended, so the numbers are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.core.ratings.rate import Change, rate_result, rated
from bot.core.ratings.scale import Skill


@dataclass(frozen=True)
class Stored:
    """One stored result, as the ``results`` table holds it."""

    session_id: int
    game: str
    guild_id: int | None
    result: Mapping[str, Any]
    finished_at: float


@dataclass
class Replayed:
    """The ratings after every result, and each rated game's changes (what the two tables hold)."""

    boards: dict[tuple[int, str], dict[int, Skill]] = field(default_factory=dict)  # (guild, game) -> user -> rating
    latest: dict[tuple[int, str, int], tuple[str, float]] = field(default_factory=dict)  # -> (name, last change)
    changes: list[tuple[Stored, Change]] = field(default_factory=list)
    games: int = 0


def replay(results: Iterable[Stored], settings: Callable[[int], Mapping[str, Any]]) -> Replayed:
    """Rate ``results`` in the order given (the order the games ended); ``settings``: a server's settings."""
    out = Replayed()
    for stored in results:
        guild = stored.guild_id
        if guild is None or not rated(stored.result, guild, settings(guild)):
            continue
        board = out.boards.setdefault((guild, stored.game), {})
        changes = rate_result(stored.game, stored.result, board)
        seats = stored.result.get("seats") or []
        for c in changes:
            board[c.user_id] = c.after
            out.latest[(guild, stored.game, c.user_id)] = (str(seats[c.seat].get("name") or ""), stored.finished_at)
            out.changes.append((stored, c))
        out.games += bool(changes)
    return out
