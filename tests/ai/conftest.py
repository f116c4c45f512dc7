"""Fixtures of the AI tests, shared with the hardening tests (tests/hardening/conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.core.ai import pool


@pytest.fixture
async def one_worker() -> AsyncIterator[pool.ThinkPool]:
    """One strong-AI worker process, started and warm, closed after the test."""
    p = pool.ThinkPool(1)
    p.start()
    await asyncio.wrap_future(p.warming[0])
    try:
        yield p
    finally:
        await p.close()
