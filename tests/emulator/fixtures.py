"""pytest fixtures for emulator-based tests.

Usage in a test module::

    from tests.emulator.fixtures import emulator  # noqa: F401

    async def test_something(emulator):
        guild = emulator.create_guild("Test")
        ...

The ``emulator`` fixture starts a fresh :class:`DiscordEmulator` per test and, at teardown, fails
the test if any OpenAPI/Discord-rule violation was recorded — unless the test called
``emulator.expect_violations()`` or is marked ``@pytest.mark.emulator_violations_expected``.

With ``KADO_SCREENS=<dir>`` in the environment, every channel and DM conversation of the test is
saved there as HTML (+ PNG when Chromium is installed) at teardown (tests/emulator/screens/).
"""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from .models import Channel, User
from .server import DiscordEmulator

VIOLATIONS_MARK = "emulator_violations_expected"


@pytest_asyncio.fixture
async def emulator(request: pytest.FixtureRequest) -> AsyncIterator[DiscordEmulator]:
    emu = DiscordEmulator()
    await emu.start()
    try:
        yield emu
    finally:
        await emu.stop()
        screens = os.environ.get("KADO_SCREENS")
        if screens:
            from .screens import save_all

            save_all(emu, screens, prefix=re.sub(r"[^\w.-]+", "_", request.node.name) + "-")
    expected = emu.violations_expected or request.node.get_closest_marker(VIOLATIONS_MARK) is not None
    if emu.violations and not expected:
        listing = "\n".join(f"  {v}" for v in emu.violations)
        pytest.fail(f"Discord emulator recorded {len(emu.violations)} violation(s):\n{listing}", pytrace=False)


def games_channel(emu: DiscordEmulator, *names: str) -> tuple[Channel, list[User]]:
    """A server "Test" with a #games channel, and a user of each of ``names`` who is a member of it."""
    guild = emu.create_guild("Test")
    chan = emu.create_channel(guild, "games")
    users = [emu.create_user(name) for name in names]
    for user in users:
        emu.add_member(guild, user)
    return chan, users
