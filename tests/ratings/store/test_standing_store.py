"""The store's side of who is ranked and who is rated: distinct opponents read from results; hinted seats unrated."""

from __future__ import annotations

from typing import Any

from bot.core.store import SeatRecord
from tests.ratings.store.test_store_ratings import A, B, C, finish


async def test_distinct_opponents_count_each_player_and_each_ai_level_once(store: Any) -> None:
    await finish(store, "portas", [A, "easy"], [0])
    await finish(store, "portas", [A, "easy"], [0])
    await finish(store, "portas", [A, B], [0])
    await finish(store, "portas", [C, "strong"], [1])
    assert await store.rating_opponents(1, "portas") == {A: 2, B: 1, C: 1}
    assert await store.rating_opponents(2, "portas") == {}
    await store.close()


async def test_a_hinted_seat_keeps_its_rating_and_the_others_are_rated(store: Any) -> None:
    await finish(store, "portas", [A, B], [0])  # both rated once
    before = {uid: skill for uid, _, skill in await store.rating_board(1, "portas")}
    record = await store.create_session(
        game="portas", guild_id=1, channel_id=9001, host_id=A, seed=1, options={}, locale="en",
        seats=[SeatRecord(seat=0, name="alice", user_id=A), SeatRecord(seat=1, name="bob", user_id=B)],
    )  # fmt: skip
    record.seats[0].hinted = True
    await store.save(record)
    again = await store.get_session(record.id)
    assert again is not None and again.seats[0].hinted and not again.seats[1].hinted  # kept across a restart
    record.status = "finished"
    seats = [{"user_id": A, "name": "alice", "ai": None, "hinted": True}, {"user_id": B, "name": "bob", "ai": None}]
    await store.finish(record, {"winners": [0], "scores": [0, 0], "reason": "test", "seats": seats})
    changes = await store.session_rating_changes(record.id)
    assert [c.user_id for c in changes] == [B]  # bob lost to alice (at her rating), alice's did not move
    after = {uid: skill for uid, _, skill in await store.rating_board(1, "portas")}
    assert after[A] == before[A] and after[B].mu < before[B].mu
    await store.close()
