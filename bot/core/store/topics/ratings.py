"""Ratings in the database: kept in the transaction that records a result, read by the UI.

Why in the store: a finished game's rating change must be live exactly when
its result is (the same commit: a crash never leaves one without the other),
and a game is rated once however often its result is written (the
``rating_changes`` rows of a session are the mark).  The maths is
:mod:`bot.core.ratings`; here are only reads and writes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from bot.core import ratings
from bot.core.ratings import Change, Skill, replay
from bot.core.store import rows, sql
from bot.core.store.backend import Backend, Connection

UPSERT = (
    "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, updated_at) VALUES (?,?,?,?,?,?,?,?)"
    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name=excluded.name, mu=excluded.mu,"
    " sigma=excluded.sigma, games=excluded.games, updated_at=excluded.updated_at"
)
INSERT_CHANGE = (
    "INSERT INTO rating_changes (session_id, seat, guild_id, game, user_id, mu_before, sigma_before, games_before,"
    " mu, sigma, at) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
)
RATED = "SELECT 1 FROM rating_changes WHERE session_id=? LIMIT 1"
CURRENT = "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game=? AND user_id IN ({ids})"
CHANGES_OF_SESSION = (
    "SELECT seat, user_id, mu_before, sigma_before, games_before, mu, sigma FROM rating_changes"
    " WHERE session_id=? ORDER BY seat"
)
BOARD = "SELECT user_id, name, mu, sigma, games FROM ratings WHERE guild_id=? AND game=? AND user_id > 0"
OF_USER = "SELECT game, name, mu, sigma, games FROM ratings WHERE guild_id=? AND user_id=?"
TREND = (
    "SELECT mu_before, sigma_before, mu, sigma FROM rating_changes WHERE guild_id=? AND game=? AND user_id=?"
    " ORDER BY at DESC, session_id DESC LIMIT ?"
)
ALL_RATINGS = "SELECT guild_id, game, user_id, mu, sigma, games FROM ratings ORDER BY guild_id, game, user_id"
# Every stored result in the order the games ended (the recompute's and the first start's order).
ALL_RESULTS = "SELECT session_id, game, guild_id, result, finished_at FROM results ORDER BY finished_at, session_id"
ALL_SETTINGS = "SELECT guild_id, data FROM guild_settings"
RECOMPUTE_TRIES = 5
CLAIM_BACKFILL = "UPDATE ratings_backfill SET done=1 WHERE done=0"
FORGET_RATINGS = "UPDATE ratings SET user_id=?, name=? WHERE user_id=?"
FORGET_CHANGES = "UPDATE rating_changes SET user_id=? WHERE user_id=?"


class ResultsChanging(RuntimeError):
    """A recompute found the results changed under it every time it tried (a busy bot): nothing was written."""


def results_digest(found: list[Any]) -> str:
    """A checksum of the stored results as read (every column of every row, in order): any change shows."""
    digest = hashlib.sha256()
    for row in found:
        digest.update(repr(tuple(row)).encode())
    return digest.hexdigest()


def _skill(mu: Any, sigma: Any, games: Any) -> Skill:
    return Skill(float(mu), float(sigma), int(games))


def _numbers(s: Skill) -> tuple[float, float, int]:
    return (s.mu, s.sigma, s.games)


def _change_row(session_id: int, guild_id: int | None, game: str, c: Change, at: float) -> tuple[Any, ...]:
    """The parameters of ``INSERT_CHANGE`` for one player's change in one game."""
    return (session_id, c.seat, guild_id, game, c.user_id, *_numbers(c.before), c.after.mu, c.after.sigma, at)


