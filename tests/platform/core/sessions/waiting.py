"""Waiting for a session manager's background work (AI turns, timers) in platform tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


async def until(condition: Callable[[], bool], timeout: float = 5.0, step: float = 0.01) -> None:
    """Return once ``condition()`` holds; fail the test if it does not within ``timeout`` seconds."""
    for _ in range(int(timeout / step)):
        if condition():
            return
        await asyncio.sleep(step)
    raise AssertionError("the game did not get there")
