"""A picture of one postcard layout, for the rules page (``docs/rules/``) and anyone choosing a layout.

The card lies as at r = 0 seen from above, seat 1 at the bottom: side A faces
the bottom and the order numbers ascend counter-clockwise (A bottom, B right,
C top, D left), as docs/rules/promotion.md §2 reads the card.  Regenerate the pictures with
``python -m cogs.promotion.picture.layoutpicture docs/rules``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from bot.pictures.canvas import Canvas

from ..rules import postcard
from ..rules.postcard import SPECIAL_NAME
from .board import BACKGROUND, INK, MUTED, PANEL, SIDE_COLOURS, SIDE_TINTS, SUIT_COLOURS, WHITE
from .shapes import suit_shape

SIZE = (520, 520)
_CARD = (180, 180, 340, 340)
_C = 260
_TRI = {  # side index -> (triangle on the card, label centre, panel box)
    0: (((180, 340), (340, 340), (_C, _C)), (_C, 312), (170, 352, 350, 512)),
    1: (((340, 180), (340, 340), (_C, _C)), (312, _C), (352, 170, 512, 350)),
    2: (((180, 180), (340, 180), (_C, _C)), (_C, 208), (170, 8, 350, 168)),
    3: (((180, 180), (180, 340), (_C, _C)), (208, _C), (8, 170, 168, 350)),
}


def layout_png(layout: str) -> bytes:
    """The four sides of ``layout`` around the card, as PNG bytes."""
    sides = postcard.LAYOUTS[layout]
    c = Canvas(*SIZE, BACKGROUND)
    d = c.draw
    d.rectangle(_CARD, fill=PANEL)
    for index, side in enumerate(sides):
        points, (lx, ly), (x0, y0, x1, y1) = _TRI[index]
        d.polygon(points, fill=SIDE_TINTS[index], outline=SIDE_COLOURS[index])
        c.text((lx, ly - 8), side.letter, 20, SIDE_COLOURS[index], anchor="mm")
        c.text((lx, ly + 11), SPECIAL_NAME[side.special], 11, INK, anchor="mm")
        c.rounded((x0, y0, x1, y1), 10, PANEL, SIDE_COLOURS[index], 3)
        c.rounded((x0, y0, x1, y0 + 28), 10, SIDE_COLOURS[index])
        d.rectangle((x0, y0 + 18, x1, y0 + 28), fill=SIDE_COLOURS[index])
        c.text((x0 + 10, y0 + 14), side.letter, 18, WHITE, anchor="lm")
        for row in (1, 2, 3, 4):
            y = y0 + 34 + (row - 1) * 30
            c.text((x0 + 14, y + 12), str(row), 16, MUTED, anchor="mm")
            if row == 1:
                label = f"{SPECIAL_NAME[side.special]} ({side.order})"
                c.text((x0 + 30, y + 12), label, 16, INK, anchor="lm")
            else:
                for i, suit in enumerate(side.row(row)):
                    suit_shape(d, suit, x0 + 32 + i * 28, y + 2, 20, SUIT_COLOURS[suit])
    d.rectangle(_CARD, outline=INK, width=2)
    buf = io.BytesIO()
    c.image.save(buf, format="PNG")
    return buf.getvalue()


def main(folder: str) -> None:
    for name in postcard.LAYOUTS:
        path = Path(folder) / f"promotion-postcard-{name}.png"
        path.write_bytes(layout_png(name))
        print(path)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/rules")
