"""Data rights: /game mydata shows a user's rows; forget-me leaves no trace of their id anywhere."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

from bot.core import privacy
from bot.core.sessions import SessionManager
from bot.core.store import SessionRecord
from tests.server.helpers import Capture, play_to_end, player

U, P2, P3, P4 = player(1), player(2), player(3), player(4)


def _scan(path: Path, needle: str) -> list[str]:
    """Every (table.column = value) in the database whose text contains ``needle``."""
    con = sqlite3.connect(path)
    try:
        hits = []
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            cur = con.execute(f"SELECT * FROM {table}")
            cols = [d[0] for d in cur.description]
            for row in cur:
                for col, value in zip(cols, row, strict=True):
                    if value is not None and needle in str(value):
                        hits.append(f"{table}.{col} = {str(value)[:120]}")
        return hits
    finally:
        con.close()


async def _moves(m: SessionManager, record: SessionRecord, count: int, rng: random.Random) -> None:
    """Play ``count`` moves by whoever is to act (humans by id, waiting for AI seats)."""
    for _ in range(count * 50):
        if count <= 0 or record.status != "active":
            return
        assert record.state is not None
        seat = m.spec(record).rules.to_act(record.state)[0]
        s = record.seats[seat]
        if s.is_ai:
            await asyncio.sleep(0.01)
            continue
        legal = m.legal_for(record, seat)
        await m.act(record.id, s.user_id, m.prompt_version(record, seat), rng.randrange(len(legal)))  # type: ignore[arg-type]
        count -= 1


async def test_forget_me_leaves_no_user_id_in_the_database(mgr: tuple[SessionManager, Capture, Path]) -> None:
    m, cap, path = mgr
    rng = random.Random(3)
    uid = str(U.user_id)

    finished = await play_to_end(m, "portas", [U, P2], channel_id=1)
    cancelled = await m.new_lobby("portas", guild_id=1, channel_id=2, host=U, locale="en")
    await m.cancel_lobby(cancelled.id, U)
    reset = await m.new_lobby("portas", guild_id=1, channel_id=3, host=P2, locale="en")
    await m.join(reset.id, U)
    await m.start(reset.id, P2)
    await m.reset(3, by_user=U.user_id)
    three = await m.new_lobby("eminit", guild_id=1, channel_id=4, host=U, locale="en")
    for p in (P2, P3):
        await m.join(three.id, p)
    await m.start(three.id, U)
    await _moves(m, three, 12, rng)
    duel = await m.new_lobby("portas", guild_id=2, channel_id=5, host=P3, locale="en")  # another server
    await m.join(duel.id, U)
    await m.start(duel.id, P3)
    await _moves(m, duel, 2, rng)
    lobby = await m.new_lobby("getgem", guild_id=1, channel_id=6, host=U, locale="en")
    await m.join(lobby.id, P4)

    mine = await m.store.user_data(U.user_id)
    assert {s["session_id"] for s in mine["seats"]} == {
        finished.id,
        cancelled.id,
        reset.id,
        three.id,
        duel.id,
        lobby.id,
    }
    assert mine["results"] == 1 and mine["hosted"] == 4 and mine["ended"] == 2  # cancelled it, reset the other
    assert sum(mine["actions"].values()) > 0
    assert _scan(path, uid)  # the scan does find the id before

    done = await privacy.forget(m, m.store, U.user_id)

    assert set(done.left) == {three.id, duel.id, lobby.id}
    assert _scan(path, uid) == []
    assert duel.status == "finished" and cap.ended[duel.id] is not None  # a 2-player game: their forfeit
    assert lobby.live and lobby.host_id == P4.user_id and [s.user_id for s in lobby.seats] == [P4.user_id]
    assert three.status == "active" and three.host_id != U.user_id
    (gone,) = [s for s in three.seats if s.name == privacy.DELETED_NAME]
    assert gone.user_id is None and gone.ai_level is not None  # an AI plays the seat
    after = await m.store.user_data(U.user_id)
    assert after["seats"] == [] and after["actions"] == {} and after["results"] == 0 and after["hosted"] == 0

    # the others keep their records, and the anonymised finished game still replays
    assert await m.store.stats_rows(guild_id=1, user_id=P2.user_id)
    stored = await m.store.get_session(finished.id)
    assert stored is not None and privacy.DELETED_NAME in stored.names()

    # the running game goes on with the AI in the seat, and nothing written later brings the id back
    await _moves(m, three, 30, rng)
    assert _scan(path, uid) == []


async def test_forgetting_someone_unknown_changes_nothing(mgr: tuple[SessionManager, Capture, Path]) -> None:
    m, _, _ = mgr
    await play_to_end(m, "portas", [P2, P3], channel_id=1)
    done = await privacy.forget(m, m.store, U.user_id)
    assert done.left == [] and done.counts == {"seats": 0, "actions": 0, "stats": 0, "ratings": 0, "results": 0}
    assert len(await m.store.stats_rows(guild_id=1)) == 2
