"""Ratings in the store: written with the result, AI levels fixed, resets unrated, recompute, forget-me, backfill."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot.core import ratings
from bot.core.ratings import Skill, level_skill
from bot.core.store import SeatRecord, Store

A, B, C, D = 101, 102, 103, 104
NAMES = {A: "alice", B: "bob", C: "carol", D: "dave"}


async def finish(store: Any, game: str, seats: list[int | str], winners: list[int], *,
                 scores: list[float] | None = None, guild: int = 1, result: bool = True) -> int:  # fmt: skip
    """One ended game stored as SessionManager stores it; a ``str`` seat is an AI of that level."""
    records = [
        SeatRecord(seat=i, name=NAMES[s] if isinstance(s, int) else f"AI {i}",
                   user_id=s if isinstance(s, int) else None, ai_level=s if isinstance(s, str) else None)
        for i, s in enumerate(seats)
    ]  # fmt: skip
    host = next(s for s in seats if isinstance(s, int))
    record = await store.create_session(game=game, guild_id=guild, channel_id=9000 + guild, host_id=host, seed=1,
                                        options={}, locale="en", seats=records)  # fmt: skip
    record.status = "finished" if result else "abandoned"
    record.end_reason = None if result else "reset"
    data: dict[str, Any] | None = None
    if result:
        data = {
            "winners": winners,
            "scores": scores or [0] * len(seats),
            "reason": "test",
            "seats": [{"user_id": s.user_id, "name": s.name, "ai": s.ai_level} for s in records],
        }
    await store.finish(record, data)
    return record.id

DUEL = "portas"  # a two-player game
FOUR = "promotion"  # a game of exactly four
PARTY = "eminit"  # a game of three to five


async def some_games(store: Any) -> None:
    await finish(store, DUEL, [A, B], [0], scores=[9, 4])
    await finish(store, DUEL, [B, "strong"], [1])
    await finish(store, FOUR, [A, B, C, D], [2])
    await finish(store, PARTY, [A, "easy", C], [], scores=[5, 5, 2])
    await finish(store, DUEL, [A, C], [1])
    await finish(store, DUEL, [A, B], [0], guild=2)


async def stored_games(path: Path) -> list[Any]:
    """A SQLite file holding :func:`some_games`; their ratings (the store is closed, even on a failure)."""
    store = await Store.open(path)
    try:
        await some_games(store)
        return await store.all_ratings()
    finally:
        await store.close()


async def test_a_result_is_rated_in_its_commit(store: Any) -> None:
    sid = await finish(store, DUEL, [A, B], [1], scores=[3, 7])
    changes = await store.session_rating_changes(sid)
    assert [(c.user_id, c.delta > 0) for c in changes] == [(A, False), (B, True)]
    board = {uid: (name, skill) for uid, name, skill in await store.rating_board(1, DUEL)}
    assert board[B][0] == "bob" and board[B][1].games == 1 and board[B][1].shown == changes[1].after.shown
    assert await store.rating_trend(1, DUEL, B) == [1500, changes[1].after.shown]
    await store.close()


async def test_ai_ratings_never_move_and_count_as_opponents(store: Any) -> None:
    strong = level_skill(DUEL, "strong")
    sid = await finish(store, DUEL, [A, "strong"], [0])
    sid2 = await finish(store, DUEL, [B, "easy"], [0])
    assert level_skill(DUEL, "strong") == strong  # the file's rating, untouched
    (a,) = await store.session_rating_changes(sid)
    (b,) = await store.session_rating_changes(sid2)
    assert a.seat == 0 and b.seat == 0  # the AI seat has no change row
    assert {uid for uid, _, _ in await store.rating_board(1, DUEL)} == {A, B}
    # beating the strong AI is worth more than beating the easy one (when the file ranks them so)
    if strong.mu > level_skill(DUEL, "easy").mu:
        assert a.after.mu - a.before.mu > b.after.mu - b.before.mu
    await store.close()


async def test_reset_game_and_unrated_ai_games(store: Any) -> None:
    reset = await finish(store, DUEL, [A, B], [], result=False)
    assert await store.session_rating_changes(reset) == []
    assert await store.rating_board(1, DUEL) == []
    await store.set_guild_settings(1, {ratings.RATE_AI_GAMES: False})
    with_ai = await finish(store, DUEL, [A, "normal"], [0])
    humans = await finish(store, DUEL, [A, B], [0])
    assert await store.session_rating_changes(with_ai) == []
    assert len(await store.session_rating_changes(humans)) == 2
    await store.close()


async def test_recompute_gives_the_stored_ratings(store: Any) -> None:
    await some_games(store)
    stored = await store.all_ratings()
    assert len(stored) == 3 + 4 + 2 + 2  # server 1: PORTAS, Promotion, Eminit; server 2: PORTAS
    assert await store.recompute_ratings() == 6
    assert await store.all_ratings() == stored
    await store.close()


async def test_forget_me_leaves_the_board_and_keeps_the_numbers(store: Any) -> None:
    await some_games(store)
    before = {(g, u): (mu, sigma) for _, g, u, mu, sigma, _ in await store.all_ratings() if u != A}
    assert {r["game"] for r in (await store.user_data(A))["ratings"]} == {DUEL, FOUR, PARTY}  # mydata
    counts = await store.forget_user(A, "deleted user")
    assert (await store.user_data(A))["ratings"] == []
    assert counts["ratings"] == 4
    for game in (DUEL, FOUR, PARTY):
        board = await store.rating_board(1, game)
        assert A not in {uid for uid, _, _ in board} and "alice" not in {name for _, name, _ in board}
    assert await store.user_ratings(1, A) == {}
    await store.recompute_ratings()  # the others' numbers rest on games against A: still the same
    after = {(g, u): (mu, sigma) for _, g, u, mu, sigma, _ in await store.all_ratings() if u > 0}
    assert after == before
    await store.close()


async def test_first_start_rates_the_games_already_stored(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    stored = await stored_games(path)
    with sqlite3.connect(path) as db:  # as a database from before migration 007 looks once migrated
        db.execute("DELETE FROM ratings")
        db.execute("DELETE FROM rating_changes")
        db.execute("UPDATE ratings_backfill SET done=0")
    store = await Store.open(path)
    try:
        assert await store.all_ratings() == stored
        assert await store.backfill_ratings() is None  # once only
    finally:
        await store.close()  # a store left open keeps its thread, and pytest, alive


def test_new_player_shows_1500() -> None:
    assert Skill().shown == 1500 and Skill().provisional


async def test_operator_recompute_command_says_the_numbers_are_the_same(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    path = tmp_path / "k.sqlite3"
    stored = await stored_games(path)
    env = {**os.environ, "DATABASE_PATH": str(path), "DATABASE_URL": ""}
    done = subprocess.run([sys.executable, "-m", "bot.ratings_cli", "recompute"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "rated 6 games again; 11 ratings, the same as stored" in done.stdout
    store = await Store.open(path)
    try:
        assert await store.all_ratings() == stored
    finally:
        await store.close()
