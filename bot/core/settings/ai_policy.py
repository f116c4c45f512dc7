"""Which AI levels a server's lobbies may seat (``/game settings ai``), and which fills empty seats at Start.

Levels the bot gains later are allowed unless the server listed what it
allows *and* the new level is not on it: storing the allowed list keeps a
server's choice when a level is added, and a server that never chose allows
every level (:class:`.schema.ServerSettings` ``ai_levels``).
"""

from __future__ import annotations

from bot.core import ai
from bot.core.settings.parse import SettingError, change
from bot.core.settings.schema import Settings, read


def allowed_ai_levels(data: Settings) -> list[str]:
    """AI levels the server allows, in the bot's order (all of them when never set)."""
    return list(read(data).ai_levels)


def set_ai_level(data: Settings, level: str, allowed: bool) -> Settings:
    """The settings with one AI level allowed or refused; a copy, so a failed save changes nothing."""
    if level not in ai.LEVELS:
        raise SettingError("bad_ai_level", level=level)
    levels = set(read(data).ai_levels)
    if allowed:
        levels.add(level)
    else:
        levels.discard(level)
    return change(data, "ai_levels", levels)


def fill_level(data: Settings) -> str | None:
    """The level of the AIs that fill empty seats at Start: the default if allowed, else the first allowed."""
    levels = read(data).ai_levels
    if ai.DEFAULT_LEVEL in levels:
        return ai.DEFAULT_LEVEL
    return levels[0] if levels else None
