"""DM buttons in a multi-process deployment: shard 0 forwards the click to the game's owner.

Two real bot processes share one PostgreSQL database, ``SHARD_COUNT=2`` with
``SHARD_IDS=0`` and ``SHARD_IDS=1``; the server is on shard 1.  The emulator
routes like Discord (tests/emulator/README.md, "Sharded bots"), so the lobby,
the board and the game live in the shard-1 process while every click on a
player's DM message (a move, the Hint button) reaches the shard-0 process only —
which must forward it (bot/frontend/gateway/forwarding.py) rather than answer
"this game is over".

Needs PostgreSQL: ``eval "$(bash .ci/postgres.sh)"`` exports ``KADO_TEST_POSTGRES_DSN``
(and ``pip install -e '.[postgres]'``); skipped otherwise.  Each test uses its own schema.
"""

from __future__ import annotations

import asyncio
import os
import re
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.e2e.helpers import FAST_AI, act_buttons, press_start, waiting_for
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Channel, Guild, Message, User

DSN = os.environ.get("KADO_TEST_POSTGRES_DSN", "").strip()


@dataclass
class Database:
    """One throwaway schema of the test server, as a DATABASE_URL both bot processes use."""

    schema: str
    asyncpg: Any

    @property
    def url(self) -> str:
        return f"{DSN}{'&' if '?' in DSN else '?'}search_path={self.schema}"  # asyncpg: a server setting

    async def rows(self, query: str, *args: Any) -> list[Any]:
        con = await self.asyncpg.connect(DSN, server_settings={"search_path": self.schema})
        try:
            return list(await con.fetch(query, *args))
        finally:
            await con.close()


@pytest_asyncio.fixture
async def database() -> AsyncIterator[Database]:
    if not DSN:
        pytest.skip("KADO_TEST_POSTGRES_DSN is not set (eval \"$(bash .ci/postgres.sh)\" starts a server)")
    asyncpg = pytest.importorskip("asyncpg", reason="asyncpg is not installed: pip install -e '.[postgres]'")
    db = Database(f"kado_e2e_{uuid.uuid4().hex[:12]}", asyncpg)
    con = await asyncpg.connect(DSN)
    try:
        await con.execute(f"CREATE SCHEMA {db.schema}")
    finally:
        await con.close()
    try:
        yield db
    finally:
        con = await asyncpg.connect(DSN)
        try:
            await con.execute(f"DROP SCHEMA IF EXISTS {db.schema} CASCADE")
        finally:
            await con.close()


@dataclass
class Deployment:
    emu: DiscordEmulator
    db: Database
    guild: Guild
    chan: Channel
    alice: User
    shard0: BotProcess  # gets every DM event
    shard1: BotProcess  # owns the guild, hence its games


def process(emu: DiscordEmulator, db: Database, tmp_path: Path, shard: int) -> BotProcess:
    env = {**FAST_AI, "DATABASE_URL": db.url, "SHARD_COUNT": "2", "SHARD_IDS": str(shard)}
    return BotProcess(emu, tmp_path / f"unused-{shard}.sqlite3", env, name=f"shard-{shard} process")


@pytest_asyncio.fixture
async def deployment(emulator: DiscordEmulator, database: Database, tmp_path: Path) -> AsyncIterator[Deployment]:  # noqa: F811
    guild = emulator.create_guild("Sharded", preferred_locale="en-US", shard=(1, 2))
    chan = emulator.create_channel(guild, "games")
    alice = emulator.create_user("alice")
    emulator.add_member(guild, alice)
    async with (
        process(emulator, database, tmp_path, 1) as shard1,
        process(emulator, database, tmp_path, 0) as shard0,
    ):
        await shard1.ready()
        await shard0.ready()
        yield Deployment(emulator, database, guild, chan, alice, shard0, shard1)
    for proc in (shard0, shard1):  # stopped: forwarding started, ran and shut down without an error
        assert "listening for forwarded DM clicks" in proc.log_text()
        assert "Traceback" not in proc.log_text(), proc.log_tail_text()


async def promotion_with_dm_buttons(emu: DiscordEmulator, chan: Channel, user: User) -> tuple[Message, Message]:
    """``user`` and three AIs play Promotion in ``chan``; returns (board, the user's DM with buttons)."""
    res = await emu.slash(user, chan, "promotion new")
    assert res.message is not None and not res.ephemeral, res.text()
    board = await res.wait_loaded()
    await press_start(emu, user, board)  # AIs fill the table
    dm = await emu.wait_until(lambda: dm_with_buttons(emu, user), description=f"{user.name}'s DM buttons")
    return board, dm


