"""Original icons drawn from polygons and ellipses: gems, coins, tools, magic marks.

No emoji font and no publisher artwork: every mark here is a handful of
shapes, sized by one radius ``r`` around a centre, so it scales from a hand
card to a tiny chip.  Only the marks several games draw are here; a game's own
art lives in its package (PORTAS's goods: ``cogs/portas/picture/sprites.py``).
"""

from __future__ import annotations

from .canvas import Canvas, sprite
from .palette import RGB, mix

Point = tuple[float, float]
INK: RGB = (52, 40, 28)

GEM_COLOURS: dict[str, RGB] = {
    "fire": (238, 76, 52),
    "water": (54, 150, 240),
    "thunder": (250, 200, 40),
    "curse": (92, 60, 120),
    "emerald": (40, 180, 110),
    "amethyst": (160, 100, 230),
    "empty": (58, 72, 92),
}


def line_width(r: float) -> int:
    """Outline width for an icon of radius ``r`` (icons are drawn at 4x, so this scales with them)."""
    return max(1, round(r / 12))


RAINBOW: tuple[RGB, ...] = ((238, 76, 52), (250, 200, 40), (67, 201, 120), (54, 150, 240), (160, 100, 240))


@sprite
def gem(canvas: Canvas, c: Point, r: float, kind: str) -> None:
    """A cut gem (hexagonal crown over a pointed pavilion) in the kind's colour; rainbow has striped facets."""
    x, y = c
    outline = [
        (x - r, y - r * 0.3),
        (x - r * 0.55, y - r * 0.8),
        (x + r * 0.55, y - r * 0.8),
        (x + r, y - r * 0.3),
        (x, y + r),
    ]
    draw = canvas.draw
    if kind == "rainbow":
        draw.polygon(outline, fill=RAINBOW[0], outline=mix(RAINBOW[0], (0, 0, 0), 0.45))
        band = [(x - r * 0.55, y - r * 0.8), (x - r * 0.2, y - r * 0.8), (x, y + r)]
        draw.polygon(band, fill=RAINBOW[1])
        draw.polygon([(x - r * 0.2, y - r * 0.8), (x + r * 0.2, y - r * 0.8), (x, y + r)], fill=RAINBOW[2])
        draw.polygon([(x + r * 0.2, y - r * 0.8), (x + r * 0.55, y - r * 0.8), (x, y + r)], fill=RAINBOW[3])
        draw.polygon([(x + r * 0.55, y - r * 0.8), (x + r, y - r * 0.3), (x, y + r)], fill=RAINBOW[4])
        return
    base = GEM_COLOURS.get(kind, (150, 150, 160))
    draw.polygon(outline, fill=base, outline=mix(base, (0, 0, 0), 0.45))
    light, dark = mix(base, (255, 255, 255), 0.45), mix(base, (0, 0, 0), 0.25)
    draw.polygon(
        [(x - r, y - r * 0.3), (x + r, y - r * 0.3), (x + r * 0.55, y - r * 0.8), (x - r * 0.55, y - r * 0.8)],
        fill=light,
    )
    draw.polygon([(x - r * 0.3, y - r * 0.3), (x + r * 0.3, y - r * 0.3), (x, y + r)], fill=mix(base, light, 0.4))
    draw.polygon([(x + r * 0.3, y - r * 0.3), (x + r, y - r * 0.3), (x, y + r)], fill=dark)
    if kind == "curse":  # a crack across the stone
        draw.line(
            [
                (x - r * 0.5, y - r * 0.55),
                (x - r * 0.1, y - r * 0.1),
                (x - r * 0.3, y + r * 0.2),
                (x + r * 0.1, y + r * 0.55),
            ],
            fill=(230, 220, 240),
            width=max(1, round(r / 7)),
        )


@sprite
def coin(canvas: Canvas, c: Point, r: float, face: RGB = (247, 190, 64)) -> None:
    """A gold coin with a rim and a star-like sheen."""
    x, y = c
    canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=mix(face, (0, 0, 0), 0.3))
    canvas.draw.ellipse((x - r * 0.86, y - r * 0.86, x + r * 0.86, y + r * 0.86), fill=face)
    canvas.draw.ellipse(
        (x - r * 0.6, y - r * 0.6, x + r * 0.6, y + r * 0.6),
        outline=mix(face, (0, 0, 0), 0.25),
        width=max(1, round(r / 8)),
    )
    diamond(canvas, c, r * 0.32, mix(face, (255, 255, 255), 0.55))


