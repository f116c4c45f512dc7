"""The PORTAS table drawn from :func:`cogs.portas.picture.board_inputs` alone (its layout, marks and plates).

Drawn for a phone first: Discord shows a picture about 320 px wide
there, so the canvas is 480 px wide and no text is under 15 px (10 px on the
phone).  The picture holds numbers, not sentences: card values, each
treasure's total against its value and what is left, each seat's ports and
their sum, the score; the words (goods' names, whose turn and why it ended in
full) are in the message under it.  Layout: seat 2 along the top, the open
treasures in the middle (each with seat 2's ports on top, seat 1's below,
nearest their owner), seat 1 along the bottom; at the end a score card with
the winner first, as the message's "27–18" reads.
"""

from __future__ import annotations

from typing import Any

from bot.gameui import seat_name as _name
from bot.i18n import Tr, counted
from bot.pictures import Inputs, icons, palette, parts
from bot.pictures.canvas import Canvas
from bot.pictures.labels import seat_label
from bot.pictures.palette import mix
from bot.pictures.phone import TEXT, WIDTH

from ..game import ID
from .sprites import GOODS

P = palette.of(ID)  # the table colours game.py declares

HEIGHT = 520  # WIDTH is the kit's phone width
M = 12  # outer margin
PLATE_H = 36
CARD_W, CARD_H, CARD_STEP = 84, 100, 92
CARD_PAD = 4  # a hand card's piece reaches this far round the card (its shadow falls 1 right, 3 down)
MINI_W, MINI_H = 28, 36
PANEL_W, PANEL_H = (WIDTH - 2 * M - 12) / 2, 152
SMALL = TEXT  # the smallest text: 15 px x 320/480 = 10 px on a phone

TREASURE_GEMS = {11: "water", 12: "fire", 13: "thunder", 14: "emerald", 15: "amethyst"}
"""Each treasure's own stone, so the five read apart at a glance."""

VALUE_COLOURS = {
    1: (58, 150, 160),
    2: (70, 130, 200),
    3: (120, 100, 200),
    4: (180, 90, 160),
    5: (210, 110, 60),
    6: (200, 70, 70),
}
"""Each port value's colour, cool to warm as it grows, so a hand reads at a glance."""

# Rows from the top: seat 2's plate and hand, the status line, the treasures, seat 1's hand and plate.
TOP_PLATE, TOP_HAND = M, M + PLATE_H + 8
STATUS = TOP_HAND + CARD_H + 12
TREASURES = STATUS + 34
BOTTOM_HAND = TREASURES + PANEL_H + 12
BOTTOM_PLATE = BOTTOM_HAND + CARD_H + 8


def draw_board(shown: Inputs, names: list[str], tr: Tr) -> bytes:
    """The whole table from :func:`board_inputs` alone (so a picture kept by them is never stale)."""
    canvas = Canvas(WIDTH, HEIGHT, P.background)
    over = shown["result"]
    winners = over["winners"] if over else []
    _plate(canvas, shown, 1, TOP_PLATE, names, tr, winner=1 in winners)
    _hand(canvas, shown, 1, TOP_HAND)
    _hand(canvas, shown, 0, BOTTOM_HAND)
    _plate(canvas, shown, 0, BOTTOM_PLATE, names, tr, winner=0 in winners)
    _status(canvas, shown, names, tr)
    if over is not None:
        _summary(canvas, shown, (M, TREASURES, WIDTH - M, TREASURES + PANEL_H), names, tr)
        return canvas.png()
    slots = shown["open"]
    for i in range(2):
        x0 = round(M + i * (PANEL_W + 12))
        box = (x0, TREASURES, round(x0 + PANEL_W), TREASURES + PANEL_H)
        if i < len(slots):
            _treasure(canvas, box, slots[i], shown["last"], tr)
        else:
            canvas.panel(box, mix(P.background, P.panel, 0.5), radius=14, outline=P.panel_edge)
            icons.gem(canvas, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), 22, "empty")
    return canvas.png()


# --------------------------------------------------------------------------- the middle


