"""Numeric rule options without a list of choices are held to their bounds (RuleOption.bounds)."""

from __future__ import annotations

import pytest

from bot.core import games
from bot.engine import RuleOption, resolve_options

OPTS = (RuleOption("timer", 30, "seconds", bounds=(2, 600)), RuleOption("free", 5, "no bounds"))


@pytest.mark.parametrize("value", [2, 30, 600])
def test_values_within_bounds_are_taken(value: int) -> None:
    assert resolve_options(OPTS, {"timer": value})["timer"] == value


@pytest.mark.parametrize("value", [0, 1, -5, 601, 10**20])
def test_values_outside_bounds_are_refused(value: int) -> None:
    with pytest.raises(ValueError, match="from 2 to 600"):
        resolve_options(OPTS, {"timer": value})


def test_an_option_without_bounds_takes_any_value_of_its_type() -> None:
    assert resolve_options(OPTS, {"free": -3})["free"] == -3


def test_every_free_numeric_option_of_every_game_has_bounds() -> None:
    """A free number (no choices) with no bounds would let a server set a timer to 0 or a cap to -1."""
    unbounded = [
        f"{game}.{opt.name}"
        for game in games.available()
        for opt in games.get(game).options
        if opt.choices is None and type(opt.default) is int and opt.bounds is None
    ]
    assert unbounded == []


ZERO_REFUSED = [
    (game, opt.name)
    for game in games.available()
    for opt in games.get(game).options
    if opt.bounds is not None and type(opt.default) is int and not opt.bounds[0] <= 0 <= opt.bounds[1]
]
"""Every game's timers and caps (numeric options whose bounds leave out 0), found from the games' options."""


@pytest.mark.parametrize(("game", "name"), ZERO_REFUSED)
def test_a_game_refuses_zero_for_its_timers_and_caps(game: str, name: str) -> None:
    """A new game is refused 0 for such an option, not only the settings screen (the engine resolves it)."""
    spec = games.get(game)
    with pytest.raises(ValueError):
        spec.rules.new(spec.min_seats, 1, {name: 0})
