"""Finding and splitting migration files; each backend applies them its own way.

Why apart from the backends: SQLite (``migrations/``, ``PRAGMA user_version``)
and PostgreSQL (``migrations_pg/``, table ``kado_schema``) number and record
their migrations differently, but read them the same way.
"""

from __future__ import annotations

from importlib import resources


def migrations(folder: str) -> list[tuple[int, str]]:
    """``(number, SQL text)`` of every ``NNN_name.sql`` in ``bot/core/store/<folder>``, in order."""
    found = []
    for entry in (resources.files("bot.core.store") / folder).iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our statements)."""
    body = "\n".join(line for line in script.splitlines() if not line.strip().startswith("--"))
    return [s.strip() for s in body.split(";") if s.strip()]


class StoreUnavailable(Exception):
    """The database cannot be used: the process must stop with one clear line, never play on.

    Raised at start-up for a file that is not a database, a folder that cannot
    be written, a schema newer than this code knows (a downgrade would write
    rows the newer code does not expect), or a file that fails SQLite's
    integrity check.  ``python -m bot`` turns it into exit code 3.
    """


def check_schema_version(current: int, known: list[tuple[int, str]], where: str) -> None:
    """Refuse a database migrated by newer code than this (``current`` above every migration we ship)."""
    newest = known[-1][0] if known else 0
    if current > newest:
        raise StoreUnavailable(
            f"the database at {where} has schema version {current}, newer than this Kado knows ({newest}): "
            "run the Kado version that wrote it, or restore a backup"
        )
