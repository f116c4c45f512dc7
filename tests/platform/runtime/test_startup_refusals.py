"""Start-up refusals: one clear line, a distinct exit code, within seconds.

A process that cannot serve must *exit* so that the service manager sees it
(``Restart=always``) and the operator reads one line instead of a traceback —
never hang with no gateway, and never play on a damaged or too-new database.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.core.store import Store
from tests.emulator.fixtures import emulator  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]


def _run_bot(db_path: Path | str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` with a token that no Discord accepts: the database must stop it first."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("KADO_", "DATABASE_"))}
    full = {**base, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-checked", "DATABASE_PATH": str(db_path),
            "KADO_API_BASE": "http://127.0.0.1:9/api/v10", **env}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=full, capture_output=True, text=True,
                          timeout=30)


def _one_kado_line(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.startswith("kado: ")]
    assert len(lines) == 1, stderr
    return lines[0]


def test_a_file_that_is_not_a_database_exits_3(tmp_path: Path) -> None:
    db = tmp_path / "kado.sqlite3"
    db.write_bytes(b"this is not a database, just some text " * 200)
    proc = _run_bot(db, tmp_path)
    assert proc.returncode == 3, proc.stderr
    assert str(db) in _one_kado_line(proc.stderr)


def test_a_path_that_cannot_be_created_exits_3(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    proc = _run_bot(blocker / "data" / "kado.sqlite3", tmp_path)  # its parent "folder" is a file
    assert proc.returncode == 3, proc.stderr
    assert "cannot open the database" in _one_kado_line(proc.stderr)


async def _fresh_database(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


def test_a_database_from_a_newer_kado_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "kado.sqlite3"
    asyncio.run(_fresh_database(db))
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA user_version=99")
    proc = _run_bot(db, tmp_path)
    assert proc.returncode == 3, proc.stderr
    assert "schema version 99" in _one_kado_line(proc.stderr)


def _corrupt_a_table_page(path: Path) -> None:
    """Fill a table with rows over many pages, then overwrite the middle of one leaf page with garbage."""
    with sqlite3.connect(path) as con:
        con.execute("PRAGMA journal_mode=DELETE")
        con.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)")
        con.executemany("INSERT INTO filler (body) VALUES (?)", [(f"row {i} " * 20,) for i in range(2000)])
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
        pages = con.execute("PRAGMA page_count").fetchone()[0]
    data = bytearray(path.read_bytes())
    victim = (pages - 5) * page_size  # a leaf page of filler, far from the schema on page 1
    data[victim : victim + page_size] = bytes([0xA5]) * page_size
    path.write_bytes(bytes(data))


def test_a_damaged_database_is_refused_not_played_on(tmp_path: Path) -> None:
    db = tmp_path / "kado.sqlite3"
    asyncio.run(_fresh_database(db))
    _corrupt_a_table_page(db)
    proc = _run_bot(db, tmp_path)
    assert proc.returncode == 3, proc.stderr
    assert "damaged" in _one_kado_line(proc.stderr)


async def test_store_open_closes_its_thread_when_it_refuses(tmp_path: Path) -> None:
    """aiosqlite's worker is no daemon: a refused open must not leave it running (the old hang)."""
    import threading

    from bot.core.store import StoreUnavailable

    db = tmp_path / "kado.sqlite3"
    db.write_bytes(b"garbage" * 1000)
    before = threading.active_count()
    try:
        await Store.open(db)
    except StoreUnavailable:
        pass
    else:
        raise AssertionError("a garbage file was opened as a database")
    await asyncio.sleep(0.1)
    assert threading.active_count() == before


async def test_a_refused_token_is_one_line_and_exit_2(emulator, tmp_path: Path) -> None:  # noqa: F811
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("KADO_")}, **emulator.bot_env(),
           "DISCORD_TOKEN": "wrong-token", "DATABASE_PATH": str(tmp_path / "kado.sqlite3"),
           "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(proc.communicate(), timeout=30)
    stderr = err.decode()
    assert proc.returncode == 2, stderr
    assert "refused the token" in _one_kado_line(stderr)
    assert "voice will NOT be supported" not in stderr
