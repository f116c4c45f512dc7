"""Server life: stats, history and a user's data rights, for every backend.

Why apart from the session methods: these read across games (``participants``,
finished sessions) or across tables for one user, and never touch a live game.
"""

from __future__ import annotations

import secrets
from typing import Any

from bot.core.store import rows, sql
from bot.core.store.backend import Backend
from bot.core.store.topics import slow
from bot.core.store.topics.ratings import forget_ratings


class ServerLifeQueries(Backend):
    """Stats, history, ``/game mydata`` and ``/game forgetme``."""

    async def stats_rows(
        self, *, guild_id: int | None, user_id: int | None = None, game: str | None = None
    ) -> list[dict[str, Any]]:
        """Per (user, game): games played, won, drawn and the latest name, from ``participants``.

        ``guild_id=None`` means every server (a user's own data in DMs).  Only
        humans are in ``participants``, so no AI ever shows up here.
        """
        where, params = [], []
        for column, value in (("guild_id", guild_id), ("user_id", user_id), ("game", game)):
            if value is not None:
                where.append(f"{column}=?")
                params.append(value)
        async with self._reading() as con:
            found = await con.fetch(self.dialect.stats(where), params)
        return [rows.stats_from_row(r) for r in found]

    async def history(
        self, *, guild_id: int | None, channel_id: int | None = None, user_id: int | None = None, limit: int = 10
    ) -> list[dict[str, Any]]:
        """The newest ended games (that were started) of a channel, or of a user in a server."""
        head = f"SELECT {sql.HISTORY_COLUMNS}{sql.HISTORY_FROM}"
        if user_id is not None:
            query = (
                f"{head} JOIN seats st ON st.session_id = se.id WHERE st.user_id=? AND {sql.HISTORY_ENDED}"
                + (" AND se.guild_id=?" if guild_id is not None else "")
                + " ORDER BY se.id DESC LIMIT ?"
            )
            params: tuple[Any, ...] = (user_id, *((guild_id,) if guild_id is not None else ()), limit)
        else:
            query = f"{head} WHERE se.channel_id=? AND {sql.HISTORY_ENDED} ORDER BY se.id DESC LIMIT ?"
            params = (channel_id, limit)
        async with self._reading() as con:
            out = []
            for r in await con.fetch(query, params):
                names = [n[0] for n in await con.fetch(sql.SEAT_NAMES, (r[0],))]
                out.append(rows.history_from_row(r, names))
        return out

    async def user_data(self, user_id: int) -> dict[str, Any]:
        """Everything stored that points at one user, for ``/game mydata`` (counts and rows, no payloads)."""
        async with self._reading() as con:
            seats = [rows.user_seat_from_row(r) for r in await con.fetch(sql.SEATS_OF_USER, (user_id,))]
            actions = {int(r[0]): int(r[1]) for r in await con.fetch(sql.ACTIONS_OF_USER, (user_id,))}
            results, wins = await con.fetchrow(sql.RESULTS_OF_USER, (user_id,)) or (0, 0)
            hosted, ended = await con.fetchrow(sql.SESSIONS_OF_USER, (user_id, user_id)) or (0, 0)
            rated = [rows.user_rating_from_row(r) for r in await con.fetch(sql.RATINGS_OF_USER, (user_id,))]
        return {
            "seats": seats,
            "actions": actions,
            "results": int(results),
            "wins": int(wins),
            "hosted": int(hosted),
            "ended": int(ended),
            "ratings": rated,
        }

    async def forget_user(self, user_id: int, name: str) -> dict[str, int]:
        """Remove one user's id from every table, in one transaction; their seats keep ``name``.

        Seats, actions, results JSON and sessions (host, ended_by) lose the id;
        their stats rows go; their rating rows are anonymised.  The games
        themselves stay (other players' records and replays need them).  Live sessions must have been left first: a
        live record in memory would write the id back on its next save.
        Counts per table are returned for the confirmation message.
        """
        counts: dict[str, int] = {}
        async with self._transaction() as con:
            counts["seats"] = await con.execute(sql.FORGET_IN_SEATS, (name, user_id))
            await con.execute(sql.FORGET_AS_LEAVER, (name, user_id))
            counts["actions"] = await con.execute(sql.FORGET_IN_ACTIONS, (user_id,))
            counts["stats"] = await con.execute(sql.FORGET_IN_STATS, (user_id,))
            await con.execute(sql.FORGET_AS_HOST, (user_id,))
            await con.execute(sql.FORGET_AS_ENDER, (user_id,))
            # their ratings keep their numbers (others' ratings were made against them) under a random
            # negative number nothing links to them; the leaderboard shows only real ids
            anon = -1 - secrets.randbelow(2**52)
            await con.execute(slow.FORGET_PREFS, (user_id,))  # their /game notify choices
            await con.execute(slow.FORGET_NOTICES, (user_id,))
            await con.execute(slow.DROP_AWAY, (user_id,))
            # results before ratings, as every writer of both does: a recompute locks the results first
            naming = await con.fetch(self.dialect.results_naming_user, (self.dialect.json_user_id(user_id),) * 2)
            for session_id, raw in naming:
                await con.execute(sql.SET_RESULT, (rows.result_without_user(raw, user_id, name, anon), session_id))
            counts["results"] = len(naming)
            counts["ratings"] = await forget_ratings(con, user_id, anon, name)
        return counts
