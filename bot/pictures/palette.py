"""Colours: one dark table per game, five seat colours shared by all games.

Tuned for Discord's dark theme (#313338 chat background): the picture's own
background is a shade darker so it reads as a table, not a hole in the chat,
and every text colour keeps a contrast ratio above 4.5 against its panel.
"""

from __future__ import annotations

from dataclasses import dataclass

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


PORTAS = Palette(
    background=(22, 30, 40),
    panel=(32, 44, 58),
    panel_edge=(52, 68, 88),
    card_face=(246, 238, 220),
    card_ink=(52, 40, 28),
    card_back=(44, 92, 132),
    card_back_mark=(70, 124, 168),
    accent=GOLD,
)

GETGEM = Palette(
    background=(24, 22, 36),
    panel=(36, 33, 54),
    panel_edge=(60, 55, 88),
    card_face=(238, 236, 246),
    card_ink=(34, 30, 48),
    card_back=(72, 50, 120),
    card_back_mark=(104, 78, 160),
    accent=(190, 150, 255),
)

EMINIT = Palette(
    background=(20, 32, 28),
    panel=(30, 46, 40),
    panel_edge=(50, 74, 64),
    card_face=(244, 238, 222),
    card_ink=(40, 34, 26),
    card_back=(96, 58, 40),
    card_back_mark=(138, 90, 60),
    accent=GOLD,
)


def seat(index: int) -> RGB:
    """A seat's colour (cycling, so a bad index never raises)."""
    return SEATS[index % len(SEATS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way to ``b`` (0 = a, 1 = b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
