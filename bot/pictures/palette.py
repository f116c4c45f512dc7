"""Colours: one dark table per game (declared by the game), five seat colours shared by all games.

Tuned for Discord's dark theme (#313338 chat background): the picture's own
background is a shade darker so it reads as a table, not a hole in the chat,
and every text colour keeps a contrast ratio above 4.5 against its panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot import gamefacts

RGB = tuple[int, int, int]

SEATS: tuple[RGB, ...] = (
    (88, 140, 255),  # blue
    (67, 201, 120),  # green
    (245, 196, 66),  # amber
    (236, 96, 160),  # pink
    (178, 120, 255),  # violet
)
"""Seat colours, in seat order; distinguishable for the common colour-vision deficiencies by brightness too."""

WHITE: RGB = (242, 243, 245)
MUTED: RGB = (164, 170, 182)
DIM: RGB = (104, 110, 122)
GOLD: RGB = (247, 190, 64)
GOLD_DARK: RGB = (168, 112, 24)
WIN: RGB = (87, 242, 135)
DANGER: RGB = (237, 66, 69)


@dataclass(frozen=True)
class Palette:
    """A game's table colours."""

    background: RGB
    panel: RGB
    panel_edge: RGB
    card_face: RGB
    card_ink: RGB
    card_back: RGB
    card_back_mark: RGB
    accent: RGB


@cache
def of(game_id: str) -> Palette:
    """A game's table colours, as its ``game.py`` declares them (``PALETTE``); a game draws with these.

    The colours live with the game (:mod:`bot.gamefacts`), not here, so that the
    toolkit names no game and a new game brings its own table.
    """
    declared = gamefacts.facts_of(game_id).palette
    if declared is None:
        raise LookupError(f"{game_id} declares no PALETTE")
    return Palette(**declared)


def seat(index: int) -> RGB:
    """A seat's colour (cycling, so a bad index never raises)."""
    return SEATS[index % len(SEATS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way to ``b`` (0 = a, 1 = b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
