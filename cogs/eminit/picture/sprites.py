"""Eminit's Treasure card sprites: a card face, a face-down field card, each kind's emblem.

Split from the board and hand layouts (:mod:`..picture`) by concern:
these draw one card in a box, whatever the layout around them.
"""

from __future__ import annotations

from typing import Any

from bot.gameui import seat_name
from bot.i18n import Tr
from bot.pictures import icons, palette, parts
from bot.pictures.canvas import Canvas
from bot.pictures.palette import mix

from .. import cards
from ..game import ID

P = palette.of(ID)  # the table colours game.py declares

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
CATEGORY_COLOURS = {"magic": (124, 86, 214), "interrupt": (32, 150, 160), "treasure": (222, 160, 30)}


def name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return seat_name(names, seat)


def mark(seat: int) -> str:
    return CIRCLED[seat] if 0 <= seat < len(CIRCLED) else str(seat + 1)


# --------------------------------------------------------------------------- cards


def emblem(canvas: Canvas, c: tuple[float, float], r: float, kind: str) -> None:
    """Each card kind's drawn mark (treasures in gold, magic and interrupts in their category colour)."""
    colour = CATEGORY_COLOURS[cards.CATEGORY[kind]]
    x, y = c
    if kind == "gold":
        icons.coin(canvas, c, r)
    elif kind == "ancient":
        parts.crown(canvas, c, r, (214, 150, 30))
        icons.diamond(canvas, (x, y + r * 0.2), r * 0.25, (54, 150, 240))
    elif kind == "eminit":
        icons.star(canvas, c, r * 1.15, (247, 190, 64), 8)
        icons.gem(canvas, c, r * 0.55, "rainbow")
    elif kind in ("clairvoyance", "false_info"):
        icons.eye(canvas, c, r, colour)
    elif kind in ("switch", "time_skip"):
        icons.arrows(canvas, c, r, colour)
    elif kind in ("reflect", "nullify"):
        icons.shield(canvas, c, r, colour)
        if kind == "nullify":
            w = max(2, round(r / 5))
            canvas.draw.line([(x - r * 0.4, y - r * 0.4), (x + r * 0.4, y + r * 0.3)], fill=(255, 255, 255), width=w)
            canvas.draw.line([(x + r * 0.4, y - r * 0.4), (x - r * 0.4, y + r * 0.3)], fill=(255, 255, 255), width=w)
    elif kind == "suck":
        icons.hand(canvas, c, r, colour)
    elif kind == "big_release":
        icons.star(canvas, c, r, colour, 8)
    else:  # supply, drop
        icons.star(canvas, c, r, colour)


def face(
    canvas: Canvas,
    box: tuple[float, float, float, float],
    card: int,
    tr: Tr | None,
    *,
    glow: Any = None,
    points: int = 0,
) -> None:
    """A face-up card: its category's band, its mark, and (with ``tr``) its name, on a large card its
    category word too, and a treasure's ``points`` when given (they are a rule option)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    kind = cards.kind(card)
    band = CATEGORY_COLOURS[cards.category(card)]
    treasure = cards.category(card) == "treasure"
    base = mix(P.card_face, (250, 220, 130), 0.5) if treasure else P.card_face
    canvas.card(box, base, edge=mix(band, (0, 0, 0), 0.25), radius=max(4, int(w / 9)), glow=glow)
    canvas.panel((x0 + 3, y0 + 3, x1 - 3, y0 + max(5, h * 0.09)), band, radius=2)
    if tr is None:
        emblem(canvas, ((x0 + x1) / 2, y0 + h * 0.55), min(w, h) * 0.28, kind)
        return
    emblem(canvas, ((x0 + x1) / 2, y0 + h * 0.42), min(w * 0.26, h * 0.17), kind)
    large = w >= 100  # a hand's or the flipped card: words of 15 px or more (10 px at phone width)
    small = 15 if large else 11
    top = y0 + h * 0.09 + (13 if large else 11)
    if points:  # a treasure: its points where a magic or interrupt card names its category (the gold face says it)
        canvas.badge((x0 + 6, top), f"+{points}", small, mix(band, (0, 0, 0), 0.2), palette.WHITE, anchor="lm")
    elif w >= 80:
        label = tr(f"{ID}.category.{cards.category(card)}")
        canvas.text((x0 + 7, top), label, small, mix(band, (0, 0, 0), 0.3), bold=True, max_width=w - 14)
    size = 16 if large else 14 if w >= 84 else 12
    parts.lines(
        canvas, ((x0 + x1) / 2, y0 + h * 0.79), tr(f"{ID}.card.{kind}"), size, P.card_ink, int(w - 8), max_lines=2
    )


def count_badge(canvas: Canvas, box: tuple[float, float, float, float], count: int) -> None:
    """"×2" on a card's top right corner, above its band: a hand shows each card once, with how many.
    Drawn after every card of the hand (it reaches past the card, where the next card's piece is pasted)."""
    if count > 1:
        canvas.badge((box[2] + 3, box[1] + 3), f"×{count}", 16, P.card_ink, palette.WHITE, anchor="rm")


def field_card(
    canvas: Canvas, box: tuple[float, float, float, float], entry: dict[str, Any], tr: Tr | None = None
) -> None:
    """A field slot: face down (or, in a seat's own view, face up if it knows it), slot number on top,
    the placer's seat colour and mark below, a dot per seat that has looked at it."""
    x0, y0, x1, y1 = box
    colour = palette.seat(entry["by"])
    if entry.get("card") is not None and tr is not None:
        face(canvas, box, entry["card"], tr)
    else:
        canvas.card_back(box, P.card_back, P.card_back_mark, radius=7)
        canvas.panel((x0 + 4, y1 - 24, x1 - 4, y1 - 4), mix(P.card_back, colour, 0.75), radius=5)
        canvas.text(((x0 + x1) / 2, y1 - 14), mark(entry["by"]), 16, (20, 20, 24), bold=True, anchor="mm")
    # 15 px and more: 10 px on a phone (the board is 480 px wide, see cogs.eminit.picture.board)
    canvas.badge(((x0 + x1) / 2, y0), f"#{entry['slot']}", 15, (20, 24, 22), palette.WHITE, anchor="mm")
    known = [s for s in entry["known"] if s != entry["by"]]
    for i, s in enumerate(known[:5]):
        dx = x0 + 6 + i * 9
        canvas.rounded((dx, y1 + 4, dx + 6, y1 + 10), 3, palette.seat(s))
