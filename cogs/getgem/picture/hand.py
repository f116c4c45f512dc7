"""A GETGEM player's own hand drawn for a phone: large named cards, one per type with how many.

Why one card per type: a hand of six is often two Fires, two Waters and two
actions; four large cards with "×2" read at a glance on a phone where seven
small ones did not.  Under them, the element cards held and a declaration, then
what this seat has seen of other hands (grouped the same way).  Texts are 15 px
or more on the 480 px picture (10 px on a 320 px phone).
"""

from __future__ import annotations

from collections import Counter

from bot.i18n import Tr
from bot.pictures import Inputs, palette
from bot.pictures.canvas import Canvas
from bot.pictures.labels import seat_label
from bot.pictures.phone import CARD_H, CARD_W, GAP, HEADER, NAME, PER_ROW, TEXT, WIDTH, M

from ..cards import TYPES
from ..game import ID
from ..render.words import seat_name as _name
from .sprites import P, count_badge, element_card, face, face_tile

SMALL_W, SMALL_H = 30, 42


def grouped(cards: list[str]) -> list[tuple[str, int]]:
    """Card types in catalogue order with how many of each."""
    counts = Counter(cards)
    return [(t, counts[t]) for t in TYPES if counts[t]]


def draw_hand(shown: Inputs, seat: int, names: list[str], tr: Tr) -> bytes:
    """``seat``'s hand picture from the hand inputs alone (see :func:`cogs.getgem.picture.hand_inputs`)."""
    cards = grouped(shown["cards"])
    nrows = max(1, -(-len(cards) // PER_ROW))
    held, decl, known = shown["held"], shown["decl"], shown["known"]
    known_rows = [_known_rows(ids) for _, ids in known]
    extra = (SMALL_H + 16 if held or decl else 0) + sum(28 + len(rows) * (SMALL_H + 8) for rows in known_rows)
    height = M + HEADER + GAP + nrows * (CARD_H + GAP) + extra + M
    canvas = Canvas(WIDTH, height, P.background)
    _header(canvas, shown, seat, names, tr)
    y = M + HEADER + GAP
    for i, (card_type, count) in enumerate(cards):
        r, c = divmod(i, PER_ROW)
        x = M + c * (CARD_W + GAP)
        box = (x, y + r * (CARD_H + GAP), x + CARD_W, y + r * (CARD_H + GAP) + CARD_H)
        face_tile(canvas, box, card_type, tr)
        count_badge(canvas, box, count)
    if not cards:
        canvas.text((WIDTH / 2, y + CARD_H / 2), tr("pictures.empty_hand"), 17, palette.DIM, anchor="mm")
    y += nrows * (CARD_H + GAP) + 4
    if held or decl:
        x = M
        for g in held:
            element_card(canvas, (x, y, x + SMALL_W, y + SMALL_H), g)
            x += SMALL_W + 6
        if decl:
            x += 10 if held else 0
            x += canvas.text((x, y + SMALL_H / 2), tr("pictures.declared"), TEXT, palette.GOLD, bold=True) + 10
            for card_type in decl:
                face(canvas, (x, y, x + SMALL_W, y + SMALL_H), card_type, None)
                x += SMALL_W + 4
        y += SMALL_H + 16
    for (other, _), rows in zip(known, known_rows, strict=True):
        label = tr(f"{ID}.picture.known")
        lw = canvas.text((M, y + 10), label, TEXT, palette.MUTED) + 8
        who = seat_label(_name(names, other, tr), 16, True, WIDTH - 2 * M - lw)
        canvas.text((M + lw, y + 10), who, 16, palette.seat(other), bold=True)
        y += 28
        for row in rows:
            x = M
            for card_type, count in row:
                face(canvas, (x, y, x + SMALL_W, y + SMALL_H), card_type, None)
                x += SMALL_W + 4
                if count > 1:
                    x += canvas.text((x, y + SMALL_H / 2), f"×{count}", 16, palette.WHITE, bold=True) + 6
                x += 6
            y += SMALL_H + 8
    return canvas.png()


def _known_rows(ids: list[str]) -> list[list[tuple[str, int]]]:
    """What this seat has seen of another hand, grouped by type, in rows that fit the picture."""
    rows: list[list[tuple[str, int]]] = [[]]
    used = 0.0
    for card_type, count in grouped(ids):
        w = SMALL_W + 10 + (30 if count > 1 else 0)
        if rows[-1] and used + w > WIDTH - 2 * M:
            rows.append([])
            used = 0.0
        rows[-1].append((card_type, count))
        used += w
    return rows


def _header(canvas: Canvas, shown: Inputs, seat: int, names: list[str], tr: Tr) -> None:
    """The seat's colour and name, and "Your hand · 5" on the right."""
    colour = palette.seat(seat)
    box = (M, M, WIDTH - M, M + HEADER)
    active = shown["active"]
    canvas.panel(box, P.panel, radius=HEADER // 2, outline=colour if active else P.panel_edge, width=2 if active else 1)
    cy = M + HEADER / 2
    right = f"{tr('pictures.your_hand')} · {len(shown['cards'])}"
    rw = canvas.text((WIDTH - M - 16, cy), right, 16, palette.WHITE, bold=True, anchor="rm")
    canvas.rounded((M + 12, cy - 6, M + 24, cy + 6), 6, colour)
    x = M + 32
    if active:
        x += canvas.text((x, cy), "▶", TEXT, colour) + 6
    label = seat_label(_name(names, seat, tr), NAME, True, int(WIDTH - M - 16 - rw - 14 - x))
    canvas.text((x, cy), label, NAME, palette.WHITE, bold=True)