@sprite
def diamond(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=fill)


@sprite
def star(canvas: Canvas, c: Point, r: float, fill: RGB, points: int = 4) -> None:
    """A sparkle: ``points`` long rays with a narrow waist (magic)."""
    import math

    x, y = c
    pts = []
    for i in range(points * 2):
        a = math.pi * i / points - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.32
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    canvas.draw.polygon(pts, fill=fill)


@sprite
def shield(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.polygon(
        [(x - r * 0.8, y - r * 0.8), (x + r * 0.8, y - r * 0.8), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)],
        fill=fill,
        outline=mix(fill, (0, 0, 0), 0.4),
    )
    canvas.draw.line([(x, y - r * 0.8), (x, y + r)], fill=mix(fill, (255, 255, 255), 0.4), width=max(1, round(r / 6)))


@sprite
def eye(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    x, y = c
    canvas.draw.chord((x - r, y - r * 0.9, x + r, y + r * 0.5), 200, 340, fill=fill)
    canvas.draw.chord((x - r, y - r * 0.5, x + r, y + r * 0.9), 20, 160, fill=fill)
    canvas.draw.polygon([(x - r, y), (x, y - r * 0.55), (x + r, y), (x, y + r * 0.55)], fill=fill)
    canvas.draw.ellipse((x - r * 0.38, y - r * 0.38, x + r * 0.38, y + r * 0.38), fill=(255, 255, 255))
    canvas.draw.ellipse((x - r * 0.18, y - r * 0.18, x + r * 0.18, y + r * 0.18), fill=(20, 20, 30))


@sprite
def hand(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    """A grabbing hand, reduced to palm and fingers (steal)."""
    x, y = c
    canvas.draw.rounded_rectangle((x - r * 0.6, y - r * 0.1, x + r * 0.6, y + r * 0.9), round(r * 0.3), fill=fill)
    for i in range(4):
        fx = x - r * 0.6 + i * r * 0.4
        canvas.draw.rounded_rectangle(
            (fx, y - r * (0.9 - abs(i - 1.5) * 0.15), fx + r * 0.32, y + r * 0.2), round(r * 0.15), fill=fill
        )
    canvas.draw.rounded_rectangle((x - r * 0.95, y - r * 0.05, x - r * 0.45, y + r * 0.3), round(r * 0.15), fill=fill)


@sprite
def arrows(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    """Two opposed arrows (exchange)."""
    x, y = c
    w = max(2, round(r / 4))
    canvas.draw.line([(x - r * 0.8, y - r * 0.35), (x + r * 0.6, y - r * 0.35)], fill=fill, width=w)
    canvas.draw.polygon([(x + r, y - r * 0.35), (x + r * 0.45, y - r * 0.75), (x + r * 0.45, y + r * 0.05)], fill=fill)
    canvas.draw.line([(x + r * 0.8, y + r * 0.35), (x - r * 0.6, y + r * 0.35)], fill=fill, width=w)
    canvas.draw.polygon([(x - r, y + r * 0.35), (x - r * 0.45, y - r * 0.05), (x - r * 0.45, y + r * 0.75)], fill=fill)


@sprite
def pick(canvas: Canvas, c: Point, r: float, fill: RGB) -> None:
    """A digging arm: a boom and a toothed scoop (excavation)."""
    x, y = c
    w = max(2, round(r / 4))
    canvas.draw.line(
        [(x - r * 0.9, y + r * 0.9), (x - r * 0.2, y - r * 0.6), (x + r * 0.5, y - r * 0.2)],
        fill=fill,
        width=w,
        joint="curve",
    )
    canvas.draw.polygon(
        [(x + r * 0.3, y - r * 0.2), (x + r, y - r * 0.1), (x + r * 0.8, y + r * 0.6), (x + r * 0.3, y + r * 0.4)],
        fill=fill,
    )
