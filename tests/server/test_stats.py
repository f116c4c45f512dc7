"""Stats and leaderboards match a known sequence of games; AI seats never rank; the threshold holds."""

from __future__ import annotations

import json
import sqlite3
from importlib import resources
from pathlib import Path
from typing import Any

from bot.core import stats
from bot.core.store import SeatRecord, Store

A, B, C = 101, 102, 103
AI = None


async def _finish(store: Store, game: str, guild: int, seats: list[int | None], winners: list[int],
                  *, result: bool = True) -> int:  # fmt: skip
    """Store one ended game the way SessionManager does: seats, then the result JSON with its seat list."""
    names = {A: "alice", B: "bob", C: "carol"}
    records = [
        SeatRecord(seat=i, name=names.get(uid, f"AI {i}") if uid else f"AI {i}", user_id=uid,
                   ai_level=None if uid else "normal")
        for i, uid in enumerate(seats)
    ]  # fmt: skip
    host = next(u for u in seats if u)
    record = await store.create_session(game=game, guild_id=guild, channel_id=9000 + guild, host_id=host, seed=1,
                                        options={}, locale="en", seats=records)  # fmt: skip
    record.status = "finished" if result else "abandoned"
    record.state = {"over": True}
    data: dict[str, Any] | None = None
    if result:
        data = {
            "winners": winners,
            "scores": [0] * len(seats),
            "reason": "test",
            "seats": [{"user_id": s.user_id, "name": s.name, "ai": s.ai_level} for s in records],
        }
    await store.finish(record, data)
    return record.id

DUEL = "portas"  # a two-player game: most of the sequence
PARTY = "eminit"  # a game of three or more (a shared win)


async def _known_sequence(store: Store) -> None:
    await _finish(store, DUEL, 1, [A, B], [0])
    await _finish(store, DUEL, 1, [A, B], [1])
    await _finish(store, DUEL, 1, [A, AI], [0])
    await _finish(store, DUEL, 1, [AI, A], [0])  # the AI won
    await _finish(store, DUEL, 1, [A, B], [])  # draw
    await _finish(store, DUEL, 1, [C, A], [1])
    await _finish(store, DUEL, 1, [B, AI], [0])
    await _finish(store, DUEL, 1, [B, C], [0])
    await _finish(store, DUEL, 1, [C, B], [0])
    await _finish(store, DUEL, 1, [AI, B], [1])
    await _finish(store, PARTY, 1, [A, C, AI], [0, 1])  # a shared win
    await _finish(store, DUEL, 2, [A, B], [0])  # another server
    await _finish(store, DUEL, 1, [A, B], [], result=False)  # reset mid-game: no result, no record


def _by_game(rows: list[dict[str, Any]]) -> dict[str, tuple[int, int, int]]:
    return {r["game"]: (r["played"], r["won"], r["drawn"]) for r in rows}


async def test_stats_match_the_games_played(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    await _known_sequence(store)
    assert _by_game(await store.stats_rows(guild_id=1, user_id=A)) == {DUEL: (6, 3, 1), PARTY: (1, 1, 0)}
    assert _by_game(await store.stats_rows(guild_id=1, user_id=B)) == {DUEL: (7, 4, 1)}
    assert _by_game(await store.stats_rows(guild_id=1, user_id=C)) == {DUEL: (3, 1, 0), PARTY: (1, 1, 0)}
    assert _by_game(await store.stats_rows(guild_id=2, user_id=A)) == {DUEL: (1, 1, 0)}
    assert _by_game(await store.stats_rows(guild_id=None, user_id=A)) == {DUEL: (7, 4, 1), PARTY: (1, 1, 0)}
    per = stats.per_game(await store.stats_rows(guild_id=1, user_id=A))
    assert [line.game for line in per] == [DUEL, PARTY]
    total = stats.total(per)
    assert total is not None and (total.played, total.won, total.drawn, total.lost) == (7, 4, 1, 2)
    assert stats.total([]) is None
    await store.close()


async def test_leaderboard_ranks_humans_with_enough_games(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    await _known_sequence(store)
    rows = await store.stats_rows(guild_id=1, game=DUEL)
    assert {r["user_id"] for r in rows} == {A, B, C}  # no AI row exists at all
    board = stats.leaderboard(rows)
    assert [(x.name, x.won, x.played) for x in board.ranked] == [("bob", 4, 7), ("alice", 3, 6)]
    assert round(board.ranked[0].win_rate, 3) == 0.571 and board.ranked[1].win_rate == 0.5
    assert board.unranked == 1 and board.min_games == stats.MIN_GAMES  # carol: 3 games
    lower = stats.leaderboard(rows, min_games=3)
    assert [x.name for x in lower.ranked] == ["bob", "alice", "carol"] and lower.unranked == 0
    assert stats.leaderboard(await store.stats_rows(guild_id=1, game=PARTY)).ranked == []
    await store.close()


def test_ties_break_on_wins_then_games_then_id() -> None:
    rows = [
        {"user_id": 3, "name": "c", "game": "g", "played": 10, "won": 5, "drawn": 0},
        {"user_id": 2, "name": "b", "game": "g", "played": 6, "won": 3, "drawn": 0},
        {"user_id": 1, "name": "a", "game": "g", "played": 10, "won": 5, "drawn": 0},
        {"user_id": 4, "name": "d", "game": "g", "played": 4, "won": 4, "drawn": 0},
    ]
    board = stats.leaderboard(rows)
    assert [x.user_id for x in board.ranked] == [1, 3, 2] and board.unranked == 1


async def test_history_lists_newest_first_per_channel_and_user(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    await _known_sequence(store)
    channel = await store.history(guild_id=1, channel_id=9001, limit=3)
    assert [e["session_id"] for e in channel] == [13, 11, 10]
    assert channel[0]["result"] is None and channel[0]["status"] == "abandoned"
    assert channel[1]["names"] == ["alice", "carol", "AI 2"] and channel[1]["result"]["winners"] == [0, 1]
    mine = await store.history(guild_id=1, user_id=C, limit=10)
    assert [e["session_id"] for e in mine] == [11, 9, 8, 6]
    assert await store.history(guild_id=2, user_id=C) == []
    await store.close()


async def test_migration_fills_stats_from_results_stored_before_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    first = (resources.files("bot.core.store") / "migrations" / "001_init.sql").read_text(encoding="utf-8")
    con = sqlite3.connect(path)
    con.executescript(first)
    con.execute(
        "INSERT INTO sessions (id, game, guild_id, channel_id, host_id, status, seed, created_at, updated_at)"
        " VALUES (1, 'portas', 1, 5, ?, 'finished', 1, 0, 0)",
        (A,),
    )
    con.execute(
        "INSERT INTO results VALUES (1, 'portas', 1, ?, 10.0)",
        (json.dumps({"winners": [1], "scores": [0, 0], "reason": "x", "seats": [
            {"user_id": A, "name": "alice", "ai": None}, {"user_id": None, "name": "AI 1", "ai": "normal"}]}),),
    )  # fmt: skip
    con.execute("PRAGMA user_version=1")
    con.commit()
    con.close()
    store = await Store.open(path)
    assert _by_game(await store.stats_rows(guild_id=1, user_id=A)) == {DUEL: (1, 0, 0)}
    assert len(await store.stats_rows(guild_id=1)) == 1  # the AI seat was not copied
    await store.close()
