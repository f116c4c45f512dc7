"""``kado-backup``: a checked copy of the live SQLite database, moves still in the write-ahead log included."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot import backup
from bot.core.store import SeatRecord, Store


async def _store_with_sessions(path: Path, count: int) -> Store:
    store = await Store.open(path)
    for channel in range(count):
        await store.create_session(
            game="portas", guild_id=1, channel_id=100 + channel, host_id=1, seed=channel, options={}, locale="en",
            seats=[SeatRecord(seat=0, name="a", user_id=1), SeatRecord(seat=1, name="b", user_id=2)],
        )
    return store


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # DATABASE_PATH is relative to where Kado is started
    monkeypatch.setenv("DATABASE_PATH", "kado.sqlite3")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return tmp_path


async def test_a_backup_taken_while_the_bot_runs_holds_every_saved_session(env: Path, capsys) -> None:
    store = await _store_with_sessions(env / "kado.sqlite3", 3)  # open, as the running bot holds it
    try:
        assert (env / "kado.sqlite3-wal").stat().st_size > 0  # the sessions are (at least partly) in the log
        assert backup.main(["copy.sqlite3"]) == 0
        assert "3 sessions" in capsys.readouterr().out
        await store.create_session(  # the bot's store writes on after the copy
            game="portas", guild_id=1, channel_id=999, host_id=1, seed=9, options={}, locale="en",
            seats=[SeatRecord(seat=0, name="a", user_id=1), SeatRecord(seat=1, name="b", user_id=2)],
        )
    finally:
        await store.close()
    copied = sqlite3.connect(env / "copy.sqlite3")
    try:
        assert copied.execute("PRAGMA quick_check").fetchone() == ("ok",)
        assert [r[0] for r in copied.execute("SELECT channel_id FROM sessions ORDER BY channel_id")] == [100, 101, 102]
    finally:
        copied.close()
    restored = await Store.open(env / "copy.sqlite3")  # the copy opens as a Kado database
    try:
        assert {r.channel_id for r in await restored.live_sessions()} == {100, 101, 102}
    finally:
        await restored.close()


async def test_a_directory_gets_a_dated_file_and_nothing_is_overwritten(env: Path, capsys) -> None:
    store = await _store_with_sessions(env / "kado.sqlite3", 1)
    await store.close()
    (env / "backups").mkdir()
    assert backup.main(["backups"]) == 0
    (made,) = (env / "backups").iterdir()
    assert made.name.startswith("kado-") and made.suffix == ".sqlite3"
    before = made.read_bytes()
    assert backup.main([str(made)]) == backup.EXIT_USAGE
    assert "exists" in capsys.readouterr().err and made.read_bytes() == before


def test_what_it_cannot_back_up_is_said_in_one_line(env: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    assert backup.main([]) == backup.EXIT_USAGE
    assert backup.main(["x.sqlite3"]) == backup.EXIT_DATABASE  # no database yet
    assert "no database at kado.sqlite3" in capsys.readouterr().err
    monkeypatch.setenv("DATABASE_URL", "postgresql://kado@localhost/kado")
    assert backup.main(["x.sqlite3"]) == backup.EXIT_USAGE
    assert "pg_dump" in capsys.readouterr().err
    assert not (env / "x.sqlite3").exists()
