"""Every AI level of every game plays only legal moves, through whole seeded games.

easy and normal play many games (they are cheap); strong plays fewer with a
budget of a few rollouts per move, at mixed tables (so it meets every kind of
opponent) and at an all-strong table (so simultaneous picks and declarations
are answered by several searching seats at once).  Coverage checks make sure
strong really answered the simultaneous and out-of-turn prompts the issue
names: Promotion row picks, Eminit declarations, GETGEM Barrier prompts.
"""

from __future__ import annotations

import pytest

from bot.core import ai
from tests.gamekit import expectations

from .helpers import TABLES, available, play

GAMES = available()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_cheap_levels_play_legal_moves(game: str, level: str) -> None:
    for seats in TABLES[game]:
        for seed in range(12):
            play(game, [level] * seats, seed)


def _mixed(seats: int, shift: int) -> list[str]:
    levels = ["strong", "normal", "easy"]
    return [levels[(seat + shift) % 3] for seat in range(seats)]


@pytest.mark.parametrize("game", GAMES)
def test_strong_plays_legal_moves(game: str) -> None:
    kinds: set[str] = set()
    for seats in TABLES[game]:
        for seed in range(2):
            kinds |= play(game, _mixed(seats, seed), 100 + seed).kinds.get("strong", set())
    kinds |= play(game, ["strong"] * TABLES[game][-1], 200).kinds["strong"]
    assert expectations(game).strong_move_kinds <= kinds, kinds


def test_levels_and_names() -> None:
    from bot import i18n

    assert ai.LEVELS == ("easy", "normal", "strong")
    assert ai.DEFAULT_LEVEL in ai.LEVELS
    for level in ai.LEVELS:
        assert i18n.catalogue("en").get(f"ai.{level}") and i18n.catalogue("ja").get(f"ai.{level}")
    assert i18n.translate("en", "ai.strong") == "Strong"
    assert i18n.translate("ja", "ai.strong") == "つよい"


def test_unknown_level_is_refused() -> None:
    from .helpers import spec

    s = spec("portas")
    state = s.rules.new(2, 0)
    with pytest.raises(ValueError):
        ai.choose(s, state, s.rules.to_act(state)[0], "grandmaster", 0)
