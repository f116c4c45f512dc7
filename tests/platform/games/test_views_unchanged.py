"""Renders and picture inputs leave the view they are given as it was.

Why: the presenter computes a view once per message and hands the same
object to the picture's inputs (``*_inputs``) and to the words
(``render.board`` / ``render.private``); one that sorted a list in place
would change what the other shows.
"""

from __future__ import annotations

import copy
import random

import pytest

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import i18n
from bot.core import games

STEPS = 120


@pytest.mark.parametrize("game", games.available())
def test_rendering_a_view_leaves_it_unchanged(game: str) -> None:
    spec = games.get(game)
    tr = i18n.translator("ja")
    checked = 0
    for seed in range(2):
        seats = spec.max_seats if seed else spec.min_seats
        state = spec.rules.new(seats, seed, spec.resolve_options({}))
        rng = random.Random(seed)
        names = [f"P{i + 1}" for i in range(seats)]
        for _ in range(STEPS):
            for viewer in [None, *range(seats)]:
                view = spec.rules.view(state, viewer)
                before = copy.deepcopy(view)
                if viewer is None:
                    spec.board_inputs(view)
                    spec.render.board(view, names, tr)
                else:
                    spec.hand_inputs(view, viewer)
                    spec.render.private(view, viewer, names, tr)
                assert view == before, (game, viewer)
                checked += 1
            acting = sorted(spec.rules.to_act(state))
            if not acting:
                break
            seat = rng.choice(acting)
            state = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat))).state
    assert checked > STEPS
