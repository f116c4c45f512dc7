"""The storage suite runs against every backend: SQLite always, PostgreSQL when one is reachable.

Set ``KADO_TEST_POSTGRES_DSN=postgresql://user@127.0.0.1:port/db`` (``eval "$(bash .ci/postgres.sh)"``
starts a throwaway server and prints it) and install ``asyncpg`` (``pip install -e '.[postgres]'``);
without them the PostgreSQL half is skipped.  Each PostgreSQL test gets its own schema, so tests may
run in parallel (pytest-xdist) against one server.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.core.store import Store

DSN = os.environ.get("KADO_TEST_POSTGRES_DSN", "").strip()


def postgres_or_skip() -> Any:
    """The asyncpg module, or a skip saying what is missing."""
    if not DSN:
        pytest.skip("KADO_TEST_POSTGRES_DSN is not set (eval \"$(bash .ci/postgres.sh)\" starts a server)")
    return pytest.importorskip("asyncpg", reason="asyncpg is not installed: pip install -e '.[postgres]'")


class Backend:
    """Opens (and re-opens, to test persistence) one store of one kind; cleans up after the test."""

    def __init__(self, kind: str, tmp_path: Path) -> None:
        self.kind = kind
        self.path = tmp_path / "kado.sqlite3"
        self.schema = f"kado_test_{uuid.uuid4().hex[:12]}"
        self.opened: list[Any] = []

    async def open(self) -> Any:
        if self.kind == "sqlite":
            store: Any = await Store.open(self.path)
        else:
            from bot.core.store.postgres import PostgresStore

            store = await PostgresStore.open(DSN, server_settings={"search_path": self.schema})
        self.opened.append(store)
        return store

    async def setup(self) -> None:
        if self.kind == "postgres":
            asyncpg = postgres_or_skip()
            con = await asyncpg.connect(DSN)
            try:
                await con.execute(f"CREATE SCHEMA {self.schema}")
            finally:
                await con.close()

    async def teardown(self) -> None:
        for store in self.opened:
            with contextlib.suppress(Exception):  # already closed by the test
                await store.close()
        if self.kind == "postgres":
            import asyncpg

            con = await asyncpg.connect(DSN)
            try:
                await con.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
            finally:
                await con.close()


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    b = Backend(request.param, tmp_path)
    await b.setup()
    try:
        yield b
    finally:
        await b.teardown()


@pytest_asyncio.fixture
async def store(backend: Backend) -> Any:
    return await backend.open()
