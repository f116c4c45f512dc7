"""The review's chart: the player's estimated chance after each of their decisions, the costliest marked.

Drawn with the pictures' toolkit (its bundled font: Japanese draws the same on
any host) like ``/game stats``' rating chart, from the review's numbers alone.
Sized for a phone: 520 px wide, shown at full width; the marks are numbered
like the review's list of costliest decisions (①②③), and each dot's colour is
its label's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.pictures import canvas, palette
from bot.pictures.canvas import Canvas

from . import decisions

WIDTH, HEIGHT = 520, 270
BACKGROUND = (32, 34, 40)
GRID = (58, 62, 72)
LINE = (88, 140, 255)
LEFT, RIGHT, TOP, BOTTOM = 62, 24, 52, 40
MARK_R = 13
MARKS = ("①", "②", "③")
"""The costliest decisions' marks, in the chart and in the list beside it."""
COLOURS = {
    "best": palette.WIN,
    "good": (150, 210, 120),
    "inaccuracy": palette.GOLD,
    "mistake": (240, 140, 60),
    "blunder": palette.DANGER,
}


def mark_of(review: dict[str, Any], step: int) -> str:
    """The mark of a costly decision (① for the costliest), as the chart draws it."""
    return MARKS[review["costliest"].index(step)]


def draw(review: dict[str, Any], title: str, axis: str) -> bytes | None:
    """PNG bytes of the chart; None when the player had fewer than two decisions (no line to draw)."""
    items: Sequence[dict[str, Any]] = review["decisions"]
    values = decisions.chance_line(review)
    if len(values) < 2:
        return None
    c = Canvas(WIDTH, HEIGHT, BACKGROUND)
    c.text((LEFT, 24), title, 22, palette.WHITE, bold=True, anchor="lm", max_width=WIDTH - LEFT - RIGHT)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> float:
        return TOP + plot_h * (1 - value)

    for value in (0.0, 0.5, 1.0):
        y = y_of(value)
        c.draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=GRID, width=1)
        c.text((LEFT - 8, y), f"{round(value * 100)}%", 16, palette.MUTED, anchor="rm")
    step = plot_w / (len(values) - 1)
    points = [(LEFT + k * step, y_of(v)) for k, v in enumerate(values)]
    c.draw.line(points, fill=LINE, width=3, joint="curve")
    dot = 5 if len(values) <= 40 else 3
    for (x, y), item in zip(points, items, strict=True):
        c.draw.ellipse([(x - dot, y - dot), (x + dot, y + dot)], fill=COLOURS[item["label"]])
    by_step = {d["step"]: k for k, d in enumerate(items)}
    placed: list[tuple[float, bool]] = []  # (x, below) of the marks drawn so far
    for rank, costly in enumerate(review["costliest"]):
        x, y = points[by_step[costly]]
        below = y < TOP + 34  # near the top: the mark goes under the dot
        if any(abs(x - px) < 2 * MARK_R + 4 and pb == below for px, pb in placed):
            below = not below  # a mark beside another: on the other side of the line
        placed.append((x, below))
        my = y + 26 if below else y - 26
        c.draw.line([(x, y), (x, my)], fill=palette.WHITE, width=2)
        c.draw.ellipse([(x - MARK_R, my - MARK_R), (x + MARK_R, my + MARK_R)], fill=palette.DANGER)
        c.text((x, my), str(rank + 1), 17, palette.WHITE, bold=True, anchor="mm")
    c.text((WIDTH - RIGHT, HEIGHT - BOTTOM / 2), axis, 16, palette.MUTED, anchor="rm")
    return canvas.encode(c.image)
