"""Skill ratings per server and game, with ``openskill``'s Plackett–Luce model.

Discord-free and database-free: :mod:`.placements` turns a stored result into
places, :mod:`.rate` rates one game, :mod:`.levels` holds the AI levels' fixed
ratings, :mod:`.scale` the model and the shown number.  The store
(:mod:`bot.core.store.topics.ratings`) keeps the numbers and updates them in the
transaction that records a result; ``python -m bot.core.ratings recompute``
rebuilds them from the stored results.  docs/ratings.md explains it to players.
"""

from __future__ import annotations

from bot.core.ratings.levels import level_skill, levels_of
from bot.core.ratings.placements import places, places_of
from bot.core.ratings.rate import RATE_AI_GAMES, Change, player_of, rate_result, rated, win_chances
from bot.core.ratings.scale import PROVISIONAL_GAMES, Skill, shown

__all__ = [
    "PROVISIONAL_GAMES",
    "RATE_AI_GAMES",
    "Change",
    "Skill",
    "level_skill",
    "levels_of",
    "places",
    "places_of",
    "player_of",
    "rate_result",
    "rated",
    "shown",
    "win_chances",
]
