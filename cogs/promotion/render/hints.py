"""What a row 2–4 pick would do for a seat, as honest as a hint can be.

The others' picks are hidden until the reveal, so no exact prediction
exists: a SPIN90° turns the postcard before rows resolve, Down!, Change! and
Wild! move cards first, an earlier row may take the supply card you would
rise to, and a suit another player picks on the same row clashes.  So the
hint says what is true at pick time — each suit of the row raised to the next
higher supply card *as the cards lie now* — and the DM says once what it
assumes.  :func:`row_hint` is exactly what the rules do when no other pick
touches those suits (``tests/promotion/render/test_hints.py`` checks it against the
resolution).
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr

from ..game import ID
from ..rules import postcard
from .words import card, name, next_up, side_label, sides_of


def row_hint(view: View, seat: int, row: int) -> list[tuple[str, int, int | None]]:
    """``(suit, card now, card after)`` for each suit of ``row`` on ``seat``'s side; ``None``: nothing higher."""
    side = postcard.facing(sides_of(view), seat, view["r"])
    field, supply = view["field"][seat], view["supply"]
    return [(suit, field[suit], next_up(supply[suit], field[suit])) for suit in side.row(row)]


def moves_text(hint: list[tuple[str, int, int | None]]) -> str:
    """``♦5→9 ♥8→—``: the spelling of a hint in a button."""
    return " ".join(f"{card(suit, old)}→{new if new is not None else '—'}" for suit, old, new in hint)


def postcard_line(view: View, names: list[str], tr: Tr) -> str:
    """The postcard as it lies now: which side faces whom (the DM has no picture of it)."""
    sides = sides_of(view)
    facing = [
        f"{side_label(postcard.facing(sides, s, view['r']), tr('words.dot'))} → {name(names, s)}"
        for s in range(len(view["field"]))
    ]
    return tr(f"{ID}.private.postcard", sides=tr("list.sep").join(facing))
