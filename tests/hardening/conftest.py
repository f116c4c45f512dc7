"""Fixtures of the hardening tests: a store on each backend (PostgreSQL when ``KADO_TEST_POSTGRES_DSN`` is set)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.store.conftest import Backend


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """One backend per run of the test (tests/store/conftest.py's): SQLite always, PostgreSQL when reachable."""
    b = Backend(request.param, tmp_path)
    await b.setup()
    try:
        yield b
    finally:
        await b.teardown()
