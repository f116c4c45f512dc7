"""Game pictures: the shared toolkit (fonts, colours, canvas, plates, icons, PNG bytes).

Each picture game draws in ``cogs/<game>/picture.py`` with pure functions of a
view: ``board(view, names, tr) -> bytes`` from the spectator view and, where a
game has hidden hands, ``hand(view, seat, names, tr) -> bytes`` from that seat's
view.  Nothing here reads a state, a clock or the host's fonts, so the same view
always gives the same bytes -- and a picture cannot show what its view hides.
"""

from __future__ import annotations

from bot import i18n

from .strings import STRINGS

i18n.register(STRINGS)

MAX_BYTES = 150_000
"""The most a picture may weigh (checked by the tests and the benchmark)."""