class RatingQueries(Backend):
    """Rating writes inside a result's transaction, the recompute, and the reads of the UI."""

    async def _rate_result(
        self, con: Connection, session_id: int, game: str, guild_id: int | None, result: Mapping[str, Any], at: float
    ) -> list[Change]:
        """Rate one stored result inside the caller's transaction (nothing if unrated or rated already)."""
        if guild_id is None or await con.fetchval(RATED, (session_id,)) is not None:
            return []
        raw = await con.fetchval(sql.GUILD_SETTINGS, (guild_id,))
        if not ratings.rated(result, guild_id, rows.loads(raw) if raw else {}):
            return []
        seats = result.get("seats") or []
        players = [p for p in (ratings.player_of(s) for s in seats) if p is not None]
        found = await con.fetch(CURRENT.format(ids=sql.id_list(len(players))), (guild_id, game, *players))
        current = {int(r[0]): _skill(r[1], r[2], r[3]) for r in found}
        changes = ratings.rate_result(game, result, current)
        await con.executemany(
            UPSERT,
            [
                (guild_id, game, c.user_id, seats[c.seat].get("name") or "", *_numbers(c.after), at)
                for c in changes
            ],
        )
        await con.executemany(INSERT_CHANGE, [_change_row(session_id, guild_id, game, c, at) for c in changes])
        return changes

    async def _lock_ratings(self, con: Connection, guild_id: int | None, game: str) -> None:
        """Serialise the results of one server and game, to the commit (before their end time is read).

        Why: two games of one player ending at the same moment would both rate
        from the same "before" (PostgreSQL's READ COMMITTED), and one game would
        be lost from their rating.  Taken before the result's time is read, the
        order of the rating updates is the order of the stored end times: the
        one a recompute replays.
        """
        if guild_id is not None and self.dialect.lock_ratings:
            await con.execute(self.dialect.lock_ratings, (f"kado-ratings:{guild_id}:{game}",))

    @staticmethod
    async def _replayed(con: Connection, found: list[Any] | None = None) -> replay.Replayed:
        """Every stored result (``found``: as read already) rated again from nothing, in memory (``replay.replay``)."""
        found = await con.fetch(ALL_RESULTS) if found is None else found
        results = [replay.Stored(int(r[0]), str(r[1]), r[2], rows.loads(r[3]), float(r[4])) for r in found]
        settings = {int(r[0]): rows.loads(r[1]) for r in await con.fetch(ALL_SETTINGS)}
        return replay.replay(results, lambda guild: settings.get(guild, {}))

    @staticmethod
    async def _write_all(con: Connection, done: replay.Replayed) -> int:
        """Replace both tables with a replay's outcome (inside the caller's transaction); games rated."""
        await con.execute("DELETE FROM rating_changes")
        await con.execute("DELETE FROM ratings")
        kept = []
        for (guild, game), board in done.boards.items():
            for user, skill in board.items():
                name, at = done.latest[(guild, game, user)]
                kept.append((guild, game, user, name, *_numbers(skill), at))
        await con.executemany(UPSERT, kept)
        await con.executemany(
            INSERT_CHANGE, [_change_row(s.session_id, s.guild_id, s.game, c, s.finished_at) for s, c in done.changes]
        )
        return done.games

    async def recompute_ratings(self) -> int:
        """Rebuild every rating from the stored results (operators: ``kado-ratings recompute``); games rated.

        The rating is done outside the write transaction, which then checks
        that the results are exactly the ones rated (a checksum of every row:
        a forget-me rewrites a result without changing how many there are or
        when they ended) and writes, with the results locked against writers
        until it commits; if they changed, it rates again.  A running bot's
        moves never wait for the arithmetic.
        """
        for _ in range(RECOMPUTE_TRIES):
            async with self._reading() as con:
                found = await con.fetch(ALL_RESULTS)
                done = await self._replayed(con, found)
            async with self._transaction() as con:
                if self.dialect.lock_results:
                    await con.execute(self.dialect.lock_results)
                if results_digest(await con.fetch(ALL_RESULTS)) == results_digest(found):
                    return await self._write_all(con, done)
        raise ResultsChanging(f"results kept changing during {RECOMPUTE_TRIES} recomputes; try again later")

    async def backfill_ratings(self) -> int | None:
        """Rate the games finished before ratings existed, once (the first start after migration 007).

        Claimed by an UPDATE in the same transaction, so two shard processes
        starting together rate them once; None when it was done already.
        """
        async with self._transaction() as con:
            if not await con.execute(CLAIM_BACKFILL):
                return None
            return await self._write_all(con, await self._replayed(con))

    async def all_ratings(self) -> list[tuple[int, str, int, float, float, int]]:
        """Every stored rating (guild, game, user, mu, sigma, games): what a recompute must reproduce."""
        async with self._reading() as con:
            return [
                (int(r[0]), str(r[1]), int(r[2]), float(r[3]), float(r[4]), int(r[5]))
                for r in await con.fetch(ALL_RATINGS)
            ]

    async def session_rating_changes(self, session_id: int) -> list[Change]:
        """What one game did to its players' ratings (empty: not rated)."""
        async with self._reading() as con:
            found = await con.fetch(CHANGES_OF_SESSION, (session_id,))
        return [
            Change(int(r[0]), int(r[1]), _skill(r[2], r[3], r[4]), _skill(r[5], r[6], int(r[4]) + 1)) for r in found
        ]

    async def rating_board(self, guild_id: int, game: str) -> list[tuple[int, str, Skill]]:
        """Every (user id, latest name, rating) of one game in one server; forgotten players are not in it."""
        async with self._reading() as con:
            found = await con.fetch(BOARD, (guild_id, game))
        return [(int(r[0]), str(r[1]), _skill(r[2], r[3], r[4])) for r in found]

    async def user_ratings(self, guild_id: int, user_id: int) -> dict[str, Skill]:
        """game -> one player's rating in one server."""
        async with self._reading() as con:
            found = await con.fetch(OF_USER, (guild_id, user_id))
        return {str(r[0]): _skill(r[2], r[3], r[4]) for r in found}

    async def players_ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Skill]:
        """The ratings of some players in one game (the lobby's seats); new players are missing."""
        if not user_ids:
            return {}
        async with self._reading() as con:
            found = await con.fetch(CURRENT.format(ids=sql.id_list(len(user_ids))), (guild_id, game, *user_ids))
        return {int(r[0]): _skill(r[1], r[2], r[3]) for r in found}

    async def rating_trend(self, guild_id: int, game: str, user_id: int, last: int = 20) -> list[int]:
        """The shown rating before their last ``last`` rated games and after each, oldest first."""
        async with self._reading() as con:
            found = list(reversed(await con.fetch(TREND, (guild_id, game, user_id, last))))
        if not found:
            return []
        return [ratings.shown(found[0][0], found[0][1]), *(ratings.shown(r[2], r[3]) for r in found)]


async def forget_ratings(con: Connection, user_id: int, anon: int, name: str) -> int:
    """Inside forget_user's transaction: the player's rating rows keep their numbers under ``anon``."""
    count = await con.execute(FORGET_RATINGS, (anon, name, user_id))
    await con.execute(FORGET_CHANGES, (anon, user_id))
    return count
