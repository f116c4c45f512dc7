"""Eminit's Treasure table drawn for a phone: the field, the contest, then one row per seat.

Why this layout: Discord shows a picture about 320 px wide on a phone, so the
picture is 480 px wide and no text is under 15 px (10 px on the phone).  Each
fact is in one place: the phase and what the table waits for are in the text
under the picture (the title and its first line), not in a header here again;
the flipped card is drawn large enough to name it whole; a seat's row is a
scoreboard line (name, hand size, treasures by kind, points) with a mark for
its answer to the running contest (deciding, a face-down card, done), whose
words are in the text.
"""

from __future__ import annotations

from collections import Counter

from bot.i18n import Tr, counted
from bot.pictures import Inputs, palette, parts
from bot.pictures.canvas import Canvas
from bot.pictures.labels import seat_label
from bot.pictures.palette import mix
from bot.pictures.phone import GAP, NAME, TEXT, WIDTH, M  # the phone-width layout (re-exported)

from .. import cards
from ..game import ID
from .sprites import P, emblem, face, field_card
from .sprites import mark as _mark
from .sprites import name as _name

FIELD_COLS, FIELD_STEP = 7, 64
SLOT_W, SLOT_H = 56, 78
FIELD_ROW = SLOT_H + 26  # the slot badge above a card, the peek dots below it
CONTEST_H = 176
CARD_W, CARD_H = 108, 148
ROW_H = 48
TREASURES = ("gold", "ancient", "eminit")


def draw_board(shown: Inputs, names: list[str], tr: Tr) -> bytes:
    """The channel picture from the board inputs alone (see :func:`..picture.board_inputs`)."""
    n = shown["n"]
    field = _has_field(shown)
    field_h = 40 + _field_rows(shown) * FIELD_ROW if field else 0
    contest = shown["contest"] or shown["last_contest"]
    height = M + (field_h + GAP if field else 0) + (CONTEST_H + GAP if contest else 0) + n * (ROW_H + GAP) - GAP + M
    canvas = Canvas(WIDTH, height, P.background)
    y = M
    if field:
        _field(canvas, shown, (M, y, WIDTH - M, y + field_h), tr)
        y += field_h + GAP
    if contest:
        _contest(canvas, shown, (M, y, WIDTH - M, y + CONTEST_H), names, tr)
        y += CONTEST_H + GAP
    for seat in _order(shown):
        place = sum(1 for score in shown["scores"] if score > shown["scores"][seat])  # ties share a place
        _seat_tile(canvas, shown, seat, place, (M, y, WIDTH - M, y + ROW_H), names, tr)
        y += ROW_H + GAP
    return canvas.png()


def _has_field(shown: Inputs) -> bool:
    """The field panel: while the game runs, and at the end only if cards were left face down."""
    return shown["result"] is None or bool(shown["field"])