def _status(canvas: Canvas, shown: Inputs, names: list[str], tr: Tr) -> None:
    """Whose turn (▶ and their name, in their colour) and the treasures still face down; at the end, why it ended."""
    cy = STATUS + 12
    over = shown["result"]
    if over is not None:  # over the score card (which says who won): the tie-break if one decided, else why it ended
        decided = over["decided_by"]
        why = tr(f"{ID}.board.ended.{over['reason']}") if decided == "score" else tr(f"{ID}.board.decided.{decided}")
        canvas.text((WIDTH / 2, cy), why, 16, palette.MUTED, bold=True, anchor="mm", max_width=WIDTH - 2 * M)
        return
    left = shown["treasures_left"]
    pile_x = WIDTH - M - 20
    for i in range(min(left, 3)):
        _treasure_back(canvas, (pile_x + i * 3, cy - 13 - i * 3, pile_x + 17 + i * 3, cy + 10 - i * 3))
    if left == 0:
        canvas.panel((pile_x, cy - 13, pile_x + 17, cy + 10), P.panel, radius=4, outline=P.panel_edge)
    right = pile_x - 8 - canvas.text((pile_x - 8, cy), f"{tr('pictures.treasures')} {left}", 16, palette.MUTED,
                                     anchor="rm")
    turn = shown["turn"]
    colour = palette.seat(turn)
    x = M + 2 + canvas.text((M + 2, cy), parts.MARKER, 16, colour, anchor="lm") + 6
    canvas.text((x, cy), seat_label(_name(names, turn), 18, True, int(right - x - 16)), 18, colour, bold=True)


def _treasure_back(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
    canvas.card(box, palette.GOLD_DARK, radius=4)
    icons.diamond(canvas, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), 4, palette.GOLD)


def _treasure(canvas: Canvas, box: tuple[int, int, int, int], t: dict[str, Any], last: Any, tr: Tr) -> None:
    """One open treasure: its stone, "total / value", what is left, a bar, and each seat's ports with their sum."""
    x0, y0, x1, _y1 = box
    value, total = t["value"], t["total"]
    canvas.panel(box, P.panel, radius=14, outline=P.panel_edge)
    icons.gem(canvas, (x0 + 22, y0 + 24), 13, TREASURE_GEMS.get(value, "thunder"))
    x = x0 + 40
    x += canvas.text((x, y0 + 25), str(total), 28, palette.WHITE, bold=True, anchor="lm")
    canvas.text((x + 2, y0 + 27), f"/ {value}", 20, palette.MUTED, bold=True, anchor="lm")
    room = value - total
    to_go = tr("pictures.to_go", n=room) if room > 0 else tr("pictures.full")
    canvas.badge((x1 - 10, y0 + 25), to_go, SMALL, mix(P.panel, palette.GOLD, 0.25), palette.GOLD, anchor="rm")
    bar = (x0 + 12, y0 + 46, x1 - 12, y0 + 54)
    canvas.pill(bar, mix(P.background, P.panel, 0.3))
    _progress(canvas, bar, t, value)
    for row, seat in enumerate((1, 0)):  # seat 2's ports on top (it sits at the top), seat 1's below
        ry = y0 + 64 + row * (MINI_H + 8)
        _ports(canvas, (x0 + 12, ry, x1 - 10), t["ports"][seat], seat, value, last)


def _ports(canvas: Canvas, row: tuple[float, float, float], cards: list[int], seat: int, value: int, last: Any) -> None:
    """A seat's ports on a treasure as small cards (fanned when many: each value stays in view), and their sum."""
    x0, y, x1 = row
    colour = palette.seat(seat)
    canvas.pill((x0, y + 4, x0 + 4, y + MINI_H - 4), colour)
    if not cards:
        canvas.text((x0 + 14, y + MINI_H / 2), "—", 18, palette.DIM, anchor="lm")
        return
    sum_w = canvas.text((x1, y + MINI_H / 2), str(sum(cards)), 20, colour, bold=True, anchor="rm")
    room = x1 - sum_w - 10 - (x0 + 12)
    step = MINI_W + 4 if len(cards) == 1 else min(MINI_W + 4, (room - MINI_W) / (len(cards) - 1))
    fanned = step < MINI_W
    x = x0 + 12
    for i, card in enumerate(cards):
        ring = palette.WHITE if last == (value, seat, card) and i == len(cards) - 1 else None
        _mini(canvas, (x, y, x + MINI_W, y + MINI_H), card, colour, ring, corner=fanned and i < len(cards) - 1)
        x += step


