"""The ``raw`` fixture: a raw-HTTP client of a fresh emulator (tests/emulator/clients/raw_http.py).

A conftest rather than an import in each test module: an imported fixture needs ``# noqa: F811`` on
every test that names it, and the raw-HTTP tests are many and short.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest_asyncio

from tests.emulator import DiscordEmulator
from tests.emulator.clients.raw_http import Raw
from tests.emulator.fixtures import emulator  # noqa: F401


@pytest_asyncio.fixture
async def raw(emulator: DiscordEmulator) -> AsyncIterator[Raw]:  # noqa: F811
    """A :class:`Raw` on a fresh emulator, with one server, channel and member."""
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {emulator.token}"}) as s:
        r = Raw(emulator, s)
        r.guild = emulator.create_guild("Test")
        r.chan = emulator.create_channel(r.guild, "games")
        r.alice = emulator.create_user("alice")
        emulator.add_member(r.guild, r.alice)
        yield r
