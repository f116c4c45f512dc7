"""``kado-backup``: a checked copy of the live SQLite database, moves still in the write-ahead log included."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
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


async def test_each_hostile_destination_is_refused_in_one_line(env: Path, capsys) -> None:
    """The database's own side files, :memory:, links and uncreatable paths; nothing is written."""
    store = await _store_with_sessions(env / "kado.sqlite3", 1)
    await store.close()
    (env / "a-file").write_text("x")
    (env / "read-only").mkdir(mode=0o555)
    (env / "dangling").symlink_to(env / "nowhere.sqlite3")
    hostile = [
        "kado.sqlite3", "kado.sqlite3-journal", "kado.sqlite3-wal", "kado.sqlite3-shm", "./kado.sqlite3-journal",
        ":memory:", "file:x.sqlite3?mode=memory", "a-file/copy.sqlite3", "missing/copy.sqlite3", "dangling",
    ]
    if os.geteuid() != 0:  # root may write in a 0555 folder
        hostile.append("read-only/copy.sqlite3")
    before = sorted(p.name for p in env.iterdir())
    for dest in hostile:
        assert backup.main([dest]) == backup.EXIT_USAGE, dest
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("kado-backup: ") and "Traceback" not in err, (dest, err)
    assert sorted(p.name for p in env.iterdir()) == before
    assert not (env / "nowhere.sqlite3").exists()
    assert backup.main(["copy.sqlite3"]) == 0  # and a later backup goes through (no hot journal left behind)


async def test_the_copy_keeps_the_databases_permissions(env: Path) -> None:
    store = await _store_with_sessions(env / "kado.sqlite3", 1)
    await store.close()
    os.chmod(env / "kado.sqlite3", 0o600)
    assert backup.main(["copy.sqlite3"]) == 0
    assert stat.S_IMODE((env / "copy.sqlite3").stat().st_mode) == 0o600


async def test_a_database_locked_for_good_stops_the_backup_with_one_line(
    env: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    store = await _store_with_sessions(env / "kado.sqlite3", 1)
    await store.close()
    holder = sqlite3.connect(env / "kado.sqlite3", isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")  # a writer that never lets go
    monkeypatch.setattr(backup, "LOCK_TIMEOUT", 0.3)
    started = time.monotonic()
    try:
        assert backup.main(["copy.sqlite3"]) == backup.EXIT_DATABASE
    finally:
        holder.rollback()
        holder.close()
    assert time.monotonic() - started < 5
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "locked" in err
    assert not (env / "copy.sqlite3").exists()
