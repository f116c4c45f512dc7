"""The PORTAS table as a picture: both hands, the open treasures with every port, scores.

Pure: ``board(view, names, tr)`` reads only the view (PORTAS hides nothing but
deck order, which the view leaves out) and returns PNG bytes; it is
``draw_board(board_inputs(view), names, tr)``: the drawing reads only the part
of the view :func:`board_inputs` hands it, which is what a kept picture is keyed by.  Layout, 720 px
wide: seat 2 along the top, the open treasures in the middle, seat 1 along the
bottom, each seat's ports on a treasure in the row nearest that seat.
"""

from __future__ import annotations

from typing import Any

from bot.engine import View
from bot.i18n import Tr, counted
from bot.pictures import Inputs, icons, palette, parts
from bot.pictures.canvas import Canvas, fit, width
from bot.pictures.palette import mix

P = palette.of("portas")  # the table colours portas/game.py declares

WIDTH, HEIGHT = 720, 600
M = 16  # outer margin
CARD_W, CARD_H = 80, 108
MINI_W, MINI_H = 30, 40
CARD_PAD = 4  # a hand card's piece reaches this far round the card (its shadow falls 1 right, 3 down)

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


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this.

    The log is left out (only the latest port still lying on a treasure is ringed), so is the deck's order.
    """
    return {
        "result": view["result"],
        "last": _last_port(view),
        "open": view["open"],
        "to_act": view["to_act"],
        "turn": view["turn"],
        "scores": view["scores"],
        "hands": view["hands"],
        "deck_sizes": view["deck_sizes"],
        "taken": [[{"value": t["value"], "points": t["points"]} for t in seat] for seat in view["taken"]],
        "treasures_left": view["treasures_left"],
    }


def board(view: View, names: list[str], tr: Tr) -> bytes:
    """The whole table from the spectator view (any seat's view draws the same: nothing is hidden)."""
    return draw_board(board_inputs(view), names, tr)


def draw_board(shown: Inputs, names: list[str], tr: Tr) -> bytes:
    """The whole table from :func:`board_inputs` alone (so a picture kept by them is never stale)."""
    canvas = Canvas(WIDTH, HEIGHT, P.background)
    over = shown["result"]
    winners = over["winners"] if over else []
    last = shown["last"]
    _seat_row(canvas, shown, 1, 10, top=True, names=names, tr=tr, winner=1 in winners)
    _seat_row(canvas, shown, 0, HEIGHT - 10 - 168, top=False, names=names, tr=tr, winner=0 in winners)
    mid_y = 186
    _status(canvas, shown, names, tr, mid_y)
    slots = shown["open"]
    if over is not None and not slots:
        _summary(canvas, shown, (M, mid_y + 26, WIDTH - M, mid_y + 226), names, tr)
        return canvas.png()
    panel_w = (WIDTH - 2 * M - 12) / 2
    for i in range(2):
        x0 = M + i * (panel_w + 12)
        box = (x0, mid_y + 26, x0 + panel_w, mid_y + 226)
        if i < len(slots) and over is None:
            _treasure_tile(canvas, box, slots[i], last, tr)
        elif i < len(slots):  # the result banner overlaps the panels' top: drawn over it, not pasted
            _treasure(canvas, box, slots[i], last, tr)
        else:
            canvas.panel(box, mix(P.background, P.panel, 0.5), radius=14, outline=P.panel_edge)
            icons.gem(canvas, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), 26, "empty")
    return canvas.png()