def _field_rows(shown: Inputs) -> int:
    return max(1, -(-max(len(shown["field"]), shown["quota"]) // FIELD_COLS))


def _winners(shown: Inputs) -> set[int]:
    result = shown["result"]
    return set(result["winners"]) if result and result.get("reason") != "turn_cap" else set()


def _order(shown: Inputs) -> list[int]:
    """Seats in seat order while the game runs; by points at the end (the final standings)."""
    if shown["result"] is None:
        return list(range(shown["n"]))
    return sorted(range(shown["n"]), key=lambda s: (-shown["scores"][s], s))


# --------------------------------------------------------------------------- field and contest


def _field(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], tr: Tr) -> None:
    """The face-down field (placer's mark, who peeked), with the deck and discard counts on its title line."""
    x0, y0, x1, _ = box
    canvas.panel(box, P.panel, radius=14, outline=P.panel_edge)
    field = shown["field"]
    # the quota matters while cards are placed; in the scramble "3/6" would read as "3 more to place"
    label = (tr("pictures.field", count=len(field), quota=shown["quota"]) if shown["phase"] == "gathering"
             else tr("pictures.field_left", count=len(field)))
    cy = y0 + 20
    x = x1 - 12
    x -= canvas.text((x, cy), str(shown["discard"]), 17, palette.WHITE, bold=True, anchor="rm") + 5
    x -= canvas.text((x, cy), tr("pictures.discard"), TEXT, palette.MUTED, anchor="rm") + 14
    x -= canvas.text((x, cy), str(shown["deck_size"]), 17, palette.WHITE, bold=True, anchor="rm") + 5
    canvas.card_back((x - 15, cy - 11, x, cy + 11), P.card_back, P.card_back_mark, radius=3)
    canvas.text((x0 + 12, cy), label, 16, palette.MUTED, bold=True, max_width=int(x - 24 - x0 - 12))
    contest = shown["contest"]
    flipping = contest["slot"] if contest else None
    slots = max(len(field), shown["quota"])
    left = x0 + (x1 - x0 - (FIELD_COLS * FIELD_STEP - (FIELD_STEP - SLOT_W))) / 2
    for i in range(slots):
        r, c = divmod(i, FIELD_COLS)
        x, y = left + c * FIELD_STEP, y0 + 50 + r * FIELD_ROW
        card_box = (x, y, x + SLOT_W, y + SLOT_H)
        if i < len(field):
            entry = field[i]
            if entry["slot"] == flipping:
                canvas.panel((x - 3, y - 3, x + SLOT_W + 3, y + SLOT_H + 3), palette.GOLD, radius=9)
            field_card(canvas, card_box, entry)  # always face down: the board is the public picture
        else:
            canvas.panel(card_box, mix(P.background, P.panel, 0.4), radius=7, outline=P.panel_edge)


def _contest(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """The running contest (the flipped card, large, who flipped it and whose card it was) or the last one's outcome
    (the card and who received it).  Each seat's answer is marked in its row."""
    x0, y0, x1, _ = box
    contest = shown["contest"]
    drawn = contest or shown["last_contest"]
    canvas.panel(box, P.panel, radius=14, outline=palette.GOLD_DARK if contest else P.panel_edge)
    cx, cy = x0 + 14, y0 + 14
    face(canvas, (cx, cy, cx + CARD_W, cy + CARD_H), drawn["card"], tr, glow=palette.GOLD if contest else None)
    tx = cx + CARD_W + 16
    tw = int(x1 - 12 - tx)
    if contest:
        canvas.text((tx, y0 + 26), tr(f"{ID}.picture.flipped", slot=drawn["slot"]), 17, palette.GOLD, bold=True,
                    max_width=tw)
    else:
        canvas.text((tx, y0 + 26), tr(f"{ID}.picture.last", slot=drawn["slot"]), 16, palette.MUTED, bold=True,
                    max_width=tw)
    flipper = drawn["flipper"]
    _who(canvas, (tx, y0 + 60), flipper, names, tw)
    if contest is not None:
        by = tr(f"{ID}.picture.placed_by", mark=_mark(contest["placed_by"]))
        canvas.text((tx, y0 + 88), by, TEXT, palette.MUTED, max_width=tw)
        return
    receiver = drawn.get("receiver")
    if receiver is not None:
        canvas.text((tx, y0 + 100), "↓", 20, palette.MUTED, bold=True)
        _who(canvas, (tx, y0 + 136), receiver, names, tw)


def _who(canvas: Canvas, at: tuple[float, float], seat: int, names: list[str], max_width: int) -> None:
    """A seat as "① name" in its colour, the name shortened to fit."""
    x, y = at
    w = canvas.text((x, y), _mark(seat), NAME, palette.seat(seat), bold=True) + 6
    canvas.text((x + w, y), seat_label(_name(names, seat), NAME, True, max_width - w), NAME, palette.seat(seat),
                bold=True)


# --------------------------------------------------------------------------- seats


def _answer(shown: Inputs, seat: int) -> str | None:
    """The seat's public answer to the running contest: deciding / declared / done (sealed: answered / deciding)."""
    contest = shown["contest"]
    if contest is None:
        return None
    if contest.get("seats"):
        return str(contest["seats"][seat])
    return "done" if contest["answered"][seat] else "deciding"


def _seat_tile(
    canvas: Canvas, shown: Inputs, seat: int, place: int, box: tuple[float, float, float, float], names: list[str],
    tr: Tr,
) -> None:
    """:func:`_seat` drawn once per what it shows: a move changes a seat or two, the others are pasted."""
    winner = seat in _winners(shown)
    what = (
        seat, _name(names, seat), winner, seat in shown["to_act"] and shown["result"] is None, shown["scores"][seat],
        shown["hand_sizes"][seat], shown["skip"][seat], tuple(shown["treasures"][seat]), _answer(shown, seat),
        place if shown["result"] is not None else None,
    )
    # on even pixels: its names and scores are placed with round()
    canvas.tile_box(box, (f"{ID}.row", what, tr.locale),
                    lambda piece, local: _seat(piece, shown, seat, place, local, names, tr, winner), even=True)


def _seat(
    canvas: Canvas,
    shown: Inputs,
    seat: int,
    place: int,
    box: tuple[float, float, float, float],
    names: list[str],
    tr: Tr,
    winner: bool,
) -> None:
    """From the right: points, treasures by kind, hand size, a skipped turn; the mark and name take the rest."""
    x0, y0, x1, y1 = box
    colour = palette.seat(seat)
    active = seat in shown["to_act"] and shown["result"] is None
    ring = palette.GOLD if winner else colour if active else P.panel_edge
    # one fill for every row (a tint per seat colour would be five more flat colours for the PNG palette to hold)
    fill = mix(P.panel, palette.GOLD, 0.12) if winner else P.panel
    canvas.panel(box, fill, radius=12, outline=ring, width=2 if active or winner else 1)
    cy = (y0 + y1) / 2
    x = x1 - 12
    points = counted(tr, "pictures.points", shown["scores"][seat])
    x -= canvas.text((x, cy), points, 18, palette.GOLD if winner else palette.WHITE, bold=True, anchor="rm") + 12
    kinds = Counter(cards.kind(c) for c in shown["treasures"][seat])
    for kind in reversed(TREASURES):
        if kinds[kind]:
            if kinds[kind] > 1:
                x -= canvas.text((x, cy), f"×{kinds[kind]}", TEXT, palette.WHITE, bold=True, anchor="rm") + 2
            emblem(canvas, (x - 10, cy), 9, kind)
            x -= 20 + 8
    x -= 4
    x -= canvas.text((x, cy), str(shown["hand_sizes"][seat]), 18, palette.WHITE, bold=True, anchor="rm") + 4
    canvas.card_back((x - 18, cy - 13, x, cy + 13), P.card_back, P.card_back_mark, radius=3)
    x -= 18 + 10
    if shown["skip"][seat]:
        label = tr(f"{ID}.picture.skip")
        w = canvas.badge((x, cy), label, TEXT, mix(P.panel, palette.DANGER, 0.55), palette.WHITE, anchor="rm")
        x -= w + 8
    nx = x0 + 10
    answer = _answer(shown, seat)
    if shown["result"] is not None:  # the final standings: a crown for the winners, else the place
        if winner:
            parts.crown(canvas, (nx + 9, cy), 9, palette.GOLD)
            nx += 24
        else:  # "2nd" / "2位": a place, never to be read as the seat number ② beside it
            nx += canvas.text((nx, cy), tr(f"{ID}.picture.place.{place + 1}"), TEXT, palette.MUTED, bold=True) + 6
    elif answer not in (None, "deciding"):  # answered the contest (a deciding seat is to act: ▶)
        _answer_mark(canvas, (nx + 9, cy), answer, colour)
        nx += 24
    elif active:
        nx += canvas.text((nx, cy), parts.MARKER, TEXT, colour) + 5
    nx += canvas.text((nx, cy), _mark(seat), NAME, colour, bold=True) + 6
    canvas.text((nx, cy), seat_label(_name(names, seat), NAME, True, int(x - nx)), NAME, palette.WHITE, bold=True)


def _answer_mark(canvas: Canvas, centre: tuple[float, float], answer: str, colour: tuple[int, int, int]) -> None:
    """A seat's answer to the contest without words (the text says them): a card face down in a gold frame
    (declared), a tick (done; or answered, in a sealed contest, where no one sees whether it was a card)."""
    x, y = centre
    if answer == "declared":
        canvas.rounded((x - 9, y - 12, x + 9, y + 12), 4, palette.GOLD)
        canvas.card_back((x - 7, y - 10, x + 7, y + 10), P.card_back, mix(P.card_back_mark, colour, 0.5), radius=3)
    else:
        canvas.draw.line([(x - 7, y), (x - 2, y + 6), (x + 8, y - 7)], fill=palette.WIN, width=3, joint="curve")
