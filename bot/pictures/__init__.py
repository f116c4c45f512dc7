"""Game pictures: the shared toolkit (fonts, colours, canvas, plates, icons, PNG bytes).

Each picture game draws in ``cogs/<game>/picture.py`` with pure functions of a
view: ``board(view, names, tr) -> bytes`` from the spectator view and, where a
game has hidden hands, ``hand(view, seat, names, tr) -> bytes`` from that seat's
view.  Nothing here reads a state, a clock or the host's fonts, so the same view
always gives the same bytes -- and a picture cannot show what its view hides.

A game may split each into what it shows and how it is drawn:
``board_inputs(view)`` / ``hand_inputs(view, seat)`` return the part of the view
the picture shows (a JSON-able :data:`Inputs`), and ``draw_board(inputs, names,
tr)`` / ``draw_hand(inputs, seat, names, tr)`` draw from that alone.  A drawn
picture is kept by its inputs (:mod:`bot.frontend.drawing.picture_cache`), so a move that
leaves them as they were costs no drawing; and because the drawing is handed
nothing else, it cannot show what the key does not hold.
"""

from __future__ import annotations

from typing import Any

from bot import i18n

from .strings import STRINGS

i18n.register(STRINGS)

MAX_BYTES = 150_000
"""The most a picture may weigh (checked by the tests and the benchmark)."""

Inputs = dict[str, Any]
"""What one picture shows: a JSON-able part of a view (``board_inputs``/``hand_inputs``), all its drawing reads."""
