"""Slow games' rows, for every backend: each person's notification choices, the DM notices standing, absences
and the ``/game ai-for`` votes.

Why apart from the session methods: they belong to a person (across servers)
or to a DM, not to a game's record, and never take part in a move's commit.
"""

from __future__ import annotations

from bot.core.store.backend import Backend
from bot.core.store.records import SessionRecord

GET_PREFS = "SELECT own, other FROM notify_prefs WHERE user_id=?"
SET_PREFS = (
    "INSERT INTO notify_prefs (user_id, own, other) VALUES (?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET own=excluded.own, other=excluded.other"
)
ADD_NOTICE = "INSERT INTO dm_notices (message_id, session_id, seat, user_id, channel_id) VALUES (?, ?, ?, ?, ?)"
DROP_NOTICE = "DELETE FROM dm_notices WHERE message_id=?"
ALL_NOTICES = "SELECT message_id, session_id, seat, user_id, channel_id FROM dm_notices"
LIVE_OF_USER = (
    "SELECT DISTINCT se.id FROM sessions se JOIN seats st ON st.session_id = se.id"
    " WHERE st.user_id=? AND se.status IN ('lobby','active') ORDER BY se.id LIMIT ?"
)
SET_AWAY = (
    "INSERT INTO absences (user_id, until) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET until=excluded.until"
)
DROP_AWAY = "DELETE FROM absences WHERE user_id=?"
ALL_AWAY = "SELECT user_id, until FROM absences WHERE until > ?"
ADD_VOTE = "INSERT INTO ai_votes (session_id, seat, voter_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
VOTES = "SELECT voter_id FROM ai_votes WHERE session_id=? AND seat=?"
DROP_VOTES = "DELETE FROM ai_votes WHERE session_id=? AND seat=?"
FORGET_VOTES = "DELETE FROM ai_votes WHERE voter_id=?"
FORGET_PREFS = "DELETE FROM notify_prefs WHERE user_id=?"
FORGET_NOTICES = "DELETE FROM dm_notices WHERE user_id=?"


class SlowQueries(Backend):
    """``/game notify`` choices and the DM notices of :mod:`bot.frontend.presenting.slow.dm_notices`."""

    async def notify_prefs(self, user_id: int) -> tuple[str | None, str | None]:
        """(own turn, a choice in another's turn): each ``channel``, ``dm``, ``both``, ``none``, or None (default)."""
        async with self._reading() as con:
            found = await con.fetch(GET_PREFS, (user_id,))
        return (found[0][0], found[0][1]) if found else (None, None)

    async def set_notify_prefs(self, user_id: int, own: str | None, other: str | None) -> None:
        async with self._writing() as con:
            await con.execute(SET_PREFS, (user_id, own, other))

    async def add_dm_notice(self, message_id: int, session_id: int, seat: int, user_id: int, channel_id: int) -> None:
        async with self._writing() as con:
            await con.execute(ADD_NOTICE, (message_id, session_id, seat, user_id, channel_id))

    async def drop_dm_notice(self, message_id: int) -> None:
        async with self._writing() as con:
            await con.execute(DROP_NOTICE, (message_id,))

    async def dm_notices(self) -> list[tuple[int, int, int, int, int]]:
        """Every DM notice standing: (message, session, seat, user, DM channel)."""
        async with self._reading() as con:
            return [tuple(int(v) for v in r) for r in await con.fetch(ALL_NOTICES)]  # type: ignore[misc]

    async def live_sessions_of(self, user_id: int, limit: int = 50) -> list[SessionRecord]:
        """The lobbies and games under way where ``user_id`` sits, in every server (``/game mine``)."""
        async with self._reading() as con:
            ids = [int(r[0]) for r in await con.fetch(LIVE_OF_USER, (user_id, limit))]
        found = [await self.get_session(i) for i in ids]  # type: ignore[attr-defined]  # BaseStore's
        return [r for r in found if r is not None]

    async def set_away(self, user_id: int, until: float | None) -> None:
        """``/game away``: until when (None: back now)."""
        async with self._writing() as con:
            if until is None:
                await con.execute(DROP_AWAY, (user_id,))
            else:
                await con.execute(SET_AWAY, (user_id, until))

    async def absences(self, now: float) -> dict[int, float]:
        """Everyone away at ``now``: user -> until."""
        async with self._reading() as con:
            return {int(r[0]): float(r[1]) for r in await con.fetch(ALL_AWAY, (now,))}

    async def add_ai_vote(self, session_id: int, seat: int, voter_id: int) -> set[int]:
        """``/game ai-for``: ``voter_id`` lets the AI play ``seat``; every voter so far (a restart keeps them)."""
        async with self._writing() as con:
            await con.execute(ADD_VOTE, (session_id, seat, voter_id))
        async with self._reading() as con:
            return {int(r[0]) for r in await con.fetch(VOTES, (session_id, seat))}

    async def drop_ai_votes(self, session_id: int, seat: int) -> None:
        """The seat was handed to the AI: its votes are spent."""
        async with self._writing() as con:
            await con.execute(DROP_VOTES, (session_id, seat))

    async def forget_notify(self, user_id: int) -> None:
        """A user's choices and notices' rows go (``/game forgetme``)."""
        async with self._writing() as con:
            await con.execute(FORGET_PREFS, (user_id,))
            await con.execute(FORGET_NOTICES, (user_id,))
            await con.execute(DROP_AWAY, (user_id,))
            await con.execute(FORGET_VOTES, (user_id,))
