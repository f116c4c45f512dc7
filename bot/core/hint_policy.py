"""Where hints are offered (``/game settings hints``): by default in games that are not rated, never in rated ones.

Why a server setting with that default: a hint is the strong AI choosing for
a player, which has no place in a game that decides a ranking, while in a
casual game (in DMs, or with AI seats on a server that does not rate them) it
is how a newcomer learns.  A server may also offer hints in every game (a
player who takes one is then not rated by that game: :mod:`bot.core.ratings.rate`)
or in none.  Stored in the server's settings like every other
(:mod:`bot.core.guildconf`); a missing key is the default.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from bot.core import ratings

HINTS = "hints"
CASUAL, ALWAYS, NEVER = "casual", "always", "never"
VALUES = (CASUAL, ALWAYS, NEVER)
DEFAULT = CASUAL


def hints_setting(data: Mapping[str, Any]) -> str:
    """The server's choice (``casual`` when it never chose, or stored something unknown)."""
    value = data.get(HINTS, DEFAULT)
    return value if value in VALUES else DEFAULT


def set_hints(data: Mapping[str, Any], value: str) -> dict[str, Any]:
    """The settings with the hints choice set (the default is not stored); a copy."""
    if value not in VALUES:
        raise ValueError(f"unknown hints setting {value!r}")
    new = copy.deepcopy(dict(data))
    if value == DEFAULT:
        new.pop(HINTS, None)
    else:
        new[HINTS] = value
    return new


def game_rated(guild_id: int | None, seats: Sequence[Mapping[str, Any]], data: Mapping[str, Any]) -> bool:
    """Whether a game with these seats (``user_id``, ``ai``) would be rated in its server, as its result will be."""
    return ratings.rated({"seats": list(seats)}, guild_id, data)


def allowed(guild_id: int | None, seats: Sequence[Mapping[str, Any]], data: Mapping[str, Any]) -> bool:
    """Whether a player of this game may ask for a hint under the server's setting."""
    choice = hints_setting(data)
    if choice == NEVER:
        return False
    return choice == ALWAYS or not game_rated(guild_id, seats, data)