def _progress(canvas: Canvas, bar: tuple[float, float, float, float], t: dict[str, Any], value: int) -> None:
    """The bar filled by each seat's ports in that seat's colour (first porter first)."""
    x0, y0, x1, y1 = bar
    span = x1 - x0
    x = x0
    for seat in (0, 1):
        part = sum(t["ports"][seat])
        if part <= 0:
            continue
        w = span * min(part, value) / value
        canvas.pill((x, y0, min(x1, x + w), y1), palette.seat(seat))
        x += w


def _mini(canvas: Canvas, box: tuple[float, float, float, float], card: int, colour: Any, ring: Any,
          *, corner: bool) -> None:
    """A port on a treasure: its value, centred, or in the left corner when the next card covers the rest."""
    canvas.card(box, P.card_face, edge=colour, radius=5, glow=ring)
    x0, y0, x1, y1 = box
    canvas.draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 6), fill=VALUE_COLOURS.get(card, P.card_ink))
    at = (x0 + 3, (y0 + y1) / 2 + 2) if corner else ((x0 + x1) / 2, (y0 + y1) / 2 + 2)
    canvas.text(at, str(card), 18, P.card_ink, bold=True, anchor="lm" if corner else "mm")


def _summary(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """The final score card where the treasures lay: the winner first, as the message reads ("27–18")."""
    x0, y0, x1, _y1 = box
    over = shown["result"]
    canvas.panel(box, P.panel, radius=14, outline=P.panel_edge)
    mid = (x0 + x1) / 2
    order = [over["winners"][0], 1 - over["winners"][0]] if over["winners"] else [0, 1]
    for seat, cx in zip(order, ((x0 + mid) / 2, (mid + x1) / 2), strict=True):
        won = seat in over["winners"]
        colour = palette.seat(seat)
        if won:
            parts.crown(canvas, (cx, y0 + 24), 12, palette.GOLD)
        label = seat_label(_name(names, seat), 17, True, int(mid - x0 - 24))
        canvas.text((cx, y0 + 50), label, 17, colour, bold=True, anchor="mm")
        canvas.text((cx, y0 + 92), str(over["scores"][seat]), 44, palette.GOLD if won else palette.WHITE,
                    bold=True, anchor="mm")
        taken = shown["taken"][seat]
        for i, t in enumerate(taken):
            icons.gem(canvas, (cx + (i - (len(taken) - 1) / 2) * 22, y0 + 128), 8,
                      TREASURE_GEMS.get(t["value"], "thunder"))
    canvas.text((mid, y0 + 92), ":", 36, palette.MUTED, bold=True, anchor="mm")


# --------------------------------------------------------------------------- seats


def _plate(canvas: Canvas, shown: Inputs, seat: int, y: int, names: list[str], tr: Tr, *, winner: bool) -> None:
    """A seat's name plate: colour dot, ▶ on its turn (a crown if it won), the name cut to fit, won stones, score."""
    active = seat in shown["to_act"]
    colour = palette.seat(seat)
    name, points = _name(names, seat), counted(tr, "pictures.points", shown["scores"][seat])
    stones = tuple(TREASURE_GEMS.get(t["value"], "thunder") for t in shown["taken"][seat])
    key = (f"{ID}.plate480", name, colour, active, winner, points, stones)
    canvas.tile((M - 3, y - 3), (WIDTH - 2 * M + 7, PLATE_H + 7), key,
                lambda piece: _plate_piece(piece, name, colour, active, winner, points, stones))


def _plate_piece(canvas: Canvas, name: str, colour: Any, active: bool, winner: bool, points: str,
                 stones: tuple[str, ...]) -> None:
    """:func:`parts.plate`'s look, with the won stones between the name and the score."""
    x0, y0, x1, y1 = 3, 3, WIDTH - 2 * M + 3, PLATE_H + 3
    h, cy = y1 - y0, (y0 + y1) / 2
    ring = palette.GOLD if winner else colour if active else None
    if ring is not None:
        canvas.panel((x0 - 2, y0 - 2, x1 + 2, y1 + 2), ring, radius=int(h / 2) + 2)
    canvas.panel((x0, y0, x1, y1), mix(P.panel, colour, 0.22) if ring else P.panel, radius=int(h / 2))
    dot = h * 0.28
    canvas.rounded((x0 + h / 2 - dot, cy - dot, x0 + h / 2 + dot, cy + dot), dot, colour)
    right = x1 - h * 0.45 - canvas.text((x1 - h * 0.45, cy), points, 18, palette.WHITE, bold=True, anchor="rm") - 8
    for i, kind in enumerate(reversed(stones)):
        icons.gem(canvas, (right - 9 - i * 19, cy), 8, kind)
    right -= 19 * len(stones) + (8 if stones else 0)
    x = x0 + h * 0.95
    if winner:
        parts.crown(canvas, (x + 9, cy), 9, palette.GOLD)
        x += 22
    elif active:
        x += canvas.text((x, cy), parts.MARKER, 15, colour, anchor="lm") + 6
    canvas.text((x, cy), seat_label(name, 18, True, int(right - x)), 18, palette.WHITE, bold=True)


def _hand(canvas: Canvas, shown: Inputs, seat: int, y: int) -> None:
    """A seat's hand as four card places, and its deck: a pile with the cards left on it."""
    hand = shown["hands"][seat]
    for i in range(4):
        x = M + i * CARD_STEP
        if i < len(hand):
            _card_tile(canvas, (x, y), hand[i])
        else:
            canvas.panel((x, y, x + CARD_W, y + CARD_H), mix(P.background, P.panel, 0.4), radius=8,
                         outline=P.panel_edge)
    _deck(canvas, M + 4 * CARD_STEP + 8, y, shown["deck_sizes"][seat])


def _deck(canvas: Canvas, x: int, y: int, count: int) -> None:
    """The deck: face-down layers (thicker the more it holds) with the count on top."""
    box = (x, y + 14, x + 56, y + CARD_H - 6)
    if count == 0:
        canvas.panel(box, mix(P.card_back, (0, 0, 0), 0.6), radius=6, outline=mix(P.card_back, (0, 0, 0), 0.2))
    for i in range(min(3, 1 + count // 5) if count else 0, 0, -1):
        canvas.card_back((box[0] + i * 2, box[1] - i * 3, box[2] + i * 2, box[3] - i * 3), P.card_back,
                         P.card_back_mark)
    canvas.badge(((box[0] + box[2]) / 2 + 2, (box[1] + box[3]) / 2 - 4), str(count), 18, (20, 20, 24), palette.WHITE,
                 anchor="mm")


def _card_tile(canvas: Canvas, xy: tuple[int, int], card: int) -> None:
    """A hand card drawn once per value, then pasted (a hand repeats on every board)."""
    inner = (CARD_PAD, CARD_PAD, CARD_PAD + CARD_W, CARD_PAD + CARD_H)
    size = (CARD_W + 2 * CARD_PAD + 2, CARD_H + 2 * CARD_PAD + 4)
    canvas.tile((xy[0] - CARD_PAD, xy[1] - CARD_PAD), size, (f"{ID}.card480", card),
                lambda piece: _card(piece, inner, card))


def _card(canvas: Canvas, box: tuple[float, float, float, float], card: int) -> None:
    """A port card: its value large on a band of its colour, the goods drawn under it (their name is in the text)."""
    x0, y0, x1, _y1 = box
    tint = VALUE_COLOURS.get(card, P.card_ink)
    canvas.card(box, P.card_face, edge=mix(tint, (0, 0, 0), 0.2), radius=9)
    canvas.panel((x0 + 4, y0 + 4, x1 - 4, y0 + 48), mix(P.card_face, tint, 0.3), radius=6)
    canvas.text(((x0 + x1) / 2, y0 + 27), str(card), 36, mix(tint, (0, 0, 0), 0.4), bold=True, anchor="mm")
    draw = GOODS.get(card)
    if draw is not None:
        draw(canvas, ((x0 + x1) / 2, y0 + 74), 18, mix(tint, (255, 255, 255), 0.35))
