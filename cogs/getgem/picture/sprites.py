"""GETGEM's cards as drawn: a face-up card (band, emblem, name), an element card, a fan of backs.

Why apart from the layouts (:mod:`cogs.getgem.picture`): the table and the hand both lay
these out; this module is what one card looks like, that one where cards lie.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import Tr
from bot.pictures import icons, palette, parts
from bot.pictures.canvas import Canvas
from bot.pictures.canvas import width as canvas_width
from bot.pictures.palette import mix

from ..game import ID

P = palette.of(ID)  # the table colours game.py declares

BANDS: dict[str, tuple[int, int, int]] = {
    "fire": (238, 76, 52),
    "water": (54, 150, 240),
    "thunder": (236, 180, 30),
    "rainbow": (160, 110, 230),
    "curse": (92, 60, 120),
    "steal": (70, 70, 96),
    "exchange": (70, 70, 96),
    "arm": (70, 70, 96),
    "push_peep": (70, 70, 96),
    "push_barrier": (70, 70, 96),
}
"""The coloured band along each card's top: a gem's colour, or slate for action cards."""


def emblem(canvas: Canvas, centre: tuple[float, float], r: float, card_type: str) -> None:
    """A card type's mark: a gem for gems, a drawn symbol for each action card."""
    if card_type in ("fire", "water", "thunder", "rainbow", "curse"):
        icons.gem(canvas, centre, r, card_type)
        return
    ink = (60, 56, 84)
    x, y = centre
    if card_type == "steal":
        icons.hand(canvas, centre, r * 0.9, ink)
    elif card_type == "exchange":
        icons.arrows(canvas, centre, r * 0.9, ink)
    elif card_type == "arm":
        icons.pick(canvas, centre, r * 0.9, ink)
    elif card_type == "push_peep":
        icons.hand(canvas, (x - r * 0.45, y), r * 0.6, ink)
        icons.eye(canvas, (x + r * 0.5, y), r * 0.5, (54, 150, 240))
    elif card_type == "push_barrier":
        icons.hand(canvas, (x - r * 0.45, y), r * 0.6, ink)
        icons.shield(canvas, (x + r * 0.5, y), r * 0.55, (67, 170, 120))


def face(
    canvas: Canvas, box: tuple[float, float, float, float], card_type: str, tr: Tr | None, *, glow: Any = None
) -> None:
    """A face-up card: coloured band, emblem, and (if ``tr``) its name in up to two lines."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    band = BANDS.get(card_type, P.card_ink)
    canvas.card(box, P.card_face, edge=mix(band, (0, 0, 0), 0.2), radius=max(4, int(w / 10)), glow=glow)
    canvas.panel((x0 + 3, y0 + 3, x1 - 3, y0 + max(5, h * 0.09)), band, radius=2)
    if tr is None:
        emblem(canvas, ((x0 + x1) / 2, y0 + h * 0.52), min(w, h) * 0.3, card_type)
        return
    if card_type in DUAL:
        _dual(canvas, box, card_type, tr)
        return
    emblem(canvas, ((x0 + x1) / 2, y0 + h * 0.38), min(w * 0.3, h * 0.2), card_type)
    parts.lines(
        canvas,
        ((x0 + x1) / 2, y0 + h * 0.78),
        tr(f"{ID}.card.{card_type}"),
        name_size(w),
        P.card_ink,
        int(w - 8),
        max_lines=2,
    )


def name_size(w: float) -> int:
    """A card name's size on a card ``w`` pixels wide: 16 on a hand's card (15 px or more on a phone, see
    :mod:`cogs.getgem.picture`), smaller only on the small cards no picture names any more."""
    return 16 if w >= 100 else 14 if w >= 88 else 12


def count_badge(canvas: Canvas, box: tuple[float, float, float, float], count: int) -> None:
    """"×2" on a card's top right corner: a hand shows each card type once, with how many."""
    if count > 1:
        canvas.badge((box[2] - 4, box[1] + 16), f"×{count}", 16, P.card_ink, palette.WHITE, anchor="rm")


FACE_PAD = 4  # a card's piece reaches this far round it (its shadow falls 1 right, 3 down)


