"""The AI levels' strengths fitted to every calibration game at once (maximum likelihood), with their uncertainty.

Why not openskill's own update, game after game (what ``bench/ai/ratings.py`` did
first): that is a one-pass estimate whose σ shrinks as games come, so the
last hundred games barely move what the first twenty said; with 120 Promotion
games it put the strong level *below* normal although strong wins twice as
often per seat (docs/ai.md).  Here the Plackett–Luce model that players are
rated with is fitted to all the games together: each game's places are a
sequence of choices (the first place out of everyone, the next out of the
rest, ...; tied seats share the choice), a level seated twice is two copies of
one strength.  The minorise–maximise iteration (Hunter, 2004) converges to the
maximum-likelihood strengths; their standard errors come from the observed
information.  Strengths ``θ`` are on the model's own scale, where a level
wins a table with chance ``exp(θ) / Σ exp(θ)``; ``mu = anchor + c × θ``
with the model's spread ``c`` at a table of this game, so the shown numbers
give back the measured win chances (:func:`bot.core.ratings.win_chances`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Event = tuple[str, float, list[str]]
"""One choice a game's places make: (the level chosen, its weight, the levels it was chosen among)."""


@dataclass(frozen=True)
class Game:
    levels: tuple[str, ...]
    places: list[int]


def _choices(game: Game) -> list[Event]:
    """(chosen level, weight, the levels still in the running) for each choice a game's places make."""
    remaining = list(range(len(game.levels)))
    out = []
    for place in sorted(set(game.places)):
        tied = [s for s in remaining if game.places[s] == place]
        if len(tied) == len(remaining):
            break  # the last group is no choice (a draw of everyone: no information)
        pool = [game.levels[s] for s in remaining]
        out += [(game.levels[s], 1.0 / len(tied), pool) for s in tied]
        remaining = [s for s in remaining if s not in tied]
    return out


def fit(games: Sequence[Game], anchor: str, iterations: int = 500) -> tuple[dict[str, float], dict[str, float]]:
    """Each level's ``θ`` (the anchor's 0) and its standard error relative to the anchor."""
    events = [e for g in games for e in _choices(g)]
    levels = sorted({lv for g in games for lv in g.levels})
    gamma = {lv: 1.0 for lv in levels}
    wins = {lv: sum(w for c, w, _ in events if c == lv) for lv in levels}
    for _ in range(iterations):
        new = {}
        for lv in levels:
            denominator = sum(w * pool.count(lv) / sum(gamma[x] for x in pool) for _, w, pool in events)
            new[lv] = max(wins[lv], 1e-3) / denominator if denominator else gamma[lv]
        scale = new[anchor]
        gamma = {lv: v / scale for lv, v in new.items()}
    theta = {lv: math.log(gamma[lv]) for lv in levels}
    return theta, _errors(events, theta, levels, anchor)


def _errors(events: list[Event], theta: dict[str, float], levels: list[str], anchor: str) -> dict[str, float]:
    """Standard errors of the free ``θ``s (the anchor fixed), from the inverse of the observed information."""
    free = [lv for lv in levels if lv != anchor]
    n = len(free)
    info = [[0.0] * n for _ in range(n)]
    for _, w, pool in events:
        total = sum(math.exp(theta[x]) for x in pool)
        p = {lv: pool.count(lv) * math.exp(theta[lv]) / total for lv in free}
        for i, a in enumerate(free):
            for j, b in enumerate(free):
                info[i][j] += w * ((p[a] if a == b else 0.0) - p[a] * p[b])
    inverse = _invert(info)
    return {anchor: 0.0, **{lv: math.sqrt(max(inverse[i][i], 0.0)) for i, lv in enumerate(free)}}


def _invert(m: list[list[float]]) -> list[list[float]]:
    """A small matrix's inverse (Gauss–Jordan): the levels are two or three."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            return [[math.inf] * n for _ in range(n)]
        factor = a[col][col]
        a[col] = [x / factor for x in a[col]]
        for r in range(n):
            if r != col:
                k = a[r][col]
                a[r] = [x - k * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def spread(seats: int, sigma: float, beta: float) -> float:
    """The model's ``c`` at a table of ``seats`` levels of uncertainty ``sigma`` (openskill's Plackett–Luce)."""
    return math.sqrt(seats * (sigma**2 + beta**2))
