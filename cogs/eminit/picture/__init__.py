"""Eminit's Treasure as pictures: the field of face-down cards, the contest, each player's treasures.

``board`` draws the spectator view: the field as card backs marked with who
placed them (and dots for who has peeked), the card flipped in a running
contest with who has answered, the last contest's outcome, and each player's
hand size, score and treasures.  ``hand`` draws one seat's view: its cards face
up, the field cards it knows, its secret declaration.  Both read only the view.
Each is ``draw_*(*_inputs(view), ...)``: the drawing reads only the part of the
view :func:`board_inputs` / :func:`hand_inputs` hand it (not the log, nor what
the contest keeps for the rules), which is what a kept picture is keyed by.
The cards themselves are drawn by :mod:`.sprites`.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr, counted
from bot.pictures import Inputs, palette, parts
from bot.pictures.canvas import Canvas, fit
from bot.pictures.palette import mix

from .. import cards
from .sprites import emblem, face, field_card
from .sprites import mark as _mark
from .sprites import name as _name

P = palette.of("eminit")  # the table colours eminit/game.py declares

WIDTH = 720
M = 14
GAP = 10
FIELD_COLS, FIELD_STEP = 7, 62
SLOT_W, SLOT_H = 54, 76


# --------------------------------------------------------------------------- board


def _grid(n: int) -> list[list[int]]:
    return [list(range(n))] if n <= 3 else [list(range((n + 1) // 2)), list(range((n + 1) // 2, n))]


def _only(entry: dict | None, keys: tuple[str, ...]) -> dict | None:
    return None if entry is None else {k: entry.get(k) for k in keys}


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this."""
    return {
        "n": view["n"],
        "phase": view["phase"],
        "step": _only(view["step"], ("kind", "seat", "slot", "left")),
        "live_declarations": view["options"].get("declarations", "live") == "live",
        "to_act": view["to_act"],
        "result": _only(view["result"], ("reason", "winners", "scores")),
        "field": [{"slot": e["slot"], "by": e["by"], "known": e["known"]} for e in view["field"]],  # face down
        "quota": view["quota"],
        "deck_size": view["deck_size"],
        "discard": len(view["discard"]),
        "contest": _only(view["contest"], ("slot", "card", "flipper", "placed_by", "seats", "answered")),
        "last_contest": _only(view["last_contest"], ("slot", "card", "flipper", "receiver")),
        "scores": view["scores"],
        "hand_sizes": view["hand_sizes"],
        "skip": view["skip"],
        "treasures": view["treasures"],
    }


def board(view: View, names: list[str], tr: Tr) -> bytes:
    """The channel picture, from the spectator view."""
    return draw_board(board_inputs(view), names, tr)


