"""The settings the declaration adds commands for, through the real bot: pace, AFK limit and hints.

Each is changed by a manager, told back in the manager's language, listed by
``/game settings show`` and stored as before (the default as no key). Values
these commands refuse cannot reach the bot (Discord offers only their choices
and range); the declaration's refusals are tested in ``test_settings_schema``.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.helpers import bot, db_rows, make_world
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.server.test_server_e2e import _manager


def stored(tmp_path: Path) -> dict:
    rows = db_rows(tmp_path, "SELECT data FROM guild_settings")
    return json.loads(rows[0][0]) if rows else {}


async def test_pace_afk_and_hints_are_set_shown_and_stored(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    boss = _manager(world)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(boss, world.chan, "game settings pace", {"pace": "relaxed"})
        assert res.ephemeral and "relaxed" in res.text().lower(), res.text()
        res = await emulator.slash(boss, world.chan, "game settings afk", {"count": 3}, locale="ja")
        assert "3回" in res.text(), res.text()
        res = await emulator.slash(boss, world.chan, "game settings hints", {"hints": "never"})
        assert "Hints are now offered: never." in res.text(), res.text()
        assert stored(tmp_path) == {"pace": "relaxed", "afk_limit_slow": 3, "hints": "never"}

        shown = (await emulator.slash(world.carol, world.chan, "game settings show")).text()
        assert "after 3 timeouts in a row" in shown and "**Hints:** never" in shown, shown
        assert "**Turn timer:** default (" in shown, shown

        res = await emulator.slash(boss, world.chan, "game settings afk")  # no count: the bot's default again
        assert "default number of timeouts" in res.text(), res.text()
        res = await emulator.slash(boss, world.chan, "game settings hints", {"hints": "casual"})
        assert stored(tmp_path) == {"pace": "relaxed"}, "a default is stored as no key"
