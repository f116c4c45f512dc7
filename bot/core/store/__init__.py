"""Persistence: sessions, seats, the action log, results, settings.

``Store`` (SQLite, ``sqlite.py``) is the default; ``postgres.PostgresStore``
serves several shard processes.  Both are :class:`~bot.core.store.base.BaseStore`:
the methods are written once (``base.py``, and by topic in ``topics/``) over
rows (``rows.py``) and SQL (``sql.py``) shared by both databases.
"""

from __future__ import annotations

from bot.core.store.base import LiveSessionExists
from bot.core.store.records import CHANNEL_GONE, LIVE, TUTORIAL, SeatRecord, SessionRecord
from bot.core.store.schema import StoreUnavailable
from bot.core.store.schema import split_sql as _split_sql  # noqa: F401  # old name, read by tests
from bot.core.store.sqlite import Store
from bot.core.store.sqlite import _migrations as _migrations  # old name: tests/e2e builds SQLite's schema with it

__all__ = [
    "CHANNEL_GONE", "LIVE", "TUTORIAL", "LiveSessionExists", "SeatRecord", "SessionRecord", "Store", "StoreUnavailable",
]
