"""The postcard: its four sides as data, and which side faces whom.

The source's layout exists only as an image we do not have, so the layout is a
reconstruction (docs/rules/promotion.md §2 **[decision]**).  Keeping it as one table here means
another reading -- or the real card, should it turn up -- is one new entry in
:data:`LAYOUTS` and one rule-option value, with no engine change.

Everything here is pure and tiny: the engine, the renderer and the AI all ask
the same helpers, so they can never disagree about who faces what.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit ids in the fixed order used for every tie-break and every listing (♠ ♥ ♦ ♣)."""

SUIT_SYMBOL: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS: frozenset[str] = frozenset({"H", "D"})

SPECIALS: tuple[str, ...] = ("spin", "down", "change", "wild")
"""Row-1 effect ids.  Display names live in :data:`SPECIAL_NAME` (printed on the card, so not translated)."""

SPECIAL_NAME: dict[str, str] = {"spin": "SPIN90°", "down": "Down!", "change": "Change!", "wild": "Wild!"}

NUM_SIDES = 4
ROWS: tuple[int, ...] = (1, 2, 3, 4)


@dataclass(frozen=True)
class Side:
    """One side of the postcard: the special on row 1 and the suit pairs of rows 2-4."""

    letter: str
    special: str
    order: int
    rows: tuple[tuple[str, str], tuple[str, str], tuple[str, str]]  # rows 2, 3, 4

    def row(self, row: int) -> tuple[str, str]:
        """The two suits of row 2, 3 or 4."""
        if row not in (2, 3, 4):
            raise ValueError(f"row {row} lists no suits")
        return self.rows[row - 2]


LAYOUTS: dict[str, tuple[Side, ...]] = {
    # docs/rules/promotion.md §2 table, sides A-D = indices 0-3.
    "rules_md_v1": (
        Side("A", "spin", 1, (("S", "H"), ("H", "D"), ("C", "S"))),
        Side("B", "down", 2, (("H", "C"), ("S", "H"), ("S", "D"))),
        Side("C", "change", 3, (("C", "D"), ("C", "S"), ("D", "H"))),
        Side("D", "wild", 4, (("D", "S"), ("D", "C"), ("H", "C"))),
    ),
    # A second reading with the same two properties: on every side rows 2 and 3 are
    # complementary pairs (so a side's first two rows already reach all four suits),
    # and row 4 pairs each suit with a different partner again.  Specials as in v1,
    # so the order numbers still ascend counter-clockwise.
    "paired_v1": (
        Side("A", "spin", 1, (("S", "H"), ("D", "C"), ("S", "C"))),
        Side("B", "down", 2, (("D", "C"), ("S", "H"), ("H", "D"))),
        Side("C", "change", 3, (("S", "D"), ("H", "C"), ("D", "C"))),
        Side("D", "wild", 4, (("H", "C"), ("S", "D"), ("S", "H"))),
    ),
}


def layout(name: str) -> tuple[Side, ...]:
    """The sides of a named layout (raises ``KeyError`` for an unknown name)."""
    return LAYOUTS[name]


def side_index(seat: int, r: int) -> int:
    """The side (0-3 = A-D) that ``seat`` faces at orientation ``r``: ``(r - seat) mod 4``.

    Seats run clockwise (turn order goes to the left) while the sides' order
    numbers ascend counter-clockwise, so the next seat faces the previous side.
    SPIN90° turns the card clockwise (docs/rules/promotion.md §2: "時計回りに90°"), which adds 1
    to ``r``: every player then faces what their right-hand neighbour (seat - 1)
    faced -- the source's worked example.
    """
    return (r - seat) % NUM_SIDES


def facing(sides: Sequence[Side], seat: int, r: int) -> Side:
    """The :class:`Side` that ``seat`` faces at orientation ``r``."""
    return sides[side_index(seat, r)]


def orientation_for(seat: int, side: int) -> int:
    """The orientation ``r`` at which ``seat`` faces ``side`` (what a parent's button means)."""
    return (side + seat) % NUM_SIDES


def max_order(sides: Sequence[Side]) -> int:
    """The highest special order number on the card (the specials loop runs 1..this)."""
    return max(s.order for s in sides)


def problems(sides: Sequence[Side]) -> list[str]:
    """What is wrong with a layout, as readable strings (empty when it is usable).

    Checks the properties docs/rules/promotion.md relies on: four sides, known specials, each
    row listing two different suits, every row covering each suit on exactly two
    sides (so clashes are possible), and each side's rows 2-4 covering all four
    suits (so every suit can be raised from every side).
    """
    out: list[str] = []
    if len(sides) != NUM_SIDES:
        return [f"{len(sides)} sides, need {NUM_SIDES}"]
    for side in sides:
        if side.special not in SPECIALS:
            out.append(f"side {side.letter}: unknown special {side.special!r}")
        covered: set[str] = set()
        for pair in side.rows:
            if len(set(pair)) != 2 or not set(pair) <= set(SUITS):
                out.append(f"side {side.letter}: bad suit pair {pair!r}")
            covered |= set(pair)
        if covered != set(SUITS):
            out.append(f"side {side.letter}: rows 2-4 miss {sorted(set(SUITS) - covered)}")
    for row in (2, 3, 4):
        for suit in SUITS:
            n = sum(suit in side.row(row) for side in sides)
            if n != 2:
                out.append(f"row {row}: {suit} on {n} sides, need 2")
    return out