def _summary(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """The final score card, where the treasures lay: both players' points and treasures, and why it ended."""
    x0, y0, x1, y1 = box
    over = shown["result"]
    canvas.panel(box, P.panel, radius=14, outline=P.panel_edge)
    mid = (x0 + x1) / 2
    for seat, cx in ((0, (x0 + mid) / 2), (1, (mid + x1) / 2)):
        won = seat in over["winners"]
        colour = palette.seat(seat)
        if won:
            parts.crown(canvas, (cx, y0 + 30), 14, palette.GOLD)
        canvas.text((cx, y0 + 62), _name(names, seat), 17, colour, bold=True, anchor="mm", max_width=int(mid - x0 - 30))
        canvas.text(
            (cx, y0 + 108),
            str(over["scores"][seat]),
            48,
            palette.GOLD if won else palette.WHITE,
            bold=True,
            anchor="mm",
        )
        taken = shown["taken"][seat]
        for i, t in enumerate(taken):
            gx = cx + (i - (len(taken) - 1) / 2) * 24
            icons.gem(canvas, (gx, y0 + 150), 9, TREASURE_GEMS.get(t["value"], "thunder"))
    canvas.text((mid, y0 + 108), ":", 40, palette.MUTED, bold=True, anchor="mm")
    why = tr(f"portas.reason.{over['reason']}")
    if over["decided_by"] != "score":
        why += " · " + tr(f"portas.decided.{over['decided_by']}")
    canvas.text((mid, y1 - 20), why, 14, palette.MUTED, anchor="mm", max_width=int(x1 - x0 - 40))


def _last_port(view: View) -> tuple[int, int, int] | None:
    """(treasure, seat, card) of the latest port still lying on an open treasure, to ring it."""
    for entry in reversed(view["recent"]):
        if entry["kind"] == "ported":
            a = entry["args"]
            return a["treasure"], a["seat"], a["card"]
        if entry["kind"] == "took":
            return None
    return None


def _status(canvas: Canvas, shown: Inputs, names: list[str], tr: Tr, y: float) -> None:
    """The middle line: whose turn, or the result ribbon; the treasure pile on the right."""
    over = shown["result"]
    cy = y + 6
    if over is not None:
        a, b = over["scores"]
        if over["winners"]:
            text = tr("pictures.wins_score", name=_name(names, over["winners"][0]), a=a, b=b)
        else:
            text = tr("pictures.draw_score", a=a, b=b)
        parts.banner(canvas, (WIDTH / 2 - 50, cy + 4), text, 20)
    else:
        turn = shown["turn"]
        colour = palette.seat(turn)
        canvas.text((M + 4, cy), parts.MARKER, 16, colour, anchor="lm")
        canvas.text(
            (M + 26, cy),
            tr("portas.turn", name=fit(_name(names, turn), 18, True, 300)).replace("▶ ", "").replace("**", ""),
            18,
            palette.WHITE,
            bold=True,
            anchor="lm",
            max_width=WIDTH - 240,
        )
    left = shown["treasures_left"]
    x = WIDTH - M - 22
    for i in range(min(left, 3)):
        _treasure_back(canvas, (x - 18 + i * 3, cy - 14 - i * 3, x + i * 3, cy + 10 - i * 3))
    if left == 0:
        canvas.panel((x - 18, cy - 14, x, cy + 10), P.panel, radius=4, outline=P.panel_edge)
    canvas.text((x - 28, cy), f"{tr('pictures.treasures')} {left}", 16, palette.MUTED, anchor="rm")


def _treasure_back(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
    canvas.card(box, palette.GOLD_DARK, radius=4)
    icons.diamond(canvas, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), 4, palette.GOLD)


# --------------------------------------------------------------------------- treasures


def _treasure_tile(canvas: Canvas, box: tuple[float, ...], t: dict[str, Any], last: Any, tr: Tr) -> None:
    """:func:`_treasure` drawn once per content: a move changes one treasure at most, the other is pasted."""
    x0, y0, x1, y1 = (round(v) for v in box)
    ring = last if last is not None and last[0] == t["value"] else None
    key = ("portas.treasure", t["value"], t["total"], tuple(map(tuple, t["ports"])), ring, tr.locale)
    canvas.tile((x0, y0), (x1 - x0 + 1, y1 - y0 + 1), key,
                lambda piece: _treasure(piece, (0, 0, x1 - x0, y1 - y0), t, ring, tr))


def _treasure(canvas: Canvas, box: tuple[float, float, float, float], t: dict[str, Any], last: Any, tr: Tr) -> None:
    """One open treasure: its card, the running total against its value, and both players' ports."""
    x0, y0, x1, y1 = box
    value, total = t["value"], t["total"]
    canvas.panel(box, P.panel, radius=14, outline=P.panel_edge)
    # The treasure card, left: drawn once per value and pasted (where it lands on even pixels, as on every board).
    cx0, cy0 = x0 + 12, y0 + (y1 - y0 - 124) / 2
    at = (round(cx0) - CARD_PAD, round(cy0) - CARD_PAD)
    if (cx0, cy0) == (at[0] + CARD_PAD, at[1] + CARD_PAD) and at[0] % 2 == 0 and at[1] % 2 == 0:
        canvas.tile(at, (88 + 2 * CARD_PAD + 2, 124 + 2 * CARD_PAD + 4), ("portas.treasure_card", value),
                    lambda piece: _treasure_card(piece, CARD_PAD, CARD_PAD, value), under=P.panel)
    else:
        _treasure_card(canvas, cx0, cy0, value)
    # Progress: "8 / 13", a bar, what is left to the exact sum.
    px0, px1 = cx0 + 102, x1 - 14
    room = value - total
    canvas.text((px0, y0 + 24), f"{total}", 26, palette.WHITE, bold=True, anchor="lm")
    canvas.text((px0 + _w(total), y0 + 26), f" / {value}", 18, palette.MUTED, anchor="lm")
    to_go = tr("pictures.to_go", n=room) if room > 0 else tr("pictures.full")
    canvas.badge((px1, y0 + 24), to_go, 14, mix(P.panel, palette.GOLD, 0.25), palette.GOLD, anchor="rm")
    bar = (px0, y0 + 46, px1, y0 + 56)
    canvas.pill(bar, mix(P.background, P.panel, 0.3))
    _progress(canvas, bar, t, value)
    # Ports by owner: seat 2's row on top (it sits at the top), seat 1's below.
    for row, seat in enumerate((1, 0)):
        ry = y0 + 72 + row * 60
        cards = t["ports"][seat]
        colour = palette.seat(seat)
        canvas.draw.rectangle((px0, ry + 4, px0 + 3, ry + MINI_H - 4), fill=colour)
        if not cards:
            canvas.text((px0 + 12, ry + MINI_H / 2), "—", 16, palette.DIM, anchor="lm")
            continue
        step = min(MINI_W + 4, (px1 - px0 - 12 - MINI_W - 40) / max(1, len(cards) - 1) if len(cards) > 1 else 99)
        x = px0 + 12
        for i, card in enumerate(cards):
            ring = None
            if last == (value, seat, card) and i == len(cards) - 1:
                ring = palette.WHITE
            _mini(canvas, (x, ry, x + MINI_W, ry + MINI_H), card, colour, ring)
            x += step
        canvas.text((px1, ry + MINI_H / 2), f"= {sum(cards)}", 16, colour, bold=True, anchor="rm")


def _treasure_card(canvas: Canvas, cx0: float, cy0: float, value: int) -> None:
    canvas.card((cx0, cy0, cx0 + 88, cy0 + 124), (250, 214, 120), edge=palette.GOLD_DARK, radius=10)
    canvas.panel((cx0 + 6, cy0 + 6, cx0 + 82, cy0 + 118), (246, 198, 84), radius=7)
    icons.gem(canvas, (cx0 + 44, cy0 + 46), 22, TREASURE_GEMS.get(value, "thunder"))
    canvas.text((cx0 + 44, cy0 + 96), str(value), 30, (74, 46, 6), bold=True, anchor="mm")


def _w(n: int) -> int:
    return width(str(n), 26, True)


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


def _mini(canvas: Canvas, box: tuple[float, float, float, float], card: int, colour: Any, ring: Any) -> None:
    canvas.card(box, P.card_face, edge=colour, radius=5, glow=ring)
    x0, y0, x1, y1 = box
    canvas.draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 7), fill=VALUE_COLOURS.get(card, P.card_ink))
    canvas.text(((x0 + x1) / 2, (y0 + y1) / 2 + 3), str(card), 18, P.card_ink, bold=True, anchor="mm")


