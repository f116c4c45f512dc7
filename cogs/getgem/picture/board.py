"""The GETGEM table drawn for a phone: the centre on top, then one row per seat.

Why this layout: Discord shows a picture about 320 px wide on a phone, so the
picture is 480 px wide and no text is under 15 px (10 px on the phone).  A
row per seat reads like a scoreboard, top to bottom, whatever the table size;
each row says only what is seen at a glance (name, hand size as a number, the
element cards held, a declaration face up) and leaves the sentences (whose turn,
what the table waits for, the result, the title) to the text under the picture.
"""

from __future__ import annotations

from bot.i18n import Tr
from bot.pictures import Inputs, palette, parts
from bot.pictures.canvas import Canvas
from bot.pictures.labels import seat_label
from bot.pictures.palette import mix
from bot.pictures.phone import GAP, NAME, TEXT, WIDTH, M  # the phone-width layout (re-exported)

from ..cards import ELEMENTS
from ..game import ID
from ..render.words import seat_name as _name
from .sprites import P, element_card, face

CENTRE_H = 112
ROW_H = 52
LINE_H = 48
"""A seat row's second line (its declaration, or the winning hand shown at the end)."""
SMALL_W, SMALL_H = 28, 38


def draw_board(shown: Inputs, names: list[str], tr: Tr) -> bytes:
    """The channel picture from the board inputs alone (see :func:`cogs.getgem.picture.board_inputs`)."""
    n = shown["n"]
    heights = [ROW_H + LINE_H * len(_lines(shown, seat)) for seat in range(n)]
    height = M + CENTRE_H + GAP + sum(heights) + GAP * (n - 1) + M
    canvas = Canvas(WIDTH, height, P.background)
    _centre(canvas, shown, (M, M, WIDTH - M, M + CENTRE_H), names, tr)
    y = M + CENTRE_H + GAP
    for seat in range(n):
        _seat_tile(canvas, shown, seat, (M, y, WIDTH - M, y + heights[seat]), names, tr)
        y += heights[seat] + GAP
    return canvas.png()


def _winners(shown: Inputs) -> set[int]:
    return set(shown["over"]["winners"]) if shown["over"] else set()


def _lines(shown: Inputs, seat: int) -> list[tuple[str, list[str]]]:
    """A seat's second lines: its declaration face up; the winning hand, revealed to everyone, at the end."""
    lines = []
    if shown["decl"][seat]:
        lines.append(("decl", list(shown["decl"][seat])))
    over = shown["over"]
    if over and over["reveal"] is not None and seat in over["winners"][:1]:
        lines.append(("reveal", list(over["reveal"])))
    return lines


# --------------------------------------------------------------------------- centre


