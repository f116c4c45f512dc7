"""The board's button legend reads a real move of the player to act, never a made-up "1 → 13"."""

from __future__ import annotations

import random

import pytest

from bot import i18n
from bot.core.games import get

NAMES = ["alice", "bob"]


def _positions(seed: int, options: dict | None = None):
    spec = get("portas")
    state = spec.rules.new(2, seed, spec.resolve_options(options or {}))
    rng = random.Random(seed)
    while spec.rules.result(state) is None:
        yield state
        seat = spec.rules.to_act(state)[0]
        state = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat))).state
    yield state


@pytest.mark.parametrize("options", [{}, {"overshoot": "allowed"}])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_legend_is_a_button_the_player_to_act_has(locale: str, options: dict) -> None:
    spec, tr = get("portas"), i18n.translator(locale)
    shown = 0
    for seed in range(4):
        for state in _positions(seed, options):
            view = spec.rules.view(state, None)
            hint = spec.render.board(view, NAMES, tr).hint
            legend = [hint] if hint else []
            if spec.rules.result(state) is not None:
                assert not legend  # no buttons, no legend
                continue
            seat = spec.rules.to_act(state)[0]
            labels = {
                spec.render.control(a, view, seat, NAMES, tr).label
                for a in spec.rules.legal(state, seat)
                if a.get("type") != "pass"
            }
            if not labels:
                assert not legend
                continue
            (line,) = legend
            assert line.split("`")[1] in labels, (line, labels)  # one of the buttons under the board
            assert NAMES[seat] in line  # said to the player whose turn it is
            shown += 1
    assert shown > 20
