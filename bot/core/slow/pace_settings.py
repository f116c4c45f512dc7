"""Server settings of slow games: the pace new lobbies start with, and their AFK limit.

Apart from :mod:`bot.core.guildconf` (same store, same :class:`SettingError`) so
that the slow games' settings read in one place; ``/game settings pace`` and
``/game settings afk`` change them.
"""

from __future__ import annotations

import copy

from bot.core.guildconf import SettingError, Settings
from bot.core.slow import pace

PACE = "pace"
AFK_LIMIT_SLOW = "afk_limit_slow"
AFK_SLOW_MAX = 20


def default_pace(data: Settings) -> str:
    """The pace a new lobby starts with (its host may change it): ``live`` unless the server chose another."""
    return pace.normal(data.get(PACE))


def set_default_pace(data: Settings, value: str) -> Settings:
    """The settings with the default pace changed (live, the default, is not stored); a copy."""
    if value not in pace.PACES:
        raise SettingError("bad_pace", value=value)
    new = copy.deepcopy(data)
    if value == pace.LIVE:
        new.pop(PACE, None)
    else:
        new[PACE] = value
    return new


def afk_limit_slow(data: Settings, default: int) -> int:
    """Timeouts in a row that hand a seat to the AI in relaxed and correspondence games (``default``: the bot's)."""
    value = data.get(AFK_LIMIT_SLOW)
    return int(value) if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else default


def set_afk_limit_slow(data: Settings, count: int | None) -> Settings:
    """The settings with the slow games' AFK limit set (``None``: the default), 1 to :data:`AFK_SLOW_MAX`; a copy."""
    new = copy.deepcopy(data)
    if count is None:
        new.pop(AFK_LIMIT_SLOW, None)
    elif 1 <= count <= AFK_SLOW_MAX:
        new[AFK_LIMIT_SLOW] = int(count)
    else:
        raise SettingError("bad_afk", max=AFK_SLOW_MAX)
    return new
