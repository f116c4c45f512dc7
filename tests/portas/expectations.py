"""PORTAS's own numbers for the shared tests and benchmarks (read by :mod:`tests.gamekit`)."""

from __future__ import annotations

from typing import Any

from bot.engine import Result, State
from tests.robustness.leaks.leak_secrets import clone


def _hidden(state: State, seat: int) -> Any:
    """What ``seat`` cannot see in ``state``."""
    return state["decks"], state["treasure_deck"]


def _swaps(state: State, audience: int | None) -> list[State]:
    """Deck order is PORTAS's only secret (from everyone): reverse every deck and the treasure deck."""
    twin = clone(state)
    for deck in twin["decks"]:
        deck.reverse()
    twin["treasure_deck"].reverse()
    return [twin] if twin != state else []


LEAK_SAMPLE = {0: (0, 1, 10), 1: (1, 11, 15, 19)}
PICTURE_RUNS = ((2, 1, {}), (2, 2, {}))
TEACHING_OPTIONS = ("first_player", "overshoot", "pass_rule", "tiebreak")
PLACEMENTS = (
    # the winner, then by points
    (Result((1,), (4.0, 9.0), "all_taken"), [1, 0]),
    (Result((), (5.0, 5.0), "draw"), [0, 0]),
    # the platform's forfeit of a two-seat game: the one who stays wins, the leaver is last
    (Result((0,), (0.0, 0.0), "forfeit"), [0, 1]),
)
LOAD_SHARE = 0.6
LOAD_SEATS = 2
REQUEST_TABLES = (2,)
BOARD_VIEW_TABLES = (2,)
AI_RATING_TABLES = (("strong", "easy"), ("strong", "normal"), ("normal", "easy"))
AI_RATING_GAMES = 300
AI_STRENGTH_MATCHUPS = (("strong", "easy"), ("strong", "normal"), ("normal", "easy"))
README_PICTURE = (2, 5, 14)
SECRET_SWAPS = _swaps
HIDDEN = _hidden
