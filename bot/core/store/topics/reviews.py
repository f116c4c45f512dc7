"""Post-game reviews in the database: requested, then stored once, pruned with the game's moves.

Why a table of their own: a review is computed once (minutes of idle CPU for a
long game) and read many times; it must outlive a restart, pending or done.
The reviews themselves are :mod:`bot.core.review`'s; here are only reads and writes.

While a review is pending its ``data`` holds who waits for it (:meth:`ReviewQueries.wait_for_review`:
the "Reviewing…" answer's interaction token, for its 15 minutes): a restart must not leave that
answer unfinished.  Storing the review overwrites it, so the token is kept no longer than needed.
"""

from __future__ import annotations

import time
from typing import Any

from bot.core.store import rows
from bot.core.store.backend import Backend, Connection

REQUEST = (
    "INSERT INTO reviews (session_id, seat, status, requested_at) VALUES (?,?,'pending',?)"
    " ON CONFLICT (session_id, seat) DO NOTHING"
)
SAVE = "UPDATE reviews SET status='done', done_at=?, data=? WHERE session_id=? AND seat=?"
ONE = "SELECT status, data FROM reviews WHERE session_id=? AND seat=?"
WAIT = "UPDATE reviews SET data=? WHERE session_id=? AND seat=? AND status='pending'"
WAITING = (
    "SELECT reviews.session_id, reviews.seat, reviews.data FROM reviews"
    " JOIN sessions ON sessions.id = reviews.session_id"
    " WHERE reviews.status = 'pending' AND reviews.data IS NOT NULL{mine} ORDER BY reviews.requested_at"
)
DROP = "DELETE FROM reviews WHERE session_id=? AND seat=?"
PENDING = (
    "SELECT reviews.session_id, reviews.seat FROM reviews JOIN sessions ON sessions.id = reviews.session_id"
    " WHERE reviews.status = 'pending'{mine} ORDER BY reviews.requested_at"
)
PRUNE = "DELETE FROM reviews WHERE session_id IN ({ids})"


class ReviewQueries(Backend):
    """A review's request, its stored answer, the pending ones at start, and their pruning."""

    async def request_review(self, session_id: int, seat: int, at: float | None = None) -> None:
        """Note that ``seat`` of ``session_id`` asked for a review (nothing if it was asked already)."""
        async with self._writing() as con:
            await con.execute(REQUEST, (session_id, seat, time.time() if at is None else at))

    async def save_review(self, session_id: int, seat: int, data: dict[str, Any]) -> None:
        """Store a computed review (its request's row becomes ``done``)."""
        async with self._writing() as con:
            await con.execute(SAVE, (time.time(), rows.dumps(data), session_id, seat))

    async def drop_review(self, session_id: int, seat: int) -> None:
        """Forget a request that cannot be answered (its game's moves are gone)."""
        async with self._writing() as con:
            await con.execute(DROP, (session_id, seat))

    async def review(self, session_id: int, seat: int) -> tuple[str, dict[str, Any] | None] | None:
        """``(status, review or None)`` of a seat's review, or None if it was never asked for."""
        async with self._reading() as con:
            row = await con.fetchrow(ONE, (session_id, seat))
        if row is None:
            return None
        done = str(row[0]) == "done"  # a pending row's data is who waits for it, not a review
        return str(row[0]), rows.loads(row[1]) if row[1] and done else None

    async def wait_for_review(self, session_id: int, seat: int, waiter: dict[str, Any]) -> None:
        """Remember who waits for a pending review and how to answer them (replaces an earlier waiter)."""
        async with self._writing() as con:
            await con.execute(WAIT, (rows.dumps(waiter), session_id, seat))

    async def review_waiters(self) -> list[tuple[int, int, dict[str, Any]]]:
        """``(session, seat, waiter)`` of each pending review someone waits for (this process's), oldest first."""
        mine, params = self._shard_filter()
        async with self._reading() as con:
            found = await con.fetch(WAITING.format(mine=mine), params)
        return [(int(r[0]), int(r[1]), rows.loads(r[2])) for r in found]

    async def pending_reviews(self) -> list[tuple[int, int]]:
        """``(session, seat)`` of every review asked for and not stored yet (this process's), oldest first."""
        mine, params = self._shard_filter()
        async with self._reading() as con:
            found = await con.fetch(PENDING.format(mine=mine), params)
        return [(int(r[0]), int(r[1])) for r in found]

    @staticmethod
    async def _prune_reviews(con: Connection, ids: list[int], in_ids: str) -> None:
        """Inside a prune's transaction: the reviews of those games go with their moves."""
        await con.execute(PRUNE.format(ids=in_ids), ids)
