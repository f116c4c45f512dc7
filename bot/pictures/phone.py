"""The phone-width layout: the measures every picture drawn 480 px wide shares (GETGEM's and Eminit's).

Why 480 px: a picture is shown at most about 320 px wide on a phone, so text
drawn 15 px high there reads as 10 px, the smallest that stays legible; a
wider picture would shrink its text below that.  The hand grid (four cards to
a row, in whole pixels, so every card lands on one kept piece) is the same for
every game that draws hands at this width.
"""

from __future__ import annotations

WIDTH = 480
"""The picture's width in pixels."""
M = 10
"""The margin round the picture."""
GAP = 8
"""The space between two panels or two cards."""
TEXT = 15
"""The smallest text size: 15 px on a 480 px picture is 10 px on a 320 px phone."""
NAME = 17
"""A seat name's text size."""

PER_ROW = 4
"""Cards in a row of a hand."""
CARD_W = (WIDTH - 2 * M - GAP * (PER_ROW - 1)) // PER_ROW
"""A hand card's width, in whole pixels: every card lands on one kept piece."""
CARD_H = round(CARD_W * 1.38)
"""A hand card's height (a playing card's proportions)."""
HEADER = 40
"""The hand picture's header: whose hand, and how many cards."""
