"""Records to table rows and back, for every backend.

Why here: SQLite and PostgreSQL hold the same tables with the same columns,
and JSON columns hold the same text in both (tests/store/test_backends.py
checks the schemas), so a row is built and read the same way whatever the
database.  Rows from either driver work: readers only index them by column
name (``sqlite3.Row`` and ``asyncpg.Record`` both allow it) or by position.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.core.store.records import SeatRecord, SessionRecord

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; plain json still works without it
    orjson = None  # type: ignore[assignment]

Row = Any  # sqlite3.Row or asyncpg.Record: indexable by position and by column name


def dumps(value: Any) -> str:
    """The JSON text of a column: compact and UTF-8 as is, identical in both databases.

    Through orjson when installed: a move writes four JSON columns, and the
    json module's encoder was an eighth of a move's time in the store
    (bench/store/persistence.py).  Anything orjson refuses (integers beyond 64 bits,
    exotic types) goes through json; NaN is not a value our states hold.
    """
    if orjson is not None:
        try:
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Any:
    """``json.loads``, through orjson when installed: 2-3× faster on the JSON columns of a row.

    Restoring 10,000 sessions decodes ~40,000 of them at start-up (bench/store/restore.py).
    Anything orjson refuses that json accepts (NaN, integers beyond 64 bits) falls back.
    """
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


# -- writing ------------------------------------------------------------------------------------------------------


def new_session_params(
    *, game: str, guild_id: int | None, channel_id: int, host_id: int, seed: int, options: dict[str, Any],
    locale: str, now: float, turn_timeout: float | None = None, pace: str | None = None,
    pace_turn: float | None = None,
) -> tuple[Any, ...]:
    """The parameters of ``sql.INSERT_SESSION`` (a new lobby)."""
    return (game, guild_id, channel_id, host_id, dumps(options), seed, locale, now, now, turn_timeout, pace, pace_turn)


def session_params(r: SessionRecord) -> tuple[Any, ...]:
    """The parameters of ``sql.UPDATE_SESSION`` for ``r`` (JSON columns encoded); ``[1:]`` for ``sql.UPDATE_MOVE``."""
    return (
        r.status,
        dumps(r.options),
        dumps(r.state) if r.state is not None else None,
        r.version,
        dumps(r.prompts),
        dumps(r.log),
        r.locale,
        r.board_message_id,
        r.deadline,
        r.updated_at,
        r.ended_at,
        r.ended_by,
        r.end_reason,
        r.host_id,
        int(r.reminded),
        r.last_human_at,
        r.turn_timeout,
        r.pace,
        r.pace_turn,
        r.id,
    )


def action_row(r: SessionRecord, seat: int, user_id: int | None, payload: dict[str, Any], at: float) -> tuple[Any, ...]:
    """The parameters of ``sql.INSERT_ACTION``: the move that brought ``r`` to its current version."""
    return (r.id, r.version, seat, user_id, dumps(payload), at)


def seat_rows(r: SessionRecord) -> list[tuple[Any, ...]]:
    """The parameters of ``sql.INSERT_SEAT``, one tuple per seat of ``r``."""
    return [
        (
            r.id,
            s.seat,
            s.user_id,
            s.ai_level,
            s.name,
            s.locale,
            s.dm_channel_id,
            s.dm_message_id,
            int(s.dm_closed),
            s.timeouts,
            s.left_by,
            int(s.hinted),
        )
        for s in r.seats
    ]


def participant_rows(r: SessionRecord, result: dict[str, Any], finished_at: float) -> list[tuple[Any, ...]]:
    """The parameters of ``sql.INSERT_PARTICIPANT``: one stats row per *human* seat of a result.

    AI seats (no user id) never get one, so no AI can reach a leaderboard.
    """
    winners = set(result.get("winners") or [])
    return [
        (
            r.id,
            i,
            s["user_id"],
            s.get("name") or "",
            r.guild_id,
            r.game,
            int(i in winners),
            int(not winners),
            finished_at,
        )
        for i, s in enumerate(result.get("seats") or [])
        if s.get("user_id") is not None
    ]


def result_without_user(raw: str, user_id: int, name: str, anon: int | None = None) -> str:
    """A stored result's JSON with ``user_id``'s seats anonymised (id gone, ``name`` shown instead).

    ``anon``: the anonymous number their ratings keep (``bot.core.ratings.rate``), so that a recompute
    still rates that seat as the same (unknown) player and everyone else's numbers stay the same.
    """
    data = json.loads(raw)
    for seat in data.get("seats") or []:
        if seat.get("user_id") == user_id:
            seat["user_id"] = None
            seat["name"] = name
            if anon is not None:
                seat["anon"] = anon
        if seat.get("left") == user_id:  # they left this game (rated last in it): the same anonymous number
            seat["left"] = anon
            seat["name"] = name  # the seat they left kept their name
    return dumps(data)


# -- reading ------------------------------------------------------------------------------------------------------


def new_session_record(
    session_id: int, *, game: str, guild_id: int | None, channel_id: int, host_id: int, seed: int,
    options: dict[str, Any], locale: str, seats: list[SeatRecord], now: float, turn_timeout: float | None = None,
    pace: str | None = None, pace_turn: float | None = None,
) -> SessionRecord:
    """The record of a lobby just inserted with ``new_session_params`` (no read back needed)."""
    return SessionRecord(
        id=session_id,
        game=game,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        status="lobby",
        seed=seed,
        created_at=now,
        updated_at=now,
        options=dict(options),
        locale=locale,
        seats=list(seats),
        turn_timeout=turn_timeout,
        pace=pace or "live",
        pace_turn=pace_turn,
    )


def session_from_row(row: Row) -> SessionRecord:
    """A ``sessions`` row (``SELECT *``) as a record, without its seats."""
    return SessionRecord(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        seed=row["seed"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        options=loads(row["options"]),
        state=loads(row["state"]) if row["state"] is not None else None,
        version=row["version"],
        prompts=loads(row["prompts"]),
        log=loads(row["log"]),
        locale=row["locale"],
        board_message_id=row["board_message_id"],
        moments_message_id=row["moments_message_id"],
        deadline=row["deadline"],
        ended_at=row["ended_at"],
        ended_by=row["ended_by"],
        end_reason=row["end_reason"],
        announced_at=row["announced_at"],
        pruned_at=row["pruned_at"],
        reminded=bool(row["reminded"]),
        last_human_at=row["last_human_at"],
        turn_timeout=row["turn_timeout"],
        pace=row["pace"] or "live",
        pace_turn=row["pace_turn"],
    )


def seat_from_row(row: Row) -> SeatRecord:
    """A ``seats`` row (``SELECT *``) as a record."""
    return SeatRecord(
        seat=row["seat"],
        name=row["name"],
        user_id=row["user_id"],
        ai_level=row["ai_level"],
        locale=row["locale"],
        dm_channel_id=row["dm_channel_id"],
        dm_message_id=row["dm_message_id"],
        dm_closed=bool(row["dm_closed"]),
        timeouts=row["timeouts"],
        left_by=row["left_by"],
        hinted=bool(row["hinted"]),
    )


def user_rating_from_row(r: Sequence[Any]) -> dict[str, Any]:
    """A row of ``sql.RATINGS_OF_USER`` (``/game mydata``): the numbers kept, as stored."""
    return {"guild_id": str(r[0]), "game": r[1], "mu": float(r[2]), "sigma": float(r[3]), "games": int(r[4])}


def action_from_row(r: Sequence[Any]) -> dict[str, Any]:
    """A row of ``sql.ACTIONS_OF_SESSION``."""
    return {"version": r[0], "seat": r[1], "user_id": r[2], "payload": loads(r[3]), "at": r[4]}


def result_from_row(r: Sequence[Any]) -> dict[str, Any]:
    """A row of ``sql.RESULTS``."""
    return {"session_id": r[0], "game": r[1], "guild_id": r[2], "result": loads(r[3]), "finished_at": r[4]}


def stats_from_row(r: Sequence[Any]) -> dict[str, Any]:
    """A row of the stats query (``Dialect.stats``): sums come back as integers from both databases."""
    return {"user_id": r[0], "game": r[1], "played": r[2], "won": int(r[3]), "drawn": int(r[4]), "name": r[5]}


# The columns of sql.HISTORY_COLUMNS and sql.SEATS_OF_USER, in order, as the keys of the dicts they become.
_HISTORY_KEYS = ("session_id", "game", "status", "end_reason", "ended_at", "channel_id", "result")
_USER_SEAT_KEYS = (
    "session_id", "seat", "name", "locale", "ai_level", "dm_stored", "game", "guild_id", "channel_id", "status",
    "created_at",
)


def history_from_row(r: Sequence[Any], names: list[str]) -> dict[str, Any]:
    """A row of ``sql.HISTORY_COLUMNS`` and the session's seat names."""
    entry = dict(zip(_HISTORY_KEYS, r, strict=True))
    entry["result"] = loads(entry["result"]) if entry["result"] else None
    entry["names"] = names
    return entry


def user_seat_from_row(r: Sequence[Any]) -> dict[str, Any]:
    """A row of ``sql.SEATS_OF_USER`` (``/game mydata``); SQLite gives ``dm_stored`` as 0/1."""
    entry = dict(zip(_USER_SEAT_KEYS, r, strict=True))
    entry["dm_stored"] = bool(entry["dm_stored"])
    return entry
