"""Every server's settings at once: what the process keeps in memory from its start (the hints offered)."""

from __future__ import annotations

from typing import Any

from bot.core.store import rows
from bot.core.store.backend import Backend

ALL_SETTINGS = "SELECT guild_id, data FROM guild_settings"


class SettingsReads(Backend):
    """One read of every server's settings (start-up)."""

    async def all_guild_settings(self) -> dict[int, dict[str, Any]]:
        """guild id -> its settings, for every server that changed one."""
        async with self._reading() as con:
            return {int(r[0]): rows.loads(r[1]) for r in await con.fetch(ALL_SETTINGS)}
