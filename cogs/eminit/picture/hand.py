"""An Eminit player's own hand drawn for a phone: large named cards, one per kind with how many.

Why one card per kind: hands hold several Gold Coins or Supplies; four large
cards a row with "×2" read at a glance on a phone where seven small ones did
not.  Under them, what this seat knows of the field and its secret declaration,
as chips (slot, mark, name) rather than small cards whose names could not be
read.  Texts are 15 px or more on the 480 px picture (10 px on a 320 px phone).
"""

from __future__ import annotations

from bot.i18n import Tr
from bot.pictures import Inputs, palette
from bot.pictures.canvas import Canvas, width
from bot.pictures.labels import seat_label
from bot.pictures.palette import mix
from bot.pictures.phone import CARD_H, CARD_W, GAP, HEADER, NAME, PER_ROW, TEXT, WIDTH, M

from .. import cards
from ..game import ID
from .sprites import P, count_badge, emblem, face
from .sprites import mark as _mark
from .sprites import name as _name

TOP = M + HEADER + 14  # room for a first-row card's "×2", which reaches above it
CHIP_H = 32
HAND_PAD = 2  # a hand card's piece reaches this far round it (its shadow falls 1 right, 3 down; the gap is 8)


def _hand_card(canvas: Canvas, box: tuple[float, float, float, float], card: int, points: int, tr: Tr) -> None:
    """A card of a hand, drawn once per card, points and language, then pasted: every
    hand shows the same few dozen cards, and a move redraws several players' hands."""
    canvas.tile_box(box, (f"{ID}.hand_card", card, points, tr.locale),
                    lambda piece, local: face(piece, local, card, tr, points=points),
                    pad=(HAND_PAD, HAND_PAD, HAND_PAD + 2, HAND_PAD + 4), even=True)


def grouped(held: list[list[int]]) -> list[tuple[int, int, int]]:
    """(card, points, count): one card of each kind (the first of its ids), in catalogue order."""
    out: list[tuple[int, int, int]] = []
    seen: dict[str, int] = {}
    for card, points in held:
        kind = cards.kind(card)
        if kind in seen:
            first, pts, count = out[seen[kind]]
            out[seen[kind]] = (first, pts, count + 1)
        else:
            seen[kind] = len(out)
            out.append((card, points, 1))
    return out


def draw_hand(shown: Inputs, seat: int, names: list[str], tr: Tr) -> bytes:
    """``seat``'s hand picture from the hand inputs alone (see :func:`..picture.hand_inputs`)."""
    held = grouped(shown["held"])
    nrows = max(1, -(-len(held) // PER_ROW))
    chips = _chips(shown, tr)
    chip_rows = _flow(chips)
    height = TOP + nrows * (CARD_H + GAP) + (8 + len(chip_rows) * (CHIP_H + GAP) if chips else 0) + M
    canvas = Canvas(WIDTH, height, P.background)
    _header(canvas, shown, seat, names, tr)
    boxes = []
    for i, (card, points, _) in enumerate(held):
        r, c = divmod(i, PER_ROW)
        x, y = M + c * (CARD_W + GAP), TOP + r * (CARD_H + GAP)
        boxes.append((x, y, x + CARD_W, y + CARD_H))
        _hand_card(canvas, boxes[-1], card, points, tr)
    for box, (_, _, count) in zip(boxes, held, strict=True):  # after every card: a badge reaches past its card
        count_badge(canvas, box, count)
    if not held:
        canvas.text((WIDTH / 2, TOP + CARD_H / 2), tr("pictures.empty_hand"), 17, palette.DIM, anchor="mm")
    y = TOP + nrows * (CARD_H + GAP) + 8
    for row in chip_rows:
        x = M
        for chip in row:
            x += _chip(canvas, (x, y), chip) + GAP
        y += CHIP_H + GAP
    return canvas.png()


Chip = tuple[str, str, str, bool]
"""(label, card kind, card name, declared): "#3 ◎ Gold Coin", or the declaration ringed in gold."""


def _chips(shown: Inputs, tr: Tr) -> list[Chip]:
    out = [(f"#{e['slot']}", cards.kind(e["card"]), tr(f"{ID}.card.{cards.kind(e['card'])}"), False)
           for e in shown["known"]]
    if shown["declared"] is not None:
        kind = cards.kind(shown["declared"])
        out.append((tr(f"{ID}.picture.declared"), kind, tr(f"{ID}.card.{kind}"), True))
    return out


def _chip_width(chip: Chip) -> int:
    label, _, name, _ = chip
    return 10 + width(label, TEXT, True) + 8 + 20 + 6 + width(name, TEXT, True) + 12


def _flow(chips: list[Chip]) -> list[list[Chip]]:
    """Chips in rows that fit the picture, in order (what is known, then the declaration)."""
    rows: list[list[Chip]] = []
    used = 0
    for chip in chips:
        w = _chip_width(chip) + GAP
        if not rows or used + w > WIDTH - 2 * M + GAP:
            rows.append([])
            used = 0
        rows[-1].append(chip)
        used += w
    return rows


def _chip(canvas: Canvas, at: tuple[float, float], chip: Chip) -> int:
    """One chip; returns its width."""
    label, kind, name, declared = chip
    x, y = at
    w = _chip_width(chip)
    fill = mix(P.panel, palette.GOLD, 0.18) if declared else P.panel
    canvas.panel((x, y, x + w, y + CHIP_H), fill, radius=CHIP_H // 2,
                 outline=palette.GOLD if declared else P.panel_edge, width=2 if declared else 1)
    cy = y + CHIP_H / 2
    tx = x + 10
    tx += canvas.text((tx, cy), label, TEXT, palette.GOLD if declared else palette.MUTED, bold=True) + 8
    emblem(canvas, (tx + 10, cy), 9, kind)
    canvas.text((tx + 26, cy), name, TEXT, palette.WHITE, bold=True)
    return w


def _header(canvas: Canvas, shown: Inputs, seat: int, names: list[str], tr: Tr) -> None:
    """The seat's colour, mark and name, and "Your hand · 5" on the right."""
    colour = palette.seat(seat)
    active = shown["active"]
    canvas.panel((M, M, WIDTH - M, M + HEADER), P.panel, radius=HEADER // 2,
                 outline=colour if active else P.panel_edge, width=2 if active else 1)
    cy = M + HEADER / 2
    right = f"{tr('pictures.your_hand')} · {len(shown['held'])}"
    rw = canvas.text((WIDTH - M - 16, cy), right, 16, palette.WHITE, bold=True, anchor="rm")
    canvas.rounded((M + 12, cy - 6, M + 24, cy + 6), 6, colour)
    x = M + 32
    if active:
        x += canvas.text((x, cy), "▶", TEXT, colour) + 6
    x += canvas.text((x, cy), _mark(seat), NAME, colour, bold=True) + 6
    label = seat_label(_name(names, seat), NAME, True, int(WIDTH - M - 16 - rw - 14 - x))
    canvas.text((x, cy), label, NAME, palette.WHITE, bold=True)
