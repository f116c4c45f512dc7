"""Server settings of slow games: the pace new lobbies start with, and their AFK limit.

Declared with every other server setting (:class:`bot.core.settings.ServerSettings`
``pace`` and ``afk_limit_slow``), read here so that the slow games' settings read
in one place; ``/game settings pace`` and ``/game settings afk`` change them.
"""

from __future__ import annotations

from bot.core.settings import AFK_SLOW_MAX, Settings, change, read

PACE = "pace"
AFK_LIMIT_SLOW = "afk_limit_slow"
__all__ = ["AFK_SLOW_MAX", "afk_limit_slow", "default_pace", "set_afk_limit_slow", "set_default_pace"]


def default_pace(data: Settings) -> str:
    """The pace a new lobby starts with (its host may change it): ``live`` unless the server chose another."""
    return read(data).pace


def set_default_pace(data: Settings, value: str) -> Settings:
    """The settings with the default pace changed (live, the default, is not stored); a copy."""
    return change(data, PACE, value)


def afk_limit_slow(data: Settings, default: int) -> int:
    """Timeouts in a row that hand a seat to the AI in relaxed and correspondence games (``default``: the bot's)."""
    count = read(data).afk_limit_slow
    return default if count is None else count


def set_afk_limit_slow(data: Settings, count: int | None) -> Settings:
    """The settings with the slow games' AFK limit set (``None``: the default), 1 to :data:`AFK_SLOW_MAX`; a copy."""
    return change(data, AFK_LIMIT_SLOW, count)