# --------------------------------------------------------------------------- seats


def _seat_row(
    canvas: Canvas, shown: Inputs, seat: int, y: float, *, top: bool, names: list[str], tr: Tr, winner: bool
) -> None:
    """A seat's plate (name, score), hand as cards, deck, taken treasures; the plate on the outer edge."""
    plate_y = y if top else y + 168 - 36
    hand_y = y + 48 if top else y
    active = seat in shown["to_act"]
    colour = palette.seat(seat)
    name, points = _name(names, seat), counted(tr, "pictures.points", shown["scores"][seat])
    # The plate and its ring (2 px round it), drawn once per what it says: pasted on most boards.
    canvas.tile((M - 3, round(plate_y) - 3), (400 - M + 7, 43), ("portas.plate", name, colour, active, winner, points),
                lambda piece: parts.plate(piece, (3, 3, 400 - M + 3, 39), name, colour, active=active, winner=winner,
                                          right=points, panel=P.panel, size=18))
    hand = shown["hands"][seat]
    for i in range(4):
        x = M + i * (CARD_W + 10)
        box = (x, hand_y, x + CARD_W, hand_y + CARD_H)
        if i < len(hand):
            _card_tile(canvas, (round(x), round(hand_y)), hand[i], tr)
        else:
            canvas.panel(box, mix(P.background, P.panel, 0.4), radius=8, outline=P.panel_edge)
    px = M + 4 * (CARD_W + 10) + 6
    _pile(canvas, px, round(hand_y), shown["deck_sizes"][seat], tr("pictures.deck"))
    _taken_tile(canvas, shown["taken"][seat], px + 74, round(hand_y), colour, tr)


