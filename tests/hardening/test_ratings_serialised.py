"""Ratings lose nothing: results of one player written at the same moment, and a recompute racing a forget-me.

PostgreSQL runs at READ COMMITTED: two games of one player ending together
(two forfeits at once, in two channels) must not both rate from the same
"before".  A recompute must notice a forget-me that rewrote the results while
it rated them, even one that keeps their count, end times and total length.
The PostgreSQL half runs in ``.ci/run``'s PostgreSQL pass.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.core import privacy
from bot.core.store import SeatRecord, rows
from bot.core.store.topics import server_life as server_life_module
from tests.store.conftest import Backend

A, B = 412_345_678_901_234_101, 412_345_678_901_234_102
GUILD = 1
ANON = 123_456_789_012


async def open_game(store: Any, channel: int, players: list[tuple[int, str]]) -> Any:
    seats = [SeatRecord(seat=i, name=name, user_id=uid) for i, (uid, name) in enumerate(players)]
    record = await store.create_session(game="portas", guild_id=GUILD, channel_id=channel, host_id=players[0][0],
                                        seed=1, options={}, locale="en", seats=seats)  # fmt: skip
    record.status = "finished"
    record.end_reason = "forfeit"
    return record


def won_by_first(record: Any) -> dict[str, Any]:
    seats = [{"user_id": s.user_id, "name": s.name, "ai": None} for s in record.seats]
    return {"winners": [0], "scores": [0, 0], "reason": "forfeit", "seats": seats}


async def test_two_forfeits_at_once_both_count(backend: Backend) -> None:
    """Each round: A wins two games that end at the same moment; every one of them is in A's rating."""
    store = await backend.open()
    rounds = 6
    for n in range(rounds):
        first = await open_game(store, 100 + 2 * n, [(A, "alice"), (B + 2 * n, "bob")])
        second = await open_game(store, 101 + 2 * n, [(A, "alice"), (B + 2 * n + 1, "carol")])
        await asyncio.gather(store.finish(first, won_by_first(first)), store.finish(second, won_by_first(second)))

    stored = {row[2]: row for row in await store.all_ratings()}
    assert stored[A][5] == 2 * rounds  # games rated for A
    before = await store.all_ratings()
    await store.recompute_ratings()
    assert await store.all_ratings() == before  # what was kept is what the results say


def same_length_name(user_id: int) -> str:
    """A name whose seat, once forgotten (id gone, anonymous number, "deleted user"), is exactly as long."""
    probe = {"winners": [0], "scores": [0, 0], "reason": "x", "seats": [{"user_id": user_id, "name": "", "ai": None}]}
    raw = rows.dumps(probe)
    grown = len(rows.result_without_user(raw, user_id, privacy.DELETED_NAME, -1 - ANON)) - len(raw)
    assert grown > 0
    return "n" * grown


async def test_a_recompute_racing_forget_me_does_not_bring_her_back(backend: Backend, monkeypatch: Any) -> None:
    """The forget-me commits while the recompute rates: same count, end times and length of the results."""
    monkeypatch.setattr(server_life_module.secrets, "randbelow", lambda _n: ANON)
    store = await backend.open()
    name = same_length_name(A)
    for n in range(3):
        record = await open_game(store, 200 + n, [(A, name), (B, "bob")])
        await store.finish(record, won_by_first(record))
    real = store._replayed
    raced: list[bool] = []

    async def replayed_then_forgotten(con: Any, found: Any = None) -> Any:
        done = await real(con, found) if found is not None else await real(con)
        if not raced:
            raced.append(True)
            await store.forget_user(A, privacy.DELETED_NAME)  # commits while the recompute holds its numbers
        return done

    store._replayed = replayed_then_forgotten
    await store.recompute_ratings()

    assert raced
    assert all(row[2] != A for row in await store.all_ratings())
    assert all(name not in board_name for _, board_name, _ in await store.rating_board(GUILD, "portas"))
    again = await store.all_ratings()
    store._replayed = real
    await store.recompute_ratings()
    assert await store.all_ratings() == again
    assert json.dumps(again).count(str(A)) == 0


def test_a_recompute_that_never_sees_the_results_still_is_one_line(monkeypatch: Any, tmp_path: Any,
                                                                    capsys: Any) -> None:
    """Results changing under every try: nothing written, one line, exit 4 (it was a traceback, exit 1)."""
    from bot import ratings_cli
    from bot.core.store.topics.ratings import RatingQueries, ResultsChanging

    async def busy(self: Any) -> int:
        raise ResultsChanging("results kept changing during 5 recomputes; try again later")

    monkeypatch.setattr(RatingQueries, "recompute_ratings", busy)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "k.sqlite3"))
    monkeypatch.setenv("DATABASE_URL", "")
    monkeypatch.setattr(ratings_cli, "load_dotenv", lambda: None)
    assert ratings_cli.main(["recompute"]) == ratings_cli.EXIT_BUSY
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("kado-ratings: results kept changing")


async def test_two_leaves_at_once_through_the_sessions_both_count(backend: Backend) -> None:
    """The issue's steps: one player's two games end at the same moment by the opponents' /game leave."""
    from bot.core.sessions import SessionManager
    from tests.server.helpers import Capture, player

    m = SessionManager(await backend.open(), Capture(), ai_delay=0)  # type: ignore[arg-type]
    winner = player(1)
    try:
        rounds = 4
        for n in range(rounds):
            games = []
            for k in range(2):
                other = player(10 + 2 * n + k)
                record = await m.new_lobby("portas", guild_id=GUILD, channel_id=300 + k, host=winner, locale="en")
                await m.join(record.id, other)
                await m.start(record.id, winner)
                games.append((record, other))
            await asyncio.gather(*(m.leave_game(r.channel_id, other) for r, other in games))  # two forfeits at once
            assert all(r.status == "finished" for r, _ in games)
        mine = await m.store.user_ratings(GUILD, winner.user_id)
        assert mine["portas"].games == 2 * rounds
    finally:
        await m.close()
