"""PORTAS's goods: the port cards' art (a bucket for a 1 … a cart for a 6), drawn from polygons like the kit's icons.

PORTAS's own art, so it lives in its package; the marks several games share
(gems, coins, the pick…) are :mod:`bot.pictures.icons`.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.pictures.canvas import Canvas, sprite
from bot.pictures.icons import INK, Point, line_width
from bot.pictures.palette import RGB, mix


@sprite
def bucket(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.arc(
        (x - r * 0.7, y - r * 1.0, x + r * 0.7, y + r * 0.2), 180, 360, fill=INK, width=max(1, round(r / 8))
    )
    canvas.draw.polygon(
        [
            (x - r * 0.8, y - r * 0.4),
            (x + r * 0.8, y - r * 0.4),
            (x + r * 0.55, y + r * 0.9),
            (x - r * 0.55, y + r * 0.9),
        ],
        fill=fill,
        outline=INK,
        width=line_width(r),
    )
    canvas.draw.line([(x - r * 0.72, y - r * 0.05), (x + r * 0.72, y - r * 0.05)], fill=INK, width=1)


@sprite
def bag(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.ellipse(
        (x - r * 0.85, y - r * 0.35, x + r * 0.85, y + r * 0.95), fill=fill, outline=INK, width=line_width(r)
    )
    canvas.draw.polygon(
        [
            (x - r * 0.3, y - r * 0.4),
            (x + r * 0.3, y - r * 0.4),
            (x + r * 0.5, y - r * 0.95),
            (x - r * 0.5, y - r * 0.95),
        ],
        fill=fill,
        outline=INK,
        width=line_width(r),
    )
    canvas.draw.line([(x - r * 0.38, y - r * 0.4), (x + r * 0.38, y - r * 0.4)], fill=INK, width=max(1, round(r / 6)))


@sprite
def satchel(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.arc(
        (x - r * 0.45, y - r * 1.0, x + r * 0.45, y - r * 0.1), 180, 360, fill=INK, width=max(1, round(r / 7))
    )
    canvas.draw.rounded_rectangle(
        (x - r * 0.9, y - r * 0.5, x + r * 0.9, y + r * 0.85), round(r * 0.2),
        fill=fill, outline=INK, width=line_width(r),
    )
    canvas.draw.polygon(
        [
            (x - r * 0.9, y - r * 0.45),
            (x + r * 0.9, y - r * 0.45),
            (x + r * 0.9, y),
            (x, y + r * 0.25),
            (x - r * 0.9, y),
        ],
        fill=mix(fill, INK, 0.25),
        outline=INK,
        width=line_width(r),
    )
    canvas.draw.rectangle((x - r * 0.1, y + r * 0.1, x + r * 0.1, y + r * 0.35), fill=(230, 200, 90))


@sprite
def crate(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.rectangle(
        (x - r * 0.85, y - r * 0.85, x + r * 0.85, y + r * 0.85), fill=fill, outline=INK, width=max(1, round(r / 9))
    )
    w = max(1, round(r / 7))
    canvas.draw.line([(x - r * 0.8, y - r * 0.8), (x + r * 0.8, y + r * 0.8)], fill=INK, width=w)
    canvas.draw.line([(x - r * 0.85, y - r * 0.3), (x + r * 0.85, y - r * 0.3)], fill=INK, width=1)
    canvas.draw.line([(x - r * 0.85, y + r * 0.3), (x + r * 0.85, y + r * 0.3)], fill=INK, width=1)


@sprite
def barrel(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    """Staves bulging at the middle, two dark hoops."""
    x, y = c
    steps = [i / 4 - 1 for i in range(9)]  # -1 .. 1, top to bottom
    right = [(x + r * (0.55 + 0.3 * (1 - t * t)), y + r * t) for t in steps]
    left = [(2 * x - px, py) for px, py in reversed(right)]
    canvas.draw.polygon(right + left, fill=fill, outline=INK, width=line_width(r))
    for t in (-0.5, 0.5):
        half = r * (0.55 + 0.3 * (1 - t * t))
        canvas.draw.line([(x - half, y + r * t), (x + half, y + r * t)], fill=INK, width=max(1, round(r / 7)))
    canvas.draw.line([(x, y - r * 0.9), (x, y + r * 0.9)], fill=mix(fill, INK, 0.3), width=max(1, round(r / 14)))


@sprite
def cart(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.polygon(
        [(x - r, y - r * 0.6), (x + r, y - r * 0.6), (x + r * 0.8, y + r * 0.35), (x - r * 0.8, y + r * 0.35)],
        fill=fill,
        outline=INK,
        width=line_width(r),
    )
    for wx in (-0.5, 0.5):
        cx = x + r * wx
        canvas.draw.ellipse((cx - r * 0.3, y + r * 0.3, cx + r * 0.3, y + r * 0.9), fill=INK)
        canvas.draw.ellipse((cx - r * 0.1, y + r * 0.5, cx + r * 0.1, y + r * 0.7), fill=fill)


GOODS: dict[int, Callable[[Canvas, Point, float, RGB], None]] = {
    1: bucket,
    2: bag,
    3: satchel,
    4: crate,
    5: barrel,
    6: cart,
}
"""PORTAS port cards by value."""
