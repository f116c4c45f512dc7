"""A start while Discord is unreachable waits and retries, then plays once Discord answers.

Before: a bot started while the gateway refused connections exited 1 with a
traceback from inside discord.py (``'NoneType' object has no attribute 'sequence'``).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.e2e.helpers import bot, make_world, open_lobby
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_a_bot_started_while_the_gateway_refuses_plays_once_it_accepts(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    emulator.gateway_refused = True  # an outage from before the start (cut_gateway with nobody connected)
    async with bot(world, tmp_path) as proc:
        await emulator.wait_until(lambda: proc.log_text().count("gateway is unreachable") >= 2, timeout=30,
                                  description="two attempts, each logged")
        assert proc.running, proc.log_tail_text()
        attempts = [line for line in proc.log_text().splitlines() if "gateway is unreachable" in line]
        assert all("attempt" in line and "trying again in" in line for line in attempts), attempts
        assert "Traceback" not in proc.log_text()
        await emulator.restore_gateway(wait=False)
        await proc.ready(timeout=60)
        lobby = await open_lobby(world, "portas", world.alice)  # it plays
        assert lobby.button("Join") is not None
        code = await proc.stop()
    assert code == 0, proc.log_tail_text()


async def test_a_refused_token_still_exits_2_at_once(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    emulator.gateway_refused = True
    async with bot(world, tmp_path, DISCORD_TOKEN="not-the-token") as proc:
        code = await asyncio.wait_for(proc.wait(), 30)
    assert code == 2, proc.log_tail_text()
    assert "refused the token" in proc.log_text()


async def test_a_bot_started_while_the_api_answers_503_plays_once_it_is_back(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    emulator.api_down = True
    async with bot(world, tmp_path) as proc:
        await emulator.wait_until(lambda: "API is unreachable (HTTP 503)" in proc.log_text(), timeout=30,
                                  description="a logged attempt")
        assert proc.running and "Traceback" not in proc.log_text(), proc.log_tail_text()
        emulator.api_down = False
        await proc.ready(timeout=60)
        lobby = await open_lobby(world, "portas", world.alice)
        assert lobby.button("Join") is not None


async def test_sigterm_during_an_outage_stops_the_bot_within_six_seconds(emulator, tmp_path: Path) -> None:  # noqa: F811
    """Waiting at start, or asleep in discord.py's reconnect backoff after a cut: a stop is still a stop."""
    world = make_world(emulator)
    emulator.gateway_refused = True
    async with bot(world, tmp_path) as proc:
        await emulator.wait_until(lambda: "gateway is unreachable" in proc.log_text(), timeout=30,
                                  description="waiting at start")
        started = time.monotonic()
        assert await proc.stop(grace=15) == 0, proc.log_tail_text()
        assert time.monotonic() - started <= 6.0
    emulator.gateway_refused = False
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await emulator.cut_gateway()
        await asyncio.sleep(3)  # discord.py now sleeps in its backoff between attempts
        started = time.monotonic()
        assert await proc.stop(grace=15) == 0, proc.log_tail_text()
        assert time.monotonic() - started <= 6.0, f"stopped after {time.monotonic() - started:.1f} s"