def draw_board(shown: Inputs, names: list[str], tr: Tr) -> bytes:
    """The channel picture from :func:`board_inputs` alone (so a picture kept by them is never stale)."""
    n = shown["n"]
    rows = _grid(n)
    field_rows = max(1, -(-max(len(shown["field"]), shown["quota"]) // FIELD_COLS))
    field_h = max(44 + field_rows * 96, 200)  # the contest panel beside it lists up to five answers
    seat_h = 108
    height = M + 44 + field_h + GAP + len(rows) * (seat_h + GAP) + M - GAP
    canvas = Canvas(WIDTH, height, P.background)
    _header(canvas, shown, names, tr)
    top = M + 44
    fw = 14 + FIELD_COLS * FIELD_STEP
    _field(canvas, shown, (M, top, M + fw, top + field_h), names, tr)
    _contest(canvas, shown, (M + fw + GAP, top, WIDTH - M, top + field_h), names, tr)
    result = shown["result"]
    winners = set(result["winners"]) if result and result.get("reason") != "turn_cap" else set()
    y = top + field_h + GAP
    for seats in rows:
        cols = len(rows[0])
        w = (WIDTH - 2 * M - GAP * (cols - 1)) / cols
        offset = (WIDTH - 2 * M - (len(seats) * w + (len(seats) - 1) * GAP)) / 2
        for i, seat in enumerate(seats):
            x = M + offset + i * (w + GAP)
            _seat_tile(canvas, shown, seat, (x, y, x + w, y + seat_h), names, tr, seat in winners)
        y += seat_h + GAP
    return canvas.png()


def _header(canvas: Canvas, shown: Inputs, names: list[str], tr: Tr) -> None:
    """Phase and what the table waits for; deck and discard on the right."""
    y = M + 16
    phase = tr(f"eminit.phase.{shown['phase']}")
    pw = canvas.badge((M, y), phase, 15, mix(P.panel, P.accent, 0.3), palette.GOLD)
    result = shown["result"]
    if result is not None:
        if result["reason"] == "turn_cap":
            text = tr("eminit.board.result_cap")
        elif result["winners"]:
            w = result["winners"][0]
            text = tr("pictures.wins", name=fit(_name(names, w), 18, True, 230))
            text += "  " + counted(tr, "pictures.points", result["scores"][w])
        else:
            text = tr("pictures.draw")
        parts.crown(canvas, (M + pw + 22, y), 9, palette.GOLD)
        canvas.text((M + pw + 38, y), text, 18, palette.GOLD, bold=True, max_width=WIDTH - pw - 250)
    else:
        step = shown["step"]
        who = _name(names, step.get("seat"))
        who = fit(who, 17, True, 200)
        if step["kind"] == "declare" and shown["live_declarations"]:
            line = tr("pictures.declarations_open")  # seen as they are made: the header must not say "in secret"
        else:
            line = tr(f"eminit.wait.{step['kind']}", who=who, slot=step.get("slot"), left=step.get("left"))
        canvas.text((M + pw + 12, y), line, 16, palette.WHITE, bold=True, max_width=WIDTH - pw - 230)
    x = WIDTH - M
    x -= canvas.text((x, y), str(shown["discard"]), 16, palette.WHITE, bold=True, anchor="rm") + 6
    x -= canvas.text((x, y), tr("pictures.discard"), 14, palette.MUTED, anchor="rm") + 14
    x -= canvas.text((x, y), str(shown["deck_size"]), 16, palette.WHITE, bold=True, anchor="rm") + 6
    x -= canvas.text((x, y), tr("pictures.deck"), 14, palette.MUTED, anchor="rm") + 8
    canvas.card_back((x - 16, y - 12, x, y + 12), P.card_back, P.card_back_mark, radius=3)


def _field(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    x0, y0, _, y1 = box
    canvas.panel(box, P.panel, radius=14, outline=P.panel_edge)
    field = shown["field"]
    if shown["result"] is not None and not field:
        canvas.text((x0 + 12, y0 + 18), tr("pictures.over"), 15, palette.MUTED, bold=True)
        _ranking(canvas, shown, box, names, tr)
        return
    # the quota matters while cards are placed; in the scramble "3/6" would read as "3 more to place"
    label = (tr("pictures.field", count=len(field), quota=shown["quota"]) if shown["phase"] == "gathering"
             else tr("pictures.field_left", count=len(field)))
    canvas.text((x0 + 12, y0 + 18), label, 15, palette.MUTED, bold=True)
    contest = shown["contest"]
    flipping = contest["slot"] if contest else None
    slots = max(len(field), shown["quota"])
    rows = -(-slots // FIELD_COLS)
    top = y0 + 40 + max(0, (y1 - y0 - 40 - rows * 96) / 2)  # one row sits in the middle of the panel
    for i in range(slots):
        r, c = divmod(i, FIELD_COLS)
        x, y = x0 + 10 + c * FIELD_STEP, top + 8 + r * 96
        card_box = (x, y, x + SLOT_W, y + SLOT_H)
        if i < len(field):
            entry = field[i]
            if entry["slot"] == flipping:
                canvas.panel((x - 3, y - 3, x + SLOT_W + 3, y + SLOT_H + 3), palette.GOLD, radius=9)
            field_card(canvas, card_box, entry)  # always face down: the board is the public picture
        else:
            canvas.panel(card_box, mix(P.background, P.panel, 0.4), radius=7, outline=P.panel_edge)


def _ranking(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """The final standings where the field lay: place, name, treasures, points."""
    x0, y0, x1, y1 = box
    order = sorted(range(shown["n"]), key=lambda s: (-shown["scores"][s], s))
    winners = set(shown["result"]["winners"]) if shown["result"]["reason"] != "turn_cap" else set()
    step = min(30, (y1 - y0 - 44) / max(1, len(order)))
    for i, seat in enumerate(order):
        y = y0 + 48 + i * step
        colour = palette.seat(seat)
        if seat in winners:
            parts.crown(canvas, (x0 + 22, y), 9, palette.GOLD)
        else:
            canvas.text((x0 + 22, y), str(i + 1), 15, palette.MUTED, bold=True, anchor="mm")
        canvas.text((x0 + 40, y), f"{_mark(seat)} {_name(names, seat)}", 15, colour, bold=True, max_width=176)
        tx = x0 + 236
        for j, card in enumerate(sorted(shown["treasures"][seat], key=cards.kind)[:8]):
            emblem(canvas, (tx + j * 20, y), 8, cards.kind(card))
        canvas.text(
            (x1 - 14, y),
            counted(tr, "pictures.points", shown["scores"][seat]),
            16,
            palette.GOLD if seat in winners else palette.WHITE,
            bold=True,
            anchor="rm",
        )


def _contest(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """The running contest (flipped card, who has answered) or the last one's outcome."""
    x0, y0, x1, y1 = box
    canvas.panel(box, mix(P.panel, P.accent, 0.06), radius=14, outline=P.panel_edge)
    w = x1 - x0
    contest = shown["contest"]
    last = shown["last_contest"]
    drawn = contest or last
    if drawn is None:
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2), tr("eminit.phase.gathering"), 16, palette.DIM, anchor="mm")
        return
    title = tr("pictures.flipped", slot=drawn["slot"])
    canvas.text(
        (x0 + 12, y0 + 18),
        title
        if contest
        else tr("eminit.board.last_contest", slot=drawn["slot"], card=tr(f"eminit.card.{cards.kind(drawn['card'])}")),
        15,
        palette.GOLD if contest else palette.MUTED,
        bold=True,
        max_width=w - 24,
    )
    cw, ch = 84, 116
    cx = x0 + 12
    cy = y0 + 40
    face(canvas, (cx, cy, cx + cw, cy + ch), drawn["card"], tr, glow=palette.GOLD if contest else None)
    tx = cx + cw + 12
    tw = int(x1 - 10 - tx)
    flipper = drawn["flipper"]
    canvas.text(
        (tx, cy + 8), f"{_mark(flipper)} {_name(names, flipper)}", 14, palette.seat(flipper), bold=True, max_width=tw
    )
    if contest is not None:
        canvas.text((tx, cy + 26), tr("pictures.by", name=_mark(contest["placed_by"])), 13, palette.MUTED, max_width=tw)
        # live declarations: each seat's public state (deciding / a face-down card / done); sealed: answered or not
        states = contest.get("seats") or ["done" if a else "deciding" for a in contest["answered"]]
        for i, state in enumerate(states):
            done = state != "deciding"
            yy = cy + 50 + i * 19
            canvas.rounded((tx, yy - 6, tx + 12, yy + 6), 6, palette.seat(i) if done else P.panel_edge)
            label = tr(f"pictures.seat_{state}")
            canvas.text(
                (tx + 18, yy), f"{_mark(i)} {label}", 13, palette.WHITE if done else palette.DIM, max_width=tw - 18
            )
    else:
        receiver = last.get("receiver")
        if receiver is not None:
            canvas.text((tx, cy + 44), "→", 20, palette.MUTED, bold=True)
            canvas.text((tx, cy + 72), _name(names, receiver), 16, palette.seat(receiver), bold=True, max_width=tw)
            canvas.text((tx, cy + 94), f"{_mark(receiver)}", 15, palette.seat(receiver), bold=True)


def _seat_tile(
    canvas: Canvas, shown: Inputs, seat: int, box: tuple[float, float, float, float], names: list[str], tr: Tr,
    winner: bool,
) -> None:
    """:func:`_seat` drawn once per what it shows: a move changes a seat or two, the others are pasted."""
    what = (
        seat, _name(names, seat), winner, seat in shown["to_act"] and shown["result"] is None, shown["scores"][seat],
        shown["hand_sizes"][seat], shown["skip"][seat], tuple(shown["treasures"][seat]),
    )
    # on even pixels: its names and scores are placed with round()
    canvas.tile_box(box, ("eminit.seat", what, tr.locale),
                    lambda piece, local: _seat(piece, shown, seat, local, names, tr, winner), even=True)


def _seat(
    canvas: Canvas,
    shown: Inputs,
    seat: int,
    box: tuple[float, float, float, float],
    names: list[str],
    tr: Tr,
    winner: bool,
) -> None:
    x0, y0, x1, _ = box
    colour = palette.seat(seat)
    active = seat in shown["to_act"] and shown["result"] is None
    canvas.panel(box, P.panel, radius=14, outline=colour if active else P.panel_edge, width=2 if active else 1)
    name = f"{_mark(seat)} {_name(names, seat)}"
    parts.plate(
        canvas,
        (x0 + 8, y0 + 8, x1 - 8, y0 + 38),
        name,
        colour,
        active=active,
        winner=winner,
        right=counted(tr, "pictures.points", shown["scores"][seat]),
        panel=mix(P.panel, (0, 0, 0), 0.25),
        size=15,
    )
    size = shown["hand_sizes"][seat]
    x = x0 + 12
    step = min(12, 60 / max(1, size))
    for i in range(min(size, 12)):
        canvas.card_back((x + i * step, y0 + 50, x + i * step + 22, y0 + 80), P.card_back, P.card_back_mark, radius=3)
    end = x + (min(size, 12) - 1) * step + 22 if size else x
    end += 6 + canvas.text((end + 6, y0 + 65), f"×{size}", 14, palette.WHITE, bold=True)
    if shown["skip"][seat]:
        canvas.text((x0 + 12, y0 + 94), tr("pictures.time_skip"), 12, palette.DANGER, max_width=90)
    treasures = sorted(shown["treasures"][seat], key=lambda c: (cards.kind(c), c))
    tx = max(x0 + 110, end + 14)
    avail = x1 - 10 - tx
    step_t = min(30, (avail - 26) / max(1, len(treasures) - 1)) if len(treasures) > 1 else 30
    for i, card in enumerate(treasures):
        face(canvas, (tx + i * step_t, y0 + 48, tx + i * step_t + 26, y0 + 84), card, None)
    if not treasures:
        canvas.text((tx, y0 + 66), tr("pictures.none_taken"), 12, palette.DIM, max_width=avail)


# --------------------------------------------------------------------------- hand


def hand_inputs(view: View, seat: int) -> Inputs:
    """What ``seat``'s hand picture shows, from that seat's view: the picture's cache key holds exactly this."""
    known = [e for e in view["field"] if e["card"] is not None]
    contest = view["contest"]
    mine = contest["mine"] if contest else None
    return {
        # id order is catalogue order: magic, interrupts, treasures
        "held": [[card, cards.points(card, view["options"])] for card in sorted(view["hand"] or [])],
        "active": seat in view["to_act"],
        "known": [{"slot": e["slot"], "by": e["by"], "known": e["known"], "card": e["card"]} for e in known[:8]],
        "tall": bool(known or mine),
        "declared": mine.get("card") if mine is not None else None,
    }


def hand(view: View, seat: int, names: list[str], tr: Tr) -> bytes:
    """One seat's picture from its own view: hand face up, the field cards it knows, its declaration."""
    return draw_hand(hand_inputs(view, seat), seat, names, tr)


HAND_PAD = 2  # a hand card's piece reaches this far round it (its shadow falls 1 right, 3 down; the gap is 10)


def _hand_card(canvas: Canvas, box: tuple[float, float, float, float], card: int, points: int, tr: Tr) -> None:
    """A card of a hand, drawn once per card, points and language, then pasted: every
    hand shows the same few dozen cards, and a move redraws several players' hands."""
    canvas.tile_box(box, ("eminit.hand_card", card, points, tr.locale),
                    lambda piece, local: face(piece, local, card, tr, points=points),
                    pad=(HAND_PAD, HAND_PAD, HAND_PAD + 2, HAND_PAD + 4), even=True)


def draw_hand(shown: Inputs, seat: int, names: list[str], tr: Tr) -> bytes:
    """``seat``'s hand picture from :func:`hand_inputs` alone (so a picture kept by them is never stale)."""
    held = shown["held"]
    per_row = 7
    # whole pixels: every card of every hand then lands on the same offset, and is one piece (_hand_card)
    card_w = (WIDTH - 2 * M - GAP * (per_row - 1)) // per_row
    card_h = round(card_w * 1.38)
    nrows = max(1, -(-len(held) // per_row))
    known = shown["known"]
    extra = 120 if shown["tall"] else 0
    height = int(M + 46 + nrows * (card_h + GAP) + extra + M)
    canvas = Canvas(WIDTH, height, P.background)
    colour = palette.seat(seat)
    parts.plate(
        canvas,
        (M, M, WIDTH - M, M + 36),
        f"{_mark(seat)} {_name(names, seat)}",
        colour,
        active=shown["active"],
        right=f"{tr('pictures.your_hand')} · {len(held)}",
        panel=P.panel,
    )
    y = M + 50
    for i, (card, points) in enumerate(held):
        r, c = divmod(i, per_row)
        x = M + c * (card_w + GAP)
        top = y + r * (card_h + GAP)
        _hand_card(canvas, (x, top, x + card_w, top + card_h), card, points, tr)
    if not held:
        canvas.text((WIDTH / 2, y + card_h / 2), tr("pictures.empty_hand"), 16, palette.DIM, anchor="mm")
    y += nrows * (card_h + GAP)
    x = M
    if known:
        canvas.text((x, y + 8), tr("pictures.you_know"), 14, palette.MUTED, bold=True)
        for e in known:
            field_card(canvas, (x, y + 28, x + 70, y + 106), e, tr)
            x += 78
    if shown["declared"] is not None:
        x += 16
        canvas.text((x, y + 8), tr("pictures.declared"), 14, palette.GOLD, bold=True)
        face(canvas, (x, y + 28, x + 70, y + 106), shown["declared"], tr, glow=palette.GOLD)
    return canvas.png()
