"""The store's SQL, written once with SQLite's ``?`` placeholders, and what each database says its own way.

Why one text: SQLite and PostgreSQL hold the same tables and columns, so most
statements are the same in both but for placeholders; PostgreSQL's connection
numbers them (:func:`numbered`) as it runs them.  A :class:`Dialect` holds the
few statements that really differ: upserts, JSON functions, "latest name" of a
group.  A column added to a statement here is added for both databases.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# -- sessions and seats -------------------------------------------------------------------------------------------

LIVE_IN_CHANNEL = "SELECT id FROM sessions WHERE channel_id=? AND status IN ('lobby','active')"
INSERT_SESSION = (
    "INSERT INTO sessions (game, guild_id, channel_id, host_id, status, options, seed, locale,"
    " created_at, updated_at, turn_timeout, pace, pace_turn) VALUES (?,?,?,?,'lobby',?,?,?,?,?,?,?,?)"
)
UPDATE_SESSION = (
    "UPDATE sessions SET status=?, options=?, state=?, version=?, prompts=?, log=?, locale=?,"
    " board_message_id=?, deadline=?, updated_at=?, ended_at=?, ended_by=?, end_reason=?, host_id=?,"
    " reminded=?, last_human_at=?, turn_timeout=?, pace=?, pace_turn=? WHERE id=?"
)
# A move of a running game leaves ``status`` as it is.  Not writing it keeps SQLite from rewriting
# the entries of both partial indexes on status (it re-indexes every column in a SET list, changed
# or not): 40 % fewer WAL bytes per move, ~25 % more moves per second (bench/store/persistence.py).
UPDATE_MOVE = UPDATE_SESSION.replace("SET status=?, ", "SET ", 1)
assert UPDATE_MOVE != UPDATE_SESSION
INSERT_ACTION = "INSERT INTO actions (session_id, version, seat, user_id, payload, at) VALUES (?,?,?,?,?,?)"
DELETE_SEATS = "DELETE FROM seats WHERE session_id=?"
INSERT_SEAT = (
    "INSERT INTO seats (session_id, seat, user_id, ai_level, name, locale, dm_channel_id, dm_message_id,"
    " dm_closed, timeouts, left_by, hinted) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
)
SET_BOARD_MESSAGE = "UPDATE sessions SET board_message_id=? WHERE id=?"
SET_MOMENTS_MESSAGE = "UPDATE sessions SET moments_message_id=? WHERE id=?"
SET_DM = "UPDATE seats SET dm_channel_id=?, dm_message_id=?, dm_closed=? WHERE session_id=? AND seat=?"
SET_ANNOUNCED = "UPDATE sessions SET announced_at=? WHERE id=?"

SESSION_BY_ID = "SELECT * FROM sessions WHERE id=?"
SEATS_OF_SESSION = "SELECT * FROM seats WHERE session_id=? ORDER BY seat"
# ``{mine}``: the backend's shard condition on ``sessions`` (empty unless several processes share the database).
LIVE_SESSIONS = "SELECT * FROM sessions WHERE status IN ('lobby','active'){mine} ORDER BY id"
LIVE_SEATS = (
    "SELECT seats.* FROM seats JOIN sessions ON sessions.id = seats.session_id"
    " WHERE sessions.status IN ('lobby','active'){mine} ORDER BY seats.session_id, seats.seat"
)
# The start-up query of ends never shown; its WHERE repeats the partial index's (migration 005) so that
# SQLite and PostgreSQL read that index, which holds only such sessions.
UNANNOUNCED = (
    "SELECT * FROM sessions WHERE announced_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned')"
    " AND ended_at >= ?{mine} ORDER BY id"
)

# -- actions, results, stats --------------------------------------------------------------------------------------

ACTIONS_OF_SESSION = "SELECT version, seat, user_id, payload, at FROM actions WHERE session_id=? ORDER BY version"
RESULTS = "SELECT session_id, game, guild_id, result, finished_at FROM results"
RESULT_OF_SESSION = "SELECT result FROM results WHERE session_id=?"
DELETE_PARTICIPANTS = "DELETE FROM participants WHERE session_id=?"
INSERT_PARTICIPANT = (
    "INSERT INTO participants (session_id, seat, user_id, name, guild_id, game, won, draw, finished_at)"
    " VALUES (?,?,?,?,?,?,?,?,?)"
)
HISTORY_COLUMNS = "se.id, se.game, se.status, se.end_reason, se.ended_at, se.channel_id, r.result"
HISTORY_FROM = " FROM sessions se LEFT JOIN results r ON r.session_id = se.id"
# Games that were started: their state, or, once retention pruned it (state emptied), their pruned mark.
HISTORY_ENDED = " se.status IN ('finished','abandoned') AND (se.state IS NOT NULL OR se.pruned_at IS NOT NULL)"
SEAT_NAMES = "SELECT name FROM seats WHERE session_id=? ORDER BY seat"

# -- retention (HISTORY_DAYS, BaseStore.prune_history) -------------------------------------------------------------

# Ended sessions that ended before ``?`` and still hold their moves, oldest first, ``?`` at most.  The WHERE
# repeats the partial index's (migration 006) so that both databases read only that index; ``{mine}`` as above.
PRUNABLE = (
    "SELECT id FROM sessions WHERE pruned_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned')"
    " AND ended_at < ?{mine} ORDER BY id LIMIT ?"
)
# What only a replay reads goes: the action log, and the final state, log lines and prompts.  The row itself,
# its seats, result and participants stay (history, stats, leaderboards).  ``{ids}``: one ``?`` per session.
PRUNE_ACTIONS = "DELETE FROM actions WHERE session_id IN ({ids})"
PRUNE_SESSIONS = "UPDATE sessions SET state=NULL, log='[]', prompts='{{}}', pruned_at=? WHERE id IN ({ids})"


def id_list(count: int) -> str:
    """``?,?,…``: ``count`` placeholders for an ``IN ({ids})`` list."""
    return ",".join("?" * count)


# -- settings -----------------------------------------------------------------------------------------------------

GUILD_SETTINGS = "SELECT data FROM guild_settings WHERE guild_id=?"
SET_GUILD_SETTINGS = (
    "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET data=excluded.data"
)

# -- one user's data (/game mydata, /game forgetme) ---------------------------------------------------------------

SEATS_OF_USER = (
    "SELECT st.session_id, st.seat, st.name, st.locale, st.ai_level, st.dm_channel_id IS NOT NULL,"
    " se.game, se.guild_id, se.channel_id, se.status, se.created_at FROM seats st"
    " JOIN sessions se ON se.id = st.session_id WHERE st.user_id=? ORDER BY st.session_id"
)
ACTIONS_OF_USER = "SELECT session_id, COUNT(*) FROM actions WHERE user_id=? GROUP BY session_id"
RESULTS_OF_USER = "SELECT COUNT(*), COALESCE(SUM(won), 0) FROM participants WHERE user_id=?"
SESSIONS_OF_USER = (
    "SELECT (SELECT COUNT(*) FROM sessions WHERE host_id=?), (SELECT COUNT(*) FROM sessions WHERE ended_by=?)"
)
RATINGS_OF_USER = "SELECT guild_id, game, mu, sigma, games FROM ratings WHERE user_id=? ORDER BY guild_id, game"
FORGET_IN_SEATS = "UPDATE seats SET user_id=NULL, name=?, dm_channel_id=NULL, dm_message_id=NULL WHERE user_id=?"
FORGET_AS_LEAVER = "UPDATE seats SET left_by=NULL, name=? WHERE left_by=?"  # the seat they left kept their name
# (session, guild, channel) of each live session whose record names a user: seated, as the one who left a seat, host
LIVE_ROUTES_OF = (
    "SELECT DISTINCT se.id, se.guild_id, se.channel_id FROM sessions se JOIN seats st ON st.session_id = se.id"
    " WHERE (st.user_id=? OR st.left_by=? OR se.host_id=?) AND se.status IN ('lobby', 'active')"
)
FORGET_IN_ACTIONS = "UPDATE actions SET user_id=NULL WHERE user_id=?"
FORGET_IN_STATS = "DELETE FROM participants WHERE user_id=?"
FORGET_AS_HOST = "UPDATE sessions SET host_id=0 WHERE host_id=?"
FORGET_AS_ENDER = "UPDATE sessions SET ended_by=NULL WHERE ended_by=?"
SET_RESULT = "UPDATE results SET result=? WHERE session_id=?"


@dataclass(frozen=True)
class Dialect:
    """The statements one database writes its own way (all with ``?`` placeholders)."""

    upsert_result: str  # a session's result, replacing an earlier one
    moderator_roles: str  # (guild id, role id) of every server that set a moderator role
    latest_name: str  # the stats query's name column: a player's name in their newest game of the group
    results_naming_user: str  # (session id, result JSON) of results naming one user id (as player, as leaver)
    json_user_id: Callable[[int], Any]  # how that query's parameter is passed (its JSON holds a number)
    # Serialising rating writes (bot.core.store.topics.ratings); empty where the database's one writer already does
    # (SQLite: BEGIN IMMEDIATE).  One server and game's ratings: read, rated and written by one result at a time.
    lock_ratings: str = ""  # parameter: the lock's name (server and game)
    lock_results: str = ""  # a recompute's write: no result is written or rewritten until it commits

    def stats(self, where: list[str]) -> str:
        """Per (user, game) counts from ``participants``, filtered by ``where`` (``column=?`` terms)."""
        return (
            f"SELECT user_id, game, COUNT(*), SUM(won), SUM(draw), {self.latest_name} FROM participants"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " GROUP BY user_id, game"
        )


SQLITE = Dialect(
    upsert_result="INSERT OR REPLACE INTO results (session_id, game, guild_id, result, finished_at) VALUES (?,?,?,?,?)",
    moderator_roles=(
        "SELECT guild_id, json_extract(data, '$.moderator_role') FROM guild_settings"
        " WHERE json_extract(data, '$.moderator_role') IS NOT NULL"
    ),
    # SQLite's bare column beside MAX(): taken from the row holding the maximum
    latest_name="name, MAX(finished_at)",
    results_naming_user=(
        "SELECT r.session_id, r.result FROM results r WHERE EXISTS (SELECT 1 FROM json_each(r.result,"
        " '$.seats') s WHERE json_extract(s.value, '$.user_id') = ? OR json_extract(s.value, '$.left') = ?)"
    ),
    json_user_id=int,
)

POSTGRES = Dialect(
    upsert_result=(
        "INSERT INTO results (session_id, game, guild_id, result, finished_at) VALUES (?,?,?,?,?)"
        " ON CONFLICT (session_id) DO UPDATE SET game=excluded.game, guild_id=excluded.guild_id,"
        " result=excluded.result, finished_at=excluded.finished_at"
    ),
    moderator_roles=(
        "SELECT guild_id, data::jsonb ->> 'moderator_role' FROM guild_settings"
        " WHERE jsonb_typeof(data::jsonb -> 'moderator_role') IN ('number', 'string')"
    ),
    latest_name="(ARRAY_AGG(name ORDER BY finished_at DESC))[1]",
    results_naming_user=(
        "SELECT r.session_id, r.result FROM results r WHERE EXISTS (SELECT 1 FROM"
        " jsonb_array_elements(COALESCE(r.result::jsonb -> 'seats', '[]'::jsonb)) s"
        " WHERE s ->> 'user_id' = ?::text OR s ->> 'left' = ?::text)"
    ),
    json_user_id=str,  # ->> gives text: compare the id's digits
    # READ COMMITTED: without it two games of one player ending together both rate from the same "before"
    lock_ratings="SELECT pg_advisory_xact_lock(hashtextextended(?, 0))",
    # conflicts with the ROW EXCLUSIVE lock every write to results takes (a game's end, a forget-me)
    lock_results="LOCK TABLE results IN SHARE ROW EXCLUSIVE MODE",
)


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders -> PostgreSQL's ``$1, $2, …`` (our statements have no ``?`` in literals); cached."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], 1):
        out.append(f"${i}{part}")
    return "".join(out)
