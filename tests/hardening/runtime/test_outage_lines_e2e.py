"""An outage logs one WARNING line per reconnect attempt, and the bot is back within 5 s of Discord.

Before: every cut left discord.py's reconnect tracebacks at ERROR (six for
one outage), and its backoff, doubling to minutes, took 35 s to reconnect
after a 15 s cut.
"""

from __future__ import annotations

import time
from pathlib import Path

from tests.e2e.helpers import bot, make_world, open_lobby
from tests.emulator.fixtures import emulator  # noqa: F401

LINE = "Discord's gateway is unreachable"


async def test_an_outage_is_one_warning_per_attempt_and_the_reconnect_is_prompt(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        before = len(proc.log_text().splitlines())
        await emulator.cut_gateway()
        await emulator.wait_until(lambda: proc.log_text().count(LINE) >= 3, timeout=40,
                                  description="three reconnect attempts, each logged")
        back = time.monotonic()
        await emulator.restore_gateway(timeout=30)
        took = time.monotonic() - back
        lines = proc.log_text().splitlines()[before:]
        attempts = [x for x in lines if LINE in x]
        assert all(" WARNING " in x and "reconnecting in" in x for x in attempts), attempts
        assert not [x for x in lines if "Traceback" in x or " ERROR " in x], "\n".join(lines[-40:])
        assert took <= 5.0, f"reconnected {took:.1f} s after Discord answered again"
        lobby = await open_lobby(world, "portas", world.alice)  # it plays
        assert lobby.button("Join") is not None