def dm_with_buttons(emu: DiscordEmulator, user: User) -> Message | None:
    """The user's one DM message for the game, if it carries buttons now (tests/e2e/dmplay.py's dm_controls)."""
    return next((m for m in reversed(emu.dm_messages(user)) if act_buttons(m)), None)


def ids_of(button: Any) -> tuple[int, int, int]:
    sid, pv, idx = re.fullmatch(r"k:a:(\d+):(\d+):(\d+)", button.custom_id).groups()  # type: ignore[union-attr]
    return int(sid), int(pv), int(idx)


async def test_dm_click_reaches_the_owning_process(deployment: Deployment) -> None:
    d = deployment
    board, dm = await promotion_with_dm_buttons(d.emu, d.chan, d.alice)
    assert d.emu.shard_of(d.guild.id, 2) == 1  # the server, hence the game, is the shard-1 process's
    button = act_buttons(dm)[0]
    sid, _, _ = ids_of(button)
    # her Hint button (a DM click too) reaches the owner, which alone marks her seat and knows the game
    await d.db.rows("INSERT INTO guild_settings (guild_id, data) VALUES ($1, $2)", d.guild.id, '{"hints": "always"}')
    _, pv, _ = ids_of(button)
    hint = await d.emu.forge_click(d.alice, dm, f"k:hi:{sid}:{pv}")
    answer = (await hint.wait_loaded(timeout=15)).text()
    assert hint.ephemeral and "Hint from the strong AI" in answer, answer
    await d.emu.wait_until(lambda: "(hint)" in d.shard1.log_text(), description="shard 1 answered the hint")
    marks = await d.db.rows("SELECT hinted FROM seats WHERE session_id=$1 AND user_id=$2", sid, d.alice.id)
    assert [bool(row[0]) for row in marks] == [True]

    before = await d.db.rows("SELECT COUNT(*) FROM actions WHERE session_id=$1 AND user_id=$2", sid, d.alice.id)
    board_edits, dm_edits = board.edits, dm.edits

    res = await d.emu.click(d.alice, dm, button)

    assert res.type == 6  # acknowledged at once by shard 0 (deferred update)
    await d.emu.wait_until(
        lambda: board.edits > board_edits or dm.edits > dm_edits or res.reply,
        description="the forwarded click applied (a board or DM edit) or refused",
    )
    assert not res.followups, [f.text() for f in res.followups]
    after = await d.db.rows("SELECT COUNT(*) FROM actions WHERE session_id=$1 AND user_id=$2", sid, d.alice.id)
    assert after[0][0] == before[0][0] + 1  # alice's move is in the log, written by the owner
    await d.emu.wait_until(
        lambda: "forwarded DM click" in d.shard0.log_text() and "applied forwarded DM click" in d.shard1.log_text(),
        description="shard 0 forwarded the click and shard 1 applied it",
    )
    assert "game has ended" not in d.emu.visible_text(d.alice)

    # the game goes on from DMs: alice keeps acting through shard 0 until she has nothing to do
    for _ in range(6):
        current = dm_with_buttons(d.emu, d.alice)
        if current is None or d.alice.name not in waiting_for(board):
            break
        edits, dm_edits = board.edits, current.edits
        res = await d.emu.click(d.alice, current, act_buttons(current)[0])
        await d.emu.wait_until(
            lambda c=current, e=edits, m=dm_edits, r=res: board.edits > e or c.edits > m or r.reply
        )
        assert not res.followups, [f.text() for f in res.followups]


async def test_refused_dm_clicks_get_a_clear_private_answer(deployment: Deployment) -> None:
    d = deployment
    _, dm = await promotion_with_dm_buttons(d.emu, d.chan, d.alice)
    sid, pv, _ = ids_of(act_buttons(dm)[0])
    actions = await d.db.rows("SELECT COUNT(*) FROM actions WHERE session_id=$1", sid)

    # an index that is not among alice's choices (a stale client, a forged id): the owner refuses it
    res = await d.emu.forge_click(d.alice, dm, f"k:a:{sid}:{pv}:99")
    refusal = await res.wait_followup(timeout=10)
    assert refusal.ephemeral and "out of date" in refusal.text(), refusal.text()
    # a button of a prompt version that is no longer hers: refused the same way
    res = await d.emu.forge_click(d.alice, dm, f"k:a:{sid}:{pv + 1000}:0")
    refusal = await res.wait_followup(timeout=10)
    assert refusal.ephemeral and "out of date" in refusal.text(), refusal.text()
    assert "applied forwarded DM click" not in d.shard1.log_text()
    # a session no process holds (not in the database): shard 0's own "game is over", not forwarded
    res = await d.emu.forge_click(d.alice, dm, "k:a:999999:1:0")
    refusal = await res.wait_followup(timeout=10)
    assert refusal.ephemeral and "This game has ended" in refusal.text(), refusal.text()
    assert await d.db.rows("SELECT COUNT(*) FROM actions WHERE session_id=$1", sid) == actions


