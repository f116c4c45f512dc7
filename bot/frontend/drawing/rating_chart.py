"""The small trend chart of ``/game stats``: a player's shown rating over their last rated games, per game.

Drawn with the pictures' toolkit (its bundled font, so Japanese game names
draw the same on any host), from numbers the player may see anyway: their own
ratings.  Small on purpose (a phone shows it at full width without zooming).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.pictures import canvas, palette
from bot.pictures.canvas import Canvas

WIDTH, HEIGHT = 640, 260
BACKGROUND = (32, 34, 40)
GRID = (58, 62, 72)
LEFT, RIGHT, TOP, BOTTOM = 64, 20, 44, 56


def chart(trends: Mapping[str, Sequence[int]], title: str) -> bytes | None:
    """PNG bytes of one line per game (label -> shown ratings, oldest first); None when there is nothing to draw."""
    series = {label: list(values) for label, values in trends.items() if len(values) >= 2}
    if not series:
        return None
    c = Canvas(WIDTH, HEIGHT, BACKGROUND)
    c.text((LEFT, 22), title, 18, palette.WHITE, bold=True, anchor="lm")
    low = min(min(v) for v in series.values())
    high = max(max(v) for v in series.values())
    pad = max(10, (high - low) // 8)
    low, high = low - pad, high + pad
    longest = max(len(v) for v in series.values())
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> float:
        return TOP + plot_h * (1 - (value - low) / (high - low))

    for value in (low + pad, (low + high) / 2, high - pad):  # three grid lines, labelled on the left
        y = y_of(value)
        c.draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=GRID, width=1)
        c.text((LEFT - 8, y), f"{round(value):,}", 13, palette.MUTED, anchor="rm")
    legend_x = LEFT
    for i, (label, values) in enumerate(series.items()):
        colour = palette.seat(i)
        step = plot_w / max(1, longest - 1)
        start = longest - len(values)  # every line ends at the right edge: the latest game
        points = [(LEFT + (start + k) * step, y_of(v)) for k, v in enumerate(values)]
        c.draw.line(points, fill=colour, width=3, joint="curve")
        x, y = points[-1]
        c.draw.ellipse([(x - 4, y - 4), (x + 4, y + 4)], fill=colour)
        ly = HEIGHT - BOTTOM / 2 + 4
        c.draw.rectangle([(legend_x, ly - 5), (legend_x + 14, ly + 5)], fill=colour)
        legend_x += 22 + c.text((legend_x + 20, ly), f"{label} {values[-1]:,}", 14, palette.WHITE, anchor="lm") + 18
    return canvas.encode(c.image)