def face_tile(canvas: Canvas, box: tuple[float, float, float, float], card_type: str, tr: Tr) -> None:
    """A named face-up card on the plain table, drawn once per type, size and language, then pasted."""
    canvas.tile_box(box, (f"{ID}.face", card_type, tr.locale), lambda piece, local: face(piece, local, card_type, tr),
                    pad=(FACE_PAD, FACE_PAD, FACE_PAD + 2, FACE_PAD + 4))


DUAL = {"push_peep": ("push", "peep"), "push_barrier": ("push", "barrier")}
"""Two-mode cards: drawn split in two halves, like a printed dual card, each half with its mark and name."""


def _halves(card_type: str, tr: Tr) -> tuple[str, str]:
    """The two modes' names, cut from the card's catalogue name ("Steal & Push / Barrier", "…／バリア")."""
    name = tr(f"{ID}.card.{card_type}")
    for sep in (" / ", "×", "／", "/"):
        if sep in name:
            first, second = name.split(sep, 1)
            return first.strip(), second.strip()
    return name, ""


def _dual(canvas: Canvas, box: tuple[float, float, float, float], card_type: str, tr: Tr) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    top, bottom = _halves(card_type, tr)
    size = 15 if w >= 100 else 13 if w >= 88 else 11
    r = min(w * 0.14, h * 0.07)
    icons.hand(canvas, (cx, y0 + h * 0.19), r, (60, 56, 84))
    _half_name(canvas, (cx, y0 + h * 0.37), top, size, int(w - 8))
    canvas.draw.line([(x0 + 8, y0 + h * 0.52), (x1 - 8, y0 + h * 0.52)], fill=mix(P.card_face, P.card_ink, 0.35))
    if DUAL[card_type][1] == "peep":
        icons.eye(canvas, (cx, y0 + h * 0.62), r, (54, 150, 240))
    else:
        icons.shield(canvas, (cx, y0 + h * 0.62), r, (67, 170, 120))
    _half_name(canvas, (cx, y0 + h * 0.82), bottom, size, int(w - 8))


WORD_ENDS = ("ドロー",)
"""Japanese words a too-wide half's name is broken before (Japanese has no spaces to break at)."""


def _half_name(canvas: Canvas, centre: tuple[float, float], text: str, size: int, max_width: int) -> None:
    """One half's name in two lines at most, broken after "&" when it is too wide ("スティール&" / "押しつけ")
    rather than wherever the pixels run out."""
    rows = None
    if canvas_width(text, size, True) > max_width:
        if "&" in text:
            head, tail = text.split("&", 1)
            rows = (head.strip() + "&", tail.strip())
        elif text.endswith(WORD_ENDS) and not text.isascii():
            end = next(e for e in WORD_ENDS if text.endswith(e))
            rows = (text[: -len(end)], end)  # "ピーピング" / "ドロー", not "ピーピングド" / "ロー"
    if rows is not None:
        step = size * 1.18
        for i, row in enumerate(rows):
            canvas.text((centre[0], centre[1] + (i - 0.5) * step), row, size, P.card_ink, bold=True, anchor="mm",
                        max_width=max_width)
        return
    parts.lines(canvas, centre, text, size, P.card_ink, max_width, max_lines=2)


def element_card(canvas: Canvas, box: tuple[float, float, float, float], elem: str) -> None:
    """An element card: gold frame (they never enter a hand or the deck), the gem large."""
    x0, y0, x1, y1 = box
    canvas.card(box, (250, 220, 140), edge=palette.GOLD_DARK, radius=6)
    canvas.panel((x0 + 3, y0 + 3, x1 - 3, y1 - 3), mix((250, 220, 140), BANDS[elem], 0.25), radius=4)
    icons.gem(canvas, ((x0 + x1) / 2, (y0 + y1) / 2), min(x1 - x0, y1 - y0) * 0.3, elem)


def backs(canvas: Canvas, x: float, y: float, count: int, max_w: float, w: int = 24, h: int = 34) -> float:
    """A fan of ``count`` face-down cards from ``x``, squeezed into ``max_w``; returns where it ends."""
    if count <= 0:
        return x
    step = min(w * 0.55, (max_w - w) / max(1, count - 1)) if count > 1 else 0
    for i in range(count):
        canvas.card_back((x + i * step, y, x + i * step + w, y + h), P.card_back, P.card_back_mark, radius=4)
    return x + (count - 1) * step + w
