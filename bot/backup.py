"""``kado-backup DEST``: a consistent copy of the SQLite database, taken while Kado runs.

Why a command of its own: copying the database file while the bot writes it
can give a copy that is torn, or that lacks the moves still in the
write-ahead log (``-wal``) beside it.  SQLite's online backup copies a
consistent snapshot page by page, with the log's moves included, and the bot
keeps playing meanwhile (:func:`copy`).  The copy is checked (``PRAGMA quick_check``) before
this says it is done.  To restore one, stop Kado and put the copy at
``DATABASE_PATH`` (remove the old ``-wal`` and ``-shm`` files beside it).

Exit codes, as the bot's own: 2 for a usage or settings mistake (no
destination, one that exists, one it cannot create, a PostgreSQL deployment:
use ``pg_dump``), 3 when the database cannot be read, stays locked longer
than :data:`LOCK_TIMEOUT`, or the copy fails its check.

Hostile destinations are refused before anything is written: the
database itself or a side file of it (``-wal``, ``-shm``, ``-journal``: a
copy written as ``kado.sqlite3-journal`` looks to SQLite like a hot journal,
and every later reader waited on it for ever), ``:memory:`` and SQLite URIs,
a symbolic link (even a dangling one, which would be followed), and a path
whose folder is missing, is a file or is not writable.  The copy is made
with the database's own permissions: a 0600 database does not give a 0644
copy to every user of the machine.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import sys
import time
from pathlib import Path

from dotenv import load_dotenv

from bot.core import config

EXIT_USAGE = 2
EXIT_DATABASE = 3
LOCK_TIMEOUT = 30.0
"""Seconds the copy waits for a lock on the database at most (a writer in the middle of a commit takes
milliseconds); then it stops with one line rather than hang a cron job."""
SIDE_FILES = ("", "-wal", "-shm", "-journal")


def main(argv: list[str] | None = None) -> int:
    """``kado-backup DEST``: the exit code tells a cron job whether the copy is whole (0) or why not."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        return _say("usage: kado-backup DEST (a new file, or a directory): a checked copy of Kado's SQLite"
                    " database, taken while Kado runs", EXIT_USAGE)
    load_dotenv()
    if os.environ.get("DATABASE_URL", "").strip():
        return _say("kado-backup: this Kado uses PostgreSQL (DATABASE_URL); back it up with pg_dump", EXIT_USAGE)
    source = config.database_path(os.environ)
    if not source.is_file():
        return _say(f"kado-backup: no database at {source} (DATABASE_PATH, relative to {Path.cwd()})", EXIT_DATABASE)
    if args[0] == ":memory:" or args[0].startswith("file:") or not args[0].strip():
        return _say(f"kado-backup: {args[0]!r} is not a file path; give a new file or a directory", EXIT_USAGE)
    dest = Path(args[0])
    if dest.is_dir() and not dest.is_symlink():
        dest = dest / time.strftime("kado-%Y%m%d-%H%M%S.sqlite3", time.gmtime())
    refusal = _refusal(source, dest)
    if refusal:
        return _say(f"kado-backup: {refusal}", EXIT_USAGE)
    try:
        fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, stat.S_IMODE(source.stat().st_mode))
    except OSError as exc:
        return _say(f"kado-backup: cannot create {dest}: {exc.strerror or exc}", EXIT_USAGE)
    os.close(fd)
    try:
        os.chmod(dest, stat.S_IMODE(source.stat().st_mode))  # (the umask may have narrowed it further: exact)
        sessions = copy(source, dest)
    except (sqlite3.Error, OSError, TimeoutError) as exc:
        dest.unlink(missing_ok=True)
        return _say(f"kado-backup: could not copy {source}: {exc}", EXIT_DATABASE)
    size = dest.stat().st_size / 1e6
    return _say(f"kado-backup: wrote {dest} ({sessions} sessions, {size:.1f} MB), checked", 0)


def _refusal(source: Path, dest: Path) -> str | None:
    """Why ``dest`` must not be written (see the module's note), or None."""
    if dest.is_symlink():
        return f"{dest} is a symbolic link; give a new file or a directory"
    if dest.exists():
        return f"{dest} exists; give a new file or a directory"
    target = dest.resolve()
    database = source.resolve()
    if any(target == database.with_name(database.name + side) for side in SIDE_FILES):
        return f"{dest} is the database or one of its side files; give another path"
    folder = dest.parent if str(dest.parent) else Path(".")
    if not folder.is_dir():
        return f"cannot create {dest}: {folder} is not a directory"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot create {dest}: {folder} is not writable"
    return None


def copy(source: Path, dest: Path) -> int:
    """Copy ``source`` to ``dest`` with SQLite's online backup, check the copy; the number of sessions in it.

    In one step, so in one read transaction: the copy is the database as of its start, and in WAL mode
    the bot's writes go on meanwhile (readers never block writers).  Copied in several steps, every
    move the bot saved would restart the copy from its first page.
    """
    give_up = time.monotonic() + LOCK_TIMEOUT

    def waiting(status: int, remaining: int, total: int) -> None:
        # called after every step, also one that found the database locked (Python's backup retries those
        # for ever): past the deadline, stop
        if time.monotonic() > give_up:
            raise TimeoutError(f"the database stayed locked for {LOCK_TIMEOUT:g} s; try again later")

    with (
        contextlib.closing(sqlite3.connect(source, timeout=LOCK_TIMEOUT)) as src,
        contextlib.closing(sqlite3.connect(dest, timeout=LOCK_TIMEOUT)) as out,
    ):
        src.backup(out, progress=waiting)
        (verdict,) = out.execute("PRAGMA quick_check").fetchone()
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the copy failed its check: {verdict}")
        (sessions,) = out.execute("SELECT count(*) FROM sessions").fetchone()
    return int(sessions)


def _say(line: str, code: int) -> int:
    print(line, file=sys.stderr if code else sys.stdout)
    return code


if __name__ == "__main__":
    sys.exit(main())
