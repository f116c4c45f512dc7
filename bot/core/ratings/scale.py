"""The rating model and the number players see.

``openskill``'s Plackett–Luce model keeps each player's skill as ``mu`` (the
estimate) and ``sigma`` (how unsure it is), on its default scale (a new player
is mu 25, sigma 25/3).  Players see the *estimate* itself on a chess-like
scale, as lichess does::

    shown = 1500 + 20 × (mu − 25)

with a "?" while it is provisional (few games, or σ still large).  Why not
the cautious ``mu − 3σ`` shown before: humans and AI levels then sat on
different bases (a new player's σ is 8.3, a measured AI level's about 2.2),
so the random Easy AI showed far above the people who beat it, and the lobby's
win chances (from mu) contradicted the numbers beside them.  On one basis, a
higher number always means a better chance to win.  How unsure a rating is
decides only whether it is provisional, and so whether it is ranked
(:mod:`bot.core.ratings.standing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

BASE = 1500
STEP = 20.0
"""Shown points per unit of ``mu``."""

MU = 25.0
SIGMA = MU / 3

PROVISIONAL_GAMES = 10
PROVISIONAL_SIGMA = 5.0
"""A player is *provisional* with fewer rated games than this, or while σ is above this (still unsure)."""


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
        """``openskill``'s cautious estimate ``mu − 3σ`` (a tie-break; no longer the shown number)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES or self.sigma > PROVISIONAL_SIGMA


def shown(mu: float, sigma: float | None = None) -> int:
    """The displayed rating: ``1500 + 20 × (mu − 25)``, rounded; ``sigma`` does not move it (callers may pass it)."""
    return round(BASE + STEP * (mu - MU))
