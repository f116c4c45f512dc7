"""Small drawn symbols for the picture: suits, star, crown, tick, clash cross.

Drawn, not typed: the fallback font has no suit symbols, and shapes look the
same whichever font is installed, so the picture never depends on glyphs.
"""

from __future__ import annotations

import math

from PIL import ImageDraw


def suit_shape(d: ImageDraw.ImageDraw, suit: str, x: float, y: float, size: float, colour: str) -> None:
    """A suit symbol filling the box (x, y, size)."""
    cx, q = x + size / 2, size / 4
    if suit == "D":
        d.polygon([(cx, y), (x + size * 0.85, y + size / 2), (cx, y + size), (x + size * 0.15, y + size / 2)],
                  fill=colour)
    elif suit == "H":
        d.ellipse((x + 0.02 * size, y + 0.08 * size, cx + 0.02 * size, y + 0.56 * size), fill=colour)
        d.ellipse((cx - 0.02 * size, y + 0.08 * size, x + 0.98 * size, y + 0.56 * size), fill=colour)
        d.polygon([(x + 0.06 * size, y + 0.42 * size), (x + 0.94 * size, y + 0.42 * size), (cx, y + size)],
                  fill=colour)
    elif suit == "S":
        d.polygon([(cx, y), (x + 0.94 * size, y + 0.55 * size), (x + 0.06 * size, y + 0.55 * size)], fill=colour)
        d.ellipse((x + 0.02 * size, y + 0.34 * size, cx + 0.02 * size, y + 0.76 * size), fill=colour)
        d.ellipse((cx - 0.02 * size, y + 0.34 * size, x + 0.98 * size, y + 0.76 * size), fill=colour)
        d.polygon([(cx, y + 0.55 * size), (cx + q * 0.8, y + size), (cx - q * 0.8, y + size)], fill=colour)
    else:  # clubs: three clearly separate lobes and a thin stem, so it never reads as a spade
        r = size * 0.2
        for ox, oy in ((cx, y + r + 0.02 * size), (x + r + 0.02 * size, y + 0.55 * size),
                       (x + size - r - 0.02 * size, y + 0.55 * size)):
            d.ellipse((ox - r, oy - r, ox + r, oy + r), fill=colour)
        d.polygon([(cx, y + 0.3 * size), (cx + 0.1 * size, y + 0.7 * size), (cx - 0.1 * size, y + 0.7 * size)],
                  fill=colour)
        d.polygon([(cx, y + 0.55 * size), (cx + q * 0.9, y + size), (cx - q * 0.9, y + size)], fill=colour)


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: str) -> None:
    """A five-pointed star (the parent)."""
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + rad * math.cos(angle), cy + rad * math.sin(angle)))
    d.polygon(points, fill=fill)


def crown(d: ImageDraw.ImageDraw, x: float, y: float, w: float, fill: str) -> None:
    """A crown (a King was won) in the box (x, y, w, 0.8 w)."""
    h = w * 0.8
    d.polygon(
        [(x, y + h), (x, y + h * 0.25), (x + w * 0.27, y + h * 0.6), (x + w / 2, y), (x + w * 0.73, y + h * 0.6),
         (x + w, y + h * 0.25), (x + w, y + h)],
        fill=fill,
    )


def tick(d: ImageDraw.ImageDraw, right: float, bottom: float, size: float, fill: str) -> None:
    """A tick ("has picked"): the fallback font has no ✓, and a word would be English in every language."""
    x0, y0 = right - size, bottom - size
    points = [(x0, y0 + size * 0.55), (x0 + size * 0.38, bottom), (right, y0)]
    d.line(points, fill=fill, width=max(2, round(size / 5)), joint="curve")


def clash_mark(d: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: str) -> None:
    """A bold ✖ over the box (x, y, size): this suit clashed, nobody on that row got it."""
    w = max(2, round(size / 6))
    d.line((x, y, x + size, y + size), fill=fill, width=w)
    d.line((x, y + size, x + size, y), fill=fill, width=w)


def move_mark(d: ImageDraw.ImageDraw, x: float, cy: float, size: float, how: str, fill: str) -> None:
    """How a field card moved at the last reveal, beside its value: ▲ up (raise, wild), ▼ down, ◀▶ changed suit."""
    h = size / 2
    if how in ("raise", "wild"):
        d.polygon([(x, cy + h * 0.8), (x + size, cy + h * 0.8), (x + h, cy - h)], fill=fill)
    elif how == "down_move":
        d.polygon([(x, cy - h * 0.8), (x + size, cy - h * 0.8), (x + h, cy + h)], fill=fill)
    else:  # two small triangles back to back: swapped with another suit
        d.polygon([(x, cy), (x + h * 0.9, cy - h), (x + h * 0.9, cy + h)], fill=fill)
        d.polygon([(x + size + 2, cy), (x + h * 1.1 + 2, cy - h), (x + h * 1.1 + 2, cy + h)], fill=fill)
