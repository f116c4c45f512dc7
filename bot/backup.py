"""``kado-backup DEST``: a consistent copy of the SQLite database, taken while Kado runs.

Why a command of its own: copying the database file while the bot writes it
can give a copy that is torn, or that lacks the moves still in the
write-ahead log (``-wal``) beside it.  SQLite's online backup copies a
consistent snapshot page by page, with the log's moves included, and the bot
keeps playing meanwhile (:func:`copy`).  The copy is checked (``PRAGMA quick_check``) before
this says it is done.  To restore one, stop Kado and put the copy at
``DATABASE_PATH`` (remove the old ``-wal`` and ``-shm`` files beside it).

Exit codes, as the bot's own: 2 for a usage or settings mistake (no
destination, one that exists, a PostgreSQL deployment: use ``pg_dump``), 3
when the database cannot be read or the copy fails its check.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import time
from pathlib import Path

from dotenv import load_dotenv

from bot.core import config

EXIT_USAGE = 2
EXIT_DATABASE = 3


def main(argv: list[str] | None = None) -> int:
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
    dest = Path(args[0])
    if dest.is_dir():
        dest = dest / time.strftime("kado-%Y%m%d-%H%M%S.sqlite3", time.gmtime())
    if dest.exists():
        return _say(f"kado-backup: {dest} exists; give a new file or a directory", EXIT_USAGE)
    try:
        sessions = copy(source, dest)
    except sqlite3.Error as exc:
        dest.unlink(missing_ok=True)
        return _say(f"kado-backup: could not copy {source}: {exc}", EXIT_DATABASE)
    size = dest.stat().st_size / 1e6
    return _say(f"kado-backup: wrote {dest} ({sessions} sessions, {size:.1f} MB), checked", 0)


def copy(source: Path, dest: Path) -> int:
    """Copy ``source`` to ``dest`` with SQLite's online backup, check the copy; the number of sessions in it.

    In one step, so in one read transaction: the copy is the database as of its start, and in WAL mode
    the bot's writes go on meanwhile (readers never block writers).  Copied in several steps, every
    move the bot saved would restart the copy from its first page.
    """
    with contextlib.closing(sqlite3.connect(source)) as src, contextlib.closing(sqlite3.connect(dest)) as out:
        src.backup(out)
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
