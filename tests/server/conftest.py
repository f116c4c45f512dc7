"""Fixtures for the server-life tests: a session manager on a fresh SQLite file, always closed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.core.sessions import SessionManager
from tests.server.helpers import Capture, manager


@pytest_asyncio.fixture
async def mgr(tmp_path: Path) -> AsyncIterator[tuple[SessionManager, Capture, Path]]:
    """(manager, capturing presenter, database path); closed even when the test fails (no hung thread)."""
    path = tmp_path / "k.sqlite3"
    m, cap = await manager(path)
    try:
        yield m, cap, path
    finally:
        await m.close()
        await m.store.close()