def _pile(canvas: Canvas, px: int, y: int, count: int, label: str) -> None:
    """The deck: a pile with its count and label, pasted from a piece drawn once per count and label.

    The piece reaches from 12 px left of the pile (the last hand card's shadow ends 15 px left of it) to
    the taken treasures on its right; a label too wide for that is drawn in place instead."""
    box = (12, 10, 64, 80)  # the pile inside the piece; its layers rise 6 px, the label hangs 14 px under it
    if width(label, 14) > 2 * (26 + 10):
        parts.pile(canvas, (px, y + 18, px + 52, y + 88), count, P.card_back, P.card_back_mark, label)
        return
    canvas.tile((px - 12, y + 8), (85, 108), ("portas.pile", count, label),
                lambda piece: parts.pile(piece, box, count, P.card_back, P.card_back_mark, label))


def _card_tile(canvas: Canvas, xy: tuple[int, int], card: int, tr: Tr) -> None:
    """A hand card drawn once per value and language, then pasted (a hand repeats on every board)."""
    inner = (CARD_PAD, CARD_PAD, CARD_PAD + CARD_W, CARD_PAD + CARD_H)
    size = (CARD_W + 2 * CARD_PAD + 2, CARD_H + 2 * CARD_PAD + 4)
    canvas.tile((xy[0] - CARD_PAD, xy[1] - CARD_PAD), size, ("portas.card", card, tr.locale),
                lambda piece: _card(piece, inner, card, tr))


def _card(canvas: Canvas, box: tuple[float, float, float, float], card: int, tr: Tr) -> None:
    """A port card: value in the corner, the goods drawn in the middle, the goods' name underneath."""
    x0, y0, x1, y1 = box
    tint = VALUE_COLOURS.get(card, P.card_ink)
    canvas.card(box, P.card_face, edge=mix(tint, (0, 0, 0), 0.2), radius=9)
    canvas.panel((x0 + 4, y0 + 4, x1 - 4, y0 + 30), mix(P.card_face, tint, 0.22), radius=6)
    canvas.text((x0 + 10, y0 + 17), str(card), 24, mix(tint, (0, 0, 0), 0.35), bold=True, anchor="lm")
    draw = icons.GOODS.get(card)
    if draw is not None:
        draw(canvas, ((x0 + x1) / 2, y0 + 56), 18, mix(tint, (255, 255, 255), 0.35))
    parts.lines(
        canvas, ((x0 + x1) / 2, y1 - 16), tr(f"portas.card.{card}"), 14, P.card_ink, int(x1 - x0 - 8), max_lines=1
    )


TAKEN_TOP, TAKEN_H = 14, 100  # the taken treasures' piece: from 14 px under the hand's top, 100 px high


def _taken_tile(canvas: Canvas, taken: list[dict[str, Any]], x: int, y: int, colour: Any, tr: Tr) -> None:
    """:func:`_taken` drawn once per what it shows (it changes when a treasure is won) and pasted."""
    key = ("portas.taken", tuple((t["value"], t["points"]) for t in taken), colour, tr.locale)
    canvas.tile((x, y + TAKEN_TOP), (WIDTH - x, TAKEN_H), key,
                lambda piece: _taken(piece, taken, 0, -TAKEN_TOP, colour, tr, right=WIDTH - M - x))


def _taken(
    canvas: Canvas, taken: list[dict[str, Any]], x: float, y: float, colour: Any, tr: Tr, *, right: float
) -> None:
    """Won treasures as small gold cards: the value, and the points it scored (``right``: room to the edge)."""
    if not taken:
        canvas.text((x, y + 54), tr("pictures.none_taken"), 14, palette.DIM, anchor="lm", max_width=right)
        return
    avail = right
    step = min(50, (avail - 44) / max(1, len(taken) - 1)) if len(taken) > 1 else 50
    for i, t in enumerate(taken):
        cx = x + i * step
        box = (cx, y + 18, cx + 44, y + 80)
        canvas.card(box, (250, 214, 120), edge=palette.GOLD_DARK, radius=6)
        icons.gem(canvas, (cx + 22, y + 36), 9, TREASURE_GEMS.get(t["value"], "thunder"))
        canvas.text((cx + 22, y + 62), str(t["value"]), 20, (74, 46, 6), bold=True, anchor="mm")
        canvas.badge(
            (cx + 22, y + 96), f"+{t['points']}", 13, mix(P.background, colour, 0.35), palette.WHITE, anchor="mm"
        )
