"""The rating model and the number players see.

``openskill``'s Plackett–Luce model keeps each player's skill as ``mu`` (the
estimate) and ``sigma`` (how unsure it is), on its default scale (a new player
is mu 25, sigma 25/3).  Players see one number, the *conservative* estimate
``mu − 3σ`` (``openskill``'s ``ordinal()``: the skill we are ~99 % sure they
have at least) on a chess-like scale::

    shown = 1500 + 20 × (mu − 3σ)

so a new player shows 1,500, and a rating rises as the bot learns (σ falls)
as well as with wins.  Leaderboards rank by the same number.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

BASE = 1500
STEP = 20.0
"""Shown points per unit of ``mu − 3σ``."""

MU = 25.0
SIGMA = MU / 3

PROVISIONAL_GAMES = 5
PROVISIONAL_SIGMA = 4.0
"""A player is *provisional* with fewer games than this, or while σ is above this (still unsure)."""


@cache
def model() -> PlackettLuce:
    """The one model every rating goes through (its defaults: mu 25, sigma 25/3, beta sigma/2)."""
    return PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Skill:
    """One player's (or AI level's) rating on one game in one server."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES or self.sigma > PROVISIONAL_SIGMA


def shown(mu: float, sigma: float) -> int:
    """The displayed rating: ``1500 + 20 × (mu − 3σ)``, rounded."""
    return round(BASE + STEP * (mu - 3 * sigma))