def _centre(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """Deck, discard (top card face up), the element cards still in the centre, and the phase or the result."""
    x0, y0, x1, y1 = box
    canvas.panel(box, mix(P.background, P.panel, 0.6), radius=14, outline=P.panel_edge)
    top, bottom = y0 + 12, y0 + 80
    _deck(canvas, (x0 + 14, top, x0 + 64, bottom), shown["deck"], tr)
    dx = x0 + 86
    discard = shown["discard"]["count"]
    if discard:
        for i in range(min(2, discard - 1), 0, -1):
            canvas.card((dx + i * 2, top - i * 2, dx + 50 + i * 2, bottom - i * 2), P.card_face, radius=6)
        face(canvas, (dx, top, dx + 50, bottom), shown["discard"]["top"], None)
    else:
        canvas.panel((dx, top, dx + 50, bottom), mix(P.background, P.panel, 0.3), radius=6, outline=P.panel_edge)
    canvas.text((dx + 25, y1 - 15), f"{tr('pictures.discard')} {discard}", TEXT, palette.MUTED, anchor="mm",
                max_width=96)
    ex = x0 + 154
    canvas.text((ex, y0 + 16), tr("pictures.centre"), TEXT, palette.MUTED, anchor="lm")
    for i, g in enumerate(ELEMENTS):
        bx, by = ex + i * 42, y0 + 32
        if shown["elements"][g] is None:
            element_card(canvas, (bx, by, bx + 37, by + 52), g)
        else:
            canvas.panel((bx, by, bx + 37, by + 52), mix(P.background, P.panel, 0.3), radius=6, outline=P.panel_edge)
            holder = shown["elements"][g]  # a faint stone in the holder's colour: where this element went
            canvas.rounded((bx + 12, by + 19, bx + 25, by + 32), 6, None, palette.seat(holder), 2)
    _state(canvas, shown, (ex + 3 * 42 + 6, y0 + 12, x1 - 10, y1 - 12), names, tr)


def _deck(canvas: Canvas, box: tuple[float, float, float, float], count: int, tr: Tr) -> None:
    """The face-down deck, thicker the more it holds, its count large on top."""
    x0, y0, x1, y1 = box
    layers = 0 if count == 0 else min(3, 1 + count // 10)
    if count == 0:
        canvas.panel(box, mix(P.card_back, (0, 0, 0), 0.6), radius=6, outline=mix(P.card_back, (0, 0, 0), 0.2))
    for i in range(layers, 0, -1):
        canvas.card_back((x0 + i * 2, y0 - i * 2, x1 + i * 2, y1 - i * 2), P.card_back, P.card_back_mark)
    canvas.badge(((x0 + x1) / 2, (y0 + y1) / 2), str(count), 17, (20, 20, 24), palette.WHITE, anchor="mm")
    canvas.text(((x0 + x1) / 2, y1 + 17), tr("pictures.deck"), TEXT, palette.MUTED, anchor="mm", max_width=64)


def _state(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """Whose turn it is and its phase, or the winners' names at the end.

    Who must act now (the turn player, or another seat asked about a Barrier or a take-back) is ringed in
    its row, and the text under the picture says what the table waits for: said there once, not here again.
    """
    x0, y0, x1, y1 = box
    w = int(x1 - x0)
    cy = (y0 + y1) / 2
    over = shown["over"]
    if over is None:
        turn = shown["turn"]
        colour = palette.seat(turn)
        canvas.rounded((x0, cy - 17, x0 + 12, cy - 5), 6, colour)
        label = seat_label(_name(names, turn, tr), 16, True, w - 20)
        canvas.text((x0 + 20, cy - 11), label, 16, colour, bold=True)
        phase = tr(f"{ID}.picture.phase.{shown['phase']}")
        canvas.text((x0 + 20, cy + 13), phase, TEXT, palette.WHITE, bold=True, max_width=w - 20)
        return
    if not over["winners"]:
        canvas.text((x0 + w / 2, cy), tr("pictures.draw"), 20, palette.WHITE, bold=True, anchor="mm", max_width=w)
        return
    parts.crown(canvas, (x0 + w / 2, y0 + 12), 11, palette.GOLD)
    shown_names = over["winners"][:2]
    for i, seat in enumerate(shown_names):
        label = seat_label(_name(names, seat, tr), NAME, True, w)
        canvas.text((x0 + w / 2, y0 + 40 + i * 24), label, NAME, palette.seat(seat), bold=True, anchor="mm")


# --------------------------------------------------------------------------- seats


def _seat_tile(
    canvas: Canvas, shown: Inputs, seat: int, box: tuple[float, float, float, float], names: list[str], tr: Tr
) -> None:
    """:func:`_seat_row` drawn once per what it shows: a move changes one or two seats, the rest are pasted."""
    winner = seat in _winners(shown)
    what = (
        seat, _name(names, seat, tr), winner, seat in shown["to_act"] and shown["over"] is None,
        shown["hand_sizes"][seat], tuple(g for g in ELEMENTS if shown["elements"][g] == seat),
        tuple((kind, tuple(cards)) for kind, cards in _lines(shown, seat)),
        shown["match"] and (shown["match"]["target"], shown["match"]["points"][seat]),
    )
    canvas.tile_box(box, (f"{ID}.row", what, tr.locale),
                    lambda piece, local: _seat_row(piece, shown, seat, local, names, tr, winner))


def _seat_row(
    canvas: Canvas,
    shown: Inputs,
    seat: int,
    box: tuple[float, float, float, float],
    names: list[str],
    tr: Tr,
    winner: bool,
) -> None:
    """Name (shortened to fit), then from the right: element cards held, hand size, match points."""
    x0, y0, x1, _ = box
    colour = palette.seat(seat)
    active = seat in shown["to_act"] and shown["over"] is None
    ring = palette.GOLD if winner else colour if active else P.panel_edge
    fill = mix(P.panel, colour, 0.16) if active or winner else P.panel
    canvas.panel(box, fill, radius=12, outline=ring, width=2 if active or winner else 1)
    cy = y0 + ROW_H / 2
    # right to left: elements held, hand size, match points
    x = x1 - 12
    held = [g for g in ELEMENTS if shown["elements"][g] == seat]
    for g in reversed(held):
        element_card(canvas, (x - SMALL_W, cy - SMALL_H / 2, x, cy + SMALL_H / 2), g)
        x -= SMALL_W + 5
    x -= 6 if held else 0
    size = shown["hand_sizes"][seat]
    x -= canvas.text((x, cy), str(size), 20, palette.WHITE, bold=True, anchor="rm") + 5
    canvas.card_back((x - 22, cy - 15, x, cy + 15), P.card_back, P.card_back_mark, radius=4)
    x -= 22 + 12
    if shown["match"]:
        points = f"{shown['match']['points'][seat]}/{shown['match']['target']}"
        x -= canvas.text((x, cy), points, 17, palette.GOLD, bold=True, anchor="rm") + 12
    # left: seat colour, then a crown (winner) or ▶ (to act), then the name in what is left
    canvas.rounded((x0 + 10, cy - 6, x0 + 22, cy + 6), 6, colour)
    nx = x0 + 30
    if winner:
        parts.crown(canvas, (nx + 9, cy), 9, palette.GOLD)
        nx += 24
    elif active:
        nx += canvas.text((nx, cy), parts.MARKER, TEXT, colour) + 6
    label = seat_label(_name(names, seat, tr), NAME, True, int(x - nx))
    canvas.text((nx, cy), label, NAME, palette.WHITE, bold=True)
    y = y0 + ROW_H - 6
    for kind, cards in _lines(shown, seat):
        _line(canvas, kind, cards, (x0 + 12, y, x1 - 12, y + LINE_H), tr)
        y += LINE_H


def _line(canvas: Canvas, kind: str, cards: list[str], box: tuple[float, float, float, float], tr: Tr) -> None:
    """A row's second line: a label ("Declared" in gold, or the winning "Hand") and the cards face up."""
    x0, y0, x1, _ = box
    cy = y0 + SMALL_H / 2 + 2
    label = tr("pictures.declared") if kind == "decl" else tr(f"{ID}.picture.revealed")
    x = x0 + canvas.text((x0, cy), label, TEXT, palette.GOLD, bold=True) + 10
    step = min(SMALL_W + 4, (x1 - x - SMALL_W) / max(1, len(cards) - 1))
    for i, card_type in enumerate(cards):
        cx = x + i * step
        face(canvas, (cx, cy - SMALL_H / 2, cx + SMALL_W, cy + SMALL_H / 2), card_type, None)
