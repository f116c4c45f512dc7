"""The reads behind who is ranked (:mod:`bot.core.ratings.standing`): each player's distinct opponents.

Why read from the stored results and not kept in a column: results are
kept for good and rewritten by forget-me, so the count never names a
forgotten player, and a recompute has nothing more to rebuild.  Read only for
``/game leaderboard`` and ``/game stats`` (rare, ephemeral answers).
"""

from __future__ import annotations

from bot.core.ratings import standing
from bot.core.store import rows
from bot.core.store.backend import Backend

RATED_RESULTS = (
    "SELECT c.user_id, c.seat, r.result FROM rating_changes c JOIN results r ON r.session_id = c.session_id"
    " WHERE c.guild_id=? AND c.game=?"
)


class RatingStandingQueries(Backend):
    """How many distinct opponents each rated player of one server's game has met."""

    async def rating_opponents(self, guild_id: int, game: str) -> dict[int, int]:
        """user id -> distinct opponents in their rated games of ``game`` in this server."""
        async with self._reading() as con:
            found = await con.fetch(RATED_RESULTS, (guild_id, game))
        return standing.distinct_opponents((int(r[0]), int(r[1]), rows.loads(r[2])) for r in found)
