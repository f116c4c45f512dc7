"""Through the session manager: a finished game is rated in its commit; a reset or expired one never is."""

from __future__ import annotations

from pathlib import Path

from tests.server.helpers import manager, play_to_end, player


async def test_finished_game_rated_reset_game_not(tmp_path: Path) -> None:
    m, _ = await manager(tmp_path / "k.sqlite3")
    try:
        a, b = player(1), player(2)
        done = await play_to_end(m, "portas", [a, b], channel_id=50)
        changes = await m.store.session_rating_changes(done.id)
        assert {c.user_id for c in changes} == {a.user_id, b.user_id}

        record = await m.new_lobby("portas", guild_id=1, channel_id=51, host=a, locale="en")
        await m.join(record.id, b)
        await m.start(record.id, a)
        await m.reset(51, 999)  # a moderator ends it mid-game
        assert record.status == "abandoned"
        assert await m.store.session_rating_changes(record.id) == []
        board = {uid: skill.games for uid, _, skill in await m.store.rating_board(1, "portas")}
        assert board == {a.user_id: 1, b.user_id: 1}  # the reset game counted for nobody
    finally:
        await m.close()
        await m.store.close()