async def test_owner_down_gets_an_answer_not_silence(deployment: Deployment) -> None:
    d = deployment
    _, dm = await promotion_with_dm_buttons(d.emu, d.chan, d.alice)
    button = act_buttons(dm)[0]
    sid, _, _ = ids_of(button)
    actions = await d.db.rows("SELECT COUNT(*) FROM actions WHERE session_id=$1", sid)
    await d.shard1.stop()  # the owner is down (a crash, a deploy); the game stays live in the database

    res = await d.emu.click(d.alice, dm, button)

    assert res.type == 6
    refusal = await res.wait_followup(timeout=15)
    assert refusal.ephemeral and "did not answer" in refusal.text() and "nothing was changed" in refusal.text()
    assert await d.db.rows("SELECT COUNT(*) FROM actions WHERE session_id=$1", sid) == actions


async def test_one_process_with_every_shard_needs_no_forwarding(emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """SHARD_COUNT alone: both shards' connections in one process (SQLite), DM clicks handled locally."""
    guild = emulator.create_guild("Sharded", preferred_locale="en-US", shard=(1, 2))
    chan = emulator.create_channel(guild, "games")
    alice = emulator.create_user("alice")
    emulator.add_member(guild, alice)
    async with BotProcess(emulator, tmp_path / "kado.sqlite3", {**FAST_AI, "SHARD_COUNT": "2"}) as proc:
        await proc.ready()
        await emulator.wait_until(lambda: emulator.shard_connected(0) and emulator.shard_connected(1))
        board, dm = await promotion_with_dm_buttons(emulator, chan, alice)
        edits, dm_edits = board.edits, dm.edits
        res = await emulator.click(alice, dm, act_buttons(dm)[0])
        await emulator.wait_until(lambda: board.edits > edits or dm.edits > dm_edits or res.reply)
        assert not res.followups, [f.text() for f in res.followups]
        assert "forwarded" not in proc.log_text()


async def _rows_mentioning(db: Database, needle: str) -> list[str]:
    """Every ``table: row`` of the schema whose text contains ``needle`` (a user id)."""
    tables = await db.rows("SELECT table_name FROM information_schema.tables WHERE table_schema=$1", db.schema)
    hits = []
    for (table,) in tables:
        for row in await db.rows(f"SELECT * FROM {table}"):
            if needle in str(tuple(row)):
                hits.append(f"{table}: {str(tuple(row))[:160]}")
    return hits


async def test_forget_me_reaches_the_process_that_runs_her_game(deployment: Deployment) -> None:
    """/game forget-me reaches the shard-0 process (from a server on shard 0); her game runs on shard 1.

    The stored seat alone is not enough: shard 1 writes its in-memory record
    back on every move, so that process must forget her (bot/frontend/gateway/forwarding.py).
    """
    d = deployment
    home = d.emu.create_guild("Home", preferred_locale="en-US", shard=(0, 2))
    lounge = d.emu.create_channel(home, "lounge")
    d.emu.add_member(home, d.alice)
    board, dm = await promotion_with_dm_buttons(d.emu, d.chan, d.alice)
    sid, _, _ = ids_of(act_buttons(dm)[0])
    res = await d.emu.click(d.alice, dm, act_buttons(dm)[0])  # her move is in the log
    await d.emu.wait_until(lambda: res.reply or dm.edits, description="her move taken")
    assert await _rows_mentioning(d.db, str(d.alice.id))

    asked = await d.emu.slash(d.alice, lounge, "game forget-me")
    confirm = await d.emu.click(d.alice, asked.message, asked.message.button("Forget me"))
    await d.emu.wait_until(lambda: "Done" in confirm.message.text(), timeout=20, description="forget-me done")
    assert "Running games you left: 1." in confirm.message.text(), confirm.message.text()

    for _ in range(900):  # the AIs play on to the end on shard 1
        rows = await d.db.rows("SELECT status FROM sessions WHERE id=$1", sid)
        if rows[0][0] == "finished":
            break
        await asyncio.sleep(0.1)
    assert rows[0][0] == "finished"
    assert await _rows_mentioning(d.db, str(d.alice.id)) == []  # not in the log, seats, participants, results
    assert "alice" not in board.text()
