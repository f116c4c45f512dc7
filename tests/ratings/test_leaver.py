"""A player who leaves a game of three or more seats is rated last in it, whatever the AI does with the seat."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from bot.core.ratings import places_of
from bot.core.ratings.rate import ranks_of, rate_result
from tests.server.helpers import manager, player


def test_leavers_are_last_and_the_others_close_up() -> None:
    result = {
        "winners": [1],
        "scores": [3, 9, 5, 4],
        "seats": [{"user_id": 1}, {"user_id": None, "ai": "normal", "left": 2}, {"user_id": 3}, {"user_id": 4}],
    }
    assert places_of(result) == [3, 0, 1, 2]  # the AI won the seat it took over...
    assert ranks_of(result) == [2, 3, 0, 1]  # ...but the one who left it is last
    changes = {c.user_id: c for c in rate_result("eminit", result, {})}
    assert set(changes) == {1, 2, 3, 4}  # the leaver is rated, as themself, not as the AI
    assert changes[2].after.mu < min(changes[u].after.mu for u in (1, 3, 4))


async def test_leaving_a_three_seat_game_rates_the_leaver_last(tmp_path: Path) -> None:
    m, _ = await manager(tmp_path / "k.sqlite3")
    try:
        players = [player(1), player(2), player(3)]
        record = await m.new_lobby("eminit", guild_id=1, channel_id=50, host=players[0], locale="en")
        for p in players[1:]:
            await m.join(record.id, p)
        await m.start(record.id, players[0])
        await m.leave_game(50, players[1])
        assert record.seats[1].left_by == players[1].user_id and record.seats[1].is_ai
        rng = random.Random(3)
        spec = m.spec(record)
        deadline = time.monotonic() + 60
        while record.status == "active":
            assert time.monotonic() < deadline, "the game did not end"
            assert record.state is not None
            seat = spec.rules.to_act(record.state)[0]
            if record.seats[seat].is_ai:
                await asyncio.sleep(0.005)  # the AI plays the seat that was left
                continue
            legal = m.legal_for(record, seat)
            await m.act(record.id, players[seat].user_id, m.prompt_version(record, seat), rng.randrange(len(legal)))
        changes = {c.user_id: c for c in await m.store.session_rating_changes(record.id)}
        assert set(changes) == {p.user_id for p in players}
        left = changes[players[1].user_id]
        assert left.delta < 0 and all(left.after.mu < c.after.mu for u, c in changes.items() if c is not left)
        (stored,) = await m.store.results()
        assert stored["result"]["seats"][1]["left"] == players[1].user_id
        # forget-me: the id goes from the seat and the result; the rating stays under the anonymous number
        await m.store.forget_user(players[1].user_id, "deleted user")
        (stored,) = await m.store.results()
        assert stored["result"]["seats"][1]["left"] < 0
        assert (await m.store.get_session(record.id)).seats[1].left_by is None  # type: ignore[union-attr]
        before = await m.store.all_ratings()
        await m.store.recompute_ratings()
        assert await m.store.all_ratings() == before
    finally:
        await m.close()
        await m.store.close()
