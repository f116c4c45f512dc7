"""The AI levels' calibration fit (bench/ai/levels_fit.py) gives back known strengths, and a sure order when it is
one."""

from __future__ import annotations

import math
import random

from bench.ai.levels_fit import Game, fit

TRUE = {"strong": math.log(2.0), "normal": 0.0, "easy": math.log(0.2)}


def _winner(table: tuple[str, ...], rng: random.Random) -> int:
    weights = [math.exp(TRUE[level]) for level in table]
    return rng.choices(range(len(table)), weights)[0]


def test_the_fit_recovers_strengths_from_winners_with_a_level_seated_twice() -> None:
    rng = random.Random(7)
    table = ("strong", "normal", "easy", "normal")
    games = []
    for _ in range(1500):
        w = _winner(table, rng)
        games.append(Game(table, [0 if s == w else 1 for s in range(4)]))
    theta, error = fit(games, "normal")
    for level in ("strong", "easy"):
        assert abs(theta[level] - TRUE[level]) < 3 * error[level] and error[level] < 0.2
    assert theta["normal"] == 0.0


def test_full_places_count_each_choice_and_a_draw_of_everyone_says_nothing() -> None:
    games = [Game(("a", "b", "c"), [0, 1, 2])] * 20 + [Game(("a", "b", "c"), [1, 0, 2])] * 10
    theta, _ = fit([*games, Game(("a", "b", "c"), [0, 0, 0])], "b")
    assert theta["a"] > theta["b"] > theta["c"]
