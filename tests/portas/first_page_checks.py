"""PORTAS's first rules page (``FIRST_PAGE``), statement by statement, checked against its engine.

Read by ``tests/teach/test_first_pages.py`` for every registry game: ``CHECKS`` maps each statement of
the page, in order, to a small position played through the game's own rules that shows it true.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cogs.portas import rules as prules
from cogs.portas.render import FIRST_PAGE  # noqa: F401  (the page the checks follow)
from tests.portas.helpers import build as pbuild
from tests.portas.helpers import port


def portas_goal_and_take() -> None:
    s = pbuild(hands=([3, 1], [2]), open_=[(11, [6, 2], [])], decks=([], []), treasure_deck=[])
    s = prules.apply(s, 0, port(3, 11)).state
    assert s["scores"][0] == 6 + 2 + 3 and s["taken"][0][0]["value"] == 11


def portas_setup() -> None:
    s = prules.new(2, 3)
    assert len(s["open"]) == 2 and [len(h) for h in s["hands"]] == [4, 4] and [len(d) for d in s["decks"]] == [10, 10]


def portas_turn() -> None:
    s = pbuild(hands=([6, 1], [2]), open_=[(11, [5, 2], [])])
    legal = prules.legal(s, 0)
    assert port(1, 11) in legal and port(6, 11) not in legal  # never past the value (overshoot: illegal)


def portas_take() -> None:
    s = pbuild(hands=([3], [2]), open_=[(11, [4], [4])], decks=([], [1]))
    s = prules.apply(s, 0, port(3, 11)).state
    assert s["scores"] == [7, 0]  # the taker's own cards only; the opponent's 4 scores nothing


def portas_end() -> None:
    for seed in range(3):
        s = prules.new(2, seed)
        rng = random.Random(seed)
        while s["result"] is None:
            s = prules.apply(s, s["turn"], rng.choice(prules.legal(s, s["turn"]))).state
        a, b = s["scores"]
        if a != b:
            assert s["result"]["winners"] == [0 if a > b else 1]


CHECKS: dict[str, Callable[[], None]] = {
    "portas.rules": portas_goal_and_take, "portas.teach.setup": portas_setup, "portas.teach.turn": portas_turn,
    "portas.teach.take": portas_take, "portas.teach.end": portas_end,
}  # fmt: skip
