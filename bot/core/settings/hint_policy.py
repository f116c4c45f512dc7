"""Where hints are offered (``/game settings hints``): by default in games that are not rated, never in rated ones.

Why a server setting with that default: a hint is the strong AI choosing for
a player, which has no place in a game that decides a ranking, while in a
casual game (in DMs, or with AI seats on a server that does not rate them) it
is how a newcomer learns.  A server may also offer hints in every game (a
player who takes one is then not rated by that game: :mod:`bot.core.ratings.rate`)
or in none.  Declared with every other server setting
(:class:`bot.core.settings.schema.ServerSettings` ``hints``); a missing key is the default.

Where the button shows: the screens are drawn without a database read, so
each process keeps the settings a hint depends on (this setting and whether
games with AI seats are rated) for every server in memory: read at start-up
(:func:`remember_all`), kept current by every change of a server's settings
(:func:`bot.core.settings.store.update`) and by every Hint click (which reads them
afresh, the authority).  A server's commands and games live in one process,
so the one that changes a setting is the one that draws its games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core import ratings
from bot.core.settings.schema import HINTS_VALUES, read_one

HINTS = "hints"
CASUAL, ALWAYS, NEVER = HINTS_VALUES


_known: dict[int, dict[str, Any]] = {}
"""guild id -> the settings a hint depends on (missing: the defaults)."""


def remember(guild_id: int, data: Mapping[str, Any]) -> None:
    """Keep what a server's settings say about hints (after a change, or a fresh read)."""
    _known[guild_id] = {k: data[k] for k in (HINTS, ratings.RATE_AI_GAMES) if k in data}


def remember_all(settings: Mapping[int, Mapping[str, Any]]) -> None:
    """Keep every server's (start-up)."""
    for guild_id, data in settings.items():
        remember(guild_id, data)


def seats_of(record: Any) -> list[dict[str, Any]]:
    """A session's seats as its result will name them (whether a game is rated depends on who sits)."""
    return [{"user_id": s.user_id, "ai": s.ai_level} for s in record.seats]


def offered(record: Any) -> bool:
    """Whether the Hint button shows in a session, by the settings kept in memory."""
    return allowed(record.guild_id, seats_of(record), _known.get(record.guild_id, {}))


def game_rated(guild_id: int | None, seats: Sequence[Mapping[str, Any]], data: Mapping[str, Any]) -> bool:
    """Whether a game with these seats (``user_id``, ``ai``) would be rated in its server, as its result will be."""
    return ratings.rated({"seats": list(seats)}, guild_id, data)


def allowed(guild_id: int | None, seats: Sequence[Mapping[str, Any]], data: Mapping[str, Any]) -> bool:
    """Whether a player of this game may ask for a hint under the server's setting."""
    choice = read_one(data, HINTS)
    if choice == NEVER:
        return False
    return choice == ALWAYS or not game_rated(guild_id, seats, data)
