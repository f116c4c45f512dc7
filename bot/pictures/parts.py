"""Pieces every game picture shares: name plates, wrapped card titles, banners, piles.

All of them draw onto a :class:`~bot.pictures.canvas.Canvas` and read nothing
but their arguments, so a game's picture stays a pure function of its view.
"""

from __future__ import annotations

from functools import lru_cache

from . import palette
from .canvas import Canvas, fit, sprite, width
from .palette import RGB, mix

MARKER = "▶"


def plate(
    canvas: Canvas,
    box: tuple[float, float, float, float],
    name: str,
    colour: RGB,
    *,
    active: bool = False,
    right: str = "",
    panel: RGB = (40, 42, 48),
    size: int = 18,
    winner: bool = False,
) -> None:
    """A player's name plate: seat colour bar, name cut to fit (…), an optional right-aligned figure.

    ``active`` (this seat is to act) rings the plate in its colour and adds ▶;
    ``winner`` rings it in gold and adds a crown.
    """
    x0, y0, x1, y1 = box
    h = y1 - y0
    ring = palette.GOLD if winner else colour if active else None
    fill = mix(panel, colour, 0.22) if active or winner else panel
    if ring is not None:
        canvas.panel((x0 - 2, y0 - 2, x1 + 2, y1 + 2), ring, radius=int(h / 2) + 2)
    canvas.panel(box, fill, radius=int(h / 2))
    dot = h * 0.28
    cy = (y0 + y1) / 2
    canvas.rounded((x0 + h / 2 - dot, cy - dot, x0 + h / 2 + dot, cy + dot), dot, colour)
    x = x0 + h * 0.95
    right_w = 0
    if right:
        right_w = canvas.text((x1 - h * 0.45, cy), right, size, palette.WHITE, bold=True, anchor="rm") + 10
    if winner:
        crown(canvas, (x + 9, cy), 9, palette.GOLD)
        x += 22
    elif active:
        x += canvas.text((x, cy), MARKER, size - 4, colour, anchor="lm") + 6
    canvas.text((x, cy), name, size, palette.WHITE, bold=True, max_width=int(x1 - h * 0.4 - right_w - x))


@sprite
def crown(canvas: Canvas, centre: tuple[float, float], r: float, colour: RGB) -> None:
    """A small three-point crown (winners)."""
    cx, cy = centre
    pts = [
        (cx - r, cy + r * 0.7),
        (cx - r, cy - r * 0.5),
        (cx - r * 0.5, cy),
        (cx, cy - r * 0.8),
        (cx + r * 0.5, cy),
        (cx + r, cy - r * 0.5),
        (cx + r, cy + r * 0.7),
    ]
    canvas.draw.polygon(pts, fill=colour)


@lru_cache(maxsize=2048)
def wrap(text: str, size: int, bold: bool, max_width: int, max_lines: int = 2) -> tuple[str, ...]:
    """``text`` in at most ``max_lines`` lines of ``max_width`` pixels; the last line is cut with … if needed.

    Breaks at spaces, or after " / ", "×", "／", "&", "・" in Japanese card names, or
    anywhere in text without spaces (Japanese has no word spaces).
    """
    if width(text, size, bold) <= max_width or max_lines <= 1:
        return (fit(text, size, bold, max_width),)
    for sep in (" / ", "×", "／", "/"):
        if sep in text:
            head, tail = text.split(sep, 1)
            head = head + (sep.strip() if sep in ("×", "／") else "")
            if width(head, size, bold) <= max_width:
                return (head, *wrap(tail.strip(), size, bold, max_width, max_lines - 1))
    line = ""
    words = text.split(" ")
    joiner = " "
    if len(words) == 1 or any(width(word, size, bold) > max_width for word in words):
        words, joiner = list(text), ""  # Japanese, or a word too long for a line: break anywhere
    for i, word in enumerate(words):
        trial = f"{line}{joiner}{word}" if line else word
        if width(trial, size, bold) > max_width and line:
            rest = joiner.join(words[i:])
            return (line, *wrap(rest, size, bold, max_width, max_lines - 1))
        line = trial
    return (fit(line, size, bold, max_width),)


SHRINK = 3
"""Pixels :func:`lines` may take off its size to keep a word whole."""


def whole_words_size(text: str, size: int, bold: bool, max_width: int) -> int:
    """The largest size, down to ``size - SHRINK``, at which every Latin word of ``text`` fits ``max_width``."""
    latin = [word for word in text.split() if word.isascii()]
    smallest = max(1, size - SHRINK)
    while size > smallest and any(width(word, size, bold) > max_width for word in latin):
        size -= 1
    return size


def lines(
    canvas: Canvas,
    centre: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    max_width: int,
    *,
    bold: bool = True,
    max_lines: int = 2,
) -> None:
    """Draw ``text`` wrapped (:func:`wrap`) and centred on ``centre``.

    A Latin word too wide for a line ("Clairvoyance" on a small card) is drawn a little smaller rather than
    broken inside ("Clairvoyanc / e"); Japanese, which breaks anywhere, keeps its size.
    """
    size = whole_words_size(text, size, bold, max_width)
    rows = wrap(text, size, bold, max_width, max_lines)
    step = size * 1.18
    top = centre[1] - step * (len(rows) - 1) / 2
    for i, row in enumerate(rows):
        canvas.text((centre[0], top + i * step), row, size, fill, bold=bold, anchor="mm")


def banner(canvas: Canvas, centre: tuple[float, float], text: str, size: int = 22) -> None:
    """The game-over ribbon: a gold pill with a crown and dark text, cut to the canvas width."""
    max_w = canvas.width - 80
    text = fit(text, size, True, max_w - 60)
    w = width(text, size, True) + 70
    cx, cy = centre
    h = size * 1.9
    canvas.pill((cx - w / 2 + 2, cy - h / 2 + 4, cx + w / 2 + 2, cy + h / 2 + 4), (0, 0, 0))
    canvas.pill((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), palette.GOLD)
    crown(canvas, (cx - w / 2 + 24, cy), 10, palette.GOLD_DARK)
    canvas.text((cx + 14, cy), text, size, (40, 28, 6), bold=True, anchor="mm")


def pile(
    canvas: Canvas,
    box: tuple[float, float, float, float],
    count: int,
    back: RGB,
    mark: RGB,
    label: str,
) -> None:
    """A face-down pile (thicker the more it holds) with its count on top and a label under it."""
    x0, y0, x1, y1 = box
    layers = 0 if count == 0 else min(3, 1 + count // 10)
    if count == 0:
        canvas.panel(box, mix(back, (0, 0, 0), 0.6), radius=6, outline=mix(back, (0, 0, 0), 0.2))
    for i in range(layers, 0, -1):
        canvas.card_back((x0 + i * 2, y0 - i * 2, x1 + i * 2, y1 - i * 2), back, mark)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    canvas.badge((cx, cy), str(count), 16, (20, 20, 24), palette.WHITE, anchor="mm")
    canvas.text((cx, y1 + 14), label, 14, palette.MUTED, anchor="mm", max_width=int(x1 - x0 + 40))
