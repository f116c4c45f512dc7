"""The GETGEM table and a player's hand as pictures (pure: a view in, PNG bytes out).

``board`` draws the spectator view: every seat around the table with its
face-down hand size, the element cards where they lie, face-up declarations
with the take-backs left, the discard's top card and the deck.  ``hand`` draws
one seat's own view: its cards face up, named in the reader's language.
Neither reads anything a view does not carry, so neither can leak a hand.
Each is ``draw_*(*_inputs(view), ...)``: the drawing reads only the part of the
view :func:`board_inputs` / :func:`hand_inputs` hand it (card types instead of
ids, the winning reveal instead of the log), which is what a kept picture is
keyed by: a move that changes none of it draws nothing.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr
from bot.pictures import Inputs, palette, parts
from bot.pictures.canvas import Canvas, fit
from bot.pictures.palette import GETGEM as P
from bot.pictures.palette import mix
from cogs.getgem.cards import ELEMENTS, TYPES
from cogs.getgem.words import seat_name as _name
from cogs.getgem.words import waiting_sentence

from .sprites import backs, element_card, face, face_tile

WIDTH = 720
M = 14
GAP = 10


# --------------------------------------------------------------------------- board


def _rows(n: int) -> list[list[int]]:
    """Seats around the table: up to three in one row above the centre; four or five split above and below."""
    if n <= 3:
        return [list(range(n)), []]
    top = (n + 1) // 2
    return [list(range(top)), list(range(top, n))]


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this."""
    cat = view["cat"]
    opts, over, discard, p = view["opts"], view["over"], view["discard"], view["pending"]
    reveal = None
    if over is not None:  # the winning hand, shown face up to everyone by the rules
        reveal = next(
            (e["args"]["card_types"] for e in reversed(view["log"]) if e["kind"] == "reveal" and e["args"].get("win")),
            None,
        )
    return {
        "n": view["n"],
        "to_act": view["to_act"],
        "turn": view["turn"],
        "turn_no": view["turn_no"],
        "phase": view["phase"],
        "pending": None if p is None else {k: p.get(k) for k in ("kind", "target", "by", "effect", "seat")},
        "hand_sizes": view["hand_sizes"],
        "elements": view["elements"],
        "decl": [[cat[card] for card in decl] for decl in view["decl"]],
        "deck": view["deck"],
        "discard": {"count": len(discard), "top": cat[discard[-1]] if discard else None},
        "match": {"target": opts.get("match_target"), "points": view["points"], "game_no": view["game_no"]}
        if opts.get("match_play") else None,
        "over": None if over is None else {"winners": over["winners"], "reveal": reveal},
    }


def board(view: View, names: list[str], tr: Tr) -> bytes:
    """The channel picture, from the spectator view."""
    return draw_board(board_inputs(view), names, tr)


def draw_board(shown: Inputs, names: list[str], tr: Tr) -> bytes:
    """The channel picture from :func:`board_inputs` alone (so a picture kept by them is never stale)."""
    n = shown["n"]
    rows = _rows(n)
    seat_h = 150 if any(shown["decl"]) else 102
    centre_h = 132
    height = M + seat_h + GAP + centre_h + (GAP + seat_h if rows[1] else 0) + M
    canvas = Canvas(WIDTH, height, P.background)
    over = shown["over"]
    winners = set(over["winners"]) if over else set()
    for r, seats in enumerate(rows):
        y = M if r == 0 else M + seat_h + GAP + centre_h + GAP
        cols = len(rows[0])
        w = (WIDTH - 2 * M - GAP * (cols - 1)) / cols
        offset = (WIDTH - 2 * M - (len(seats) * w + (len(seats) - 1) * GAP)) / 2  # a shorter row is centred
        xs = [M + offset + i * (w + GAP) for i in range(len(seats))]
        for seat, x in zip(seats, xs, strict=False):
            _seat_tile(canvas, shown, seat, (x, y, x + w, y + seat_h), names, tr, seat in winners)
    _centre(canvas, shown, (M, M + seat_h + GAP, WIDTH - M, M + seat_h + GAP + centre_h), names, tr)
    return canvas.png()


def _seat_tile(
    canvas: Canvas, shown: Inputs, seat: int, box: tuple[float, float, float, float], names: list[str], tr: Tr,
    winner: bool,
) -> None:
    """:func:`_seat_panel` drawn once per what it shows: a move changes one or two seats, the rest are pasted."""
    what = (
        seat, _name(names, seat, tr), winner, seat in shown["to_act"] and shown["over"] is None,
        shown["hand_sizes"][seat], tuple(g for g in ELEMENTS if shown["elements"][g] == seat),
        tuple(shown["decl"][seat]), shown["match"] and (shown["match"]["target"], shown["match"]["points"][seat]),
    )
    canvas.tile_box(box, ("getgem.seat", what, tr.locale),
                    lambda piece, local: _seat_panel(piece, shown, seat, local, names, tr, winner))


def _seat_panel(
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
    active = seat in shown["to_act"] and shown["over"] is None
    canvas.panel(box, P.panel, radius=14, outline=colour if active else P.panel_edge, width=2 if active else 1)
    right = ""
    if shown["match"]:
        right = f"{shown['match']['points'][seat]}/{shown['match']['target']}"
    parts.plate(
        canvas,
        (x0 + 8, y0 + 8, x1 - 8, y0 + 40),
        _name(names, seat, tr),
        colour,
        active=active,
        winner=winner,
        right=right,
        panel=mix(P.panel, (0, 0, 0), 0.25),
        size=16,
    )
    # Hand: face-down fan and its size.
    size = shown["hand_sizes"][seat]
    end = backs(canvas, x0 + 12, y0 + 52, size, min(110, x1 - x0 - 150))
    canvas.text((end + 8, y0 + 69), tr("pictures.cards", n=size), 15, palette.WHITE, bold=True, anchor="lm")
    # Element cards held, right-aligned on the hand row.
    held = [g for g in ELEMENTS if shown["elements"][g] == seat]
    for i, g in enumerate(reversed(held)):
        ex = x1 - 12 - (i + 1) * 30
        element_card(canvas, (ex, y0 + 50, ex + 26, y0 + 88), g)
    # Declaration: face-up cards with the take-backs left.
    decl = shown["decl"][seat]
    if decl:
        for i, card_type in enumerate(decl):
            dx = x0 + 12 + i * 30
            face(canvas, (dx, y0 + 98, dx + 26, y0 + 136), card_type, None)
        canvas.text(
            (x0 + 12 + len(decl) * 30 + 4, y0 + 111),
            tr("pictures.declared"),
            13,
            palette.GOLD,
            bold=True,
            anchor="lm",
            max_width=x1 - x0 - 24 - len(decl) * 30,
        )
        canvas.text(
            (x0 + 12 + len(decl) * 30 + 4, y0 + 127),
            tr("pictures.take_backs", n=len(decl)),
            13,
            palette.MUTED,
            anchor="lm",
            max_width=x1 - x0 - 24 - len(decl) * 30,
        )


def _centre(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    """Deck, discard (top face up), the element cards still in the centre, and what the table waits for."""
    x0, y0, x1, y1 = box
    canvas.panel(box, mix(P.background, P.panel, 0.55), radius=16, outline=P.panel_edge)
    cy = y0 + 56
    parts.pile(
        canvas, (x0 + 18, cy - 38, x0 + 74, cy + 38), shown["deck"], P.card_back, P.card_back_mark, tr("pictures.deck")
    )
    dx = x0 + 96
    discard = shown["discard"]["count"]
    if discard:
        for i in range(min(2, discard - 1), 0, -1):
            canvas.card((dx + i * 2, cy - 38 - i * 2, dx + 56 + i * 2, cy + 38 - i * 2), P.card_face, radius=6)
        face(canvas, (dx, cy - 38, dx + 56, cy + 38), shown["discard"]["top"], None)
    else:
        canvas.panel((dx, cy - 38, dx + 56, cy + 38), mix(P.background, P.panel, 0.3), radius=6, outline=P.panel_edge)
    canvas.text((dx + 28, cy + 52), f"{tr('pictures.discard')} {discard}", 14, palette.MUTED, anchor="mm")
    # Centre elements.
    ex = x0 + 180
    canvas.text((ex, y0 + 16), tr("pictures.centre"), 14, palette.MUTED, anchor="lm")
    centre = [g for g in ELEMENTS if shown["elements"][g] is None]
    for i, g in enumerate(ELEMENTS):
        bx = ex + i * 44
        if g in centre:
            element_card(canvas, (bx, cy - 30, bx + 38, cy + 26), g)
        else:
            canvas.panel(
                (bx, cy - 30, bx + 38, cy + 26), mix(P.background, P.panel, 0.3), radius=6, outline=P.panel_edge
            )
            holder = shown["elements"][g]  # a faint stone in the holder's colour: where this element went
            canvas.rounded((bx + 12, cy - 9, bx + 26, cy + 5), 7, None, palette.seat(holder), 2)
    # Status, right.
    sx = ex + 3 * 44 + 16
    _status(canvas, shown, (sx, y0 + 14, x1 - 14, y1 - 14), names, tr)


def _status(canvas: Canvas, shown: Inputs, box: tuple[float, float, float, float], names: list[str], tr: Tr) -> None:
    x0, y0, x1, _ = box
    over = shown["over"]
    w = int(x1 - x0)
    if shown["match"]:
        title = tr("getgem.board.title_match", game=shown["match"]["game_no"], turn=shown["turn_no"])
    else:
        title = tr("getgem.board.title", turn=shown["turn_no"])
    canvas.text((x0, y0 + 4), title.replace("**", ""), 14, palette.MUTED, anchor="lm", max_width=w)
    if over is not None:
        if over["winners"]:
            text = tr("pictures.wins", name=", ".join(fit(_name(names, s, tr), 20, True, 240) for s in over["winners"]))
            colour = palette.GOLD
        else:
            text, colour = tr("pictures.draw"), palette.WHITE
        parts.crown(canvas, (x0 + 10, y0 + 48), 10, colour)
        rows = parts.wrap(text, 20, True, w - 28, 2)
        for i, row in enumerate(rows):
            canvas.text((x0 + 28, y0 + 40 + i * 26), row, 20, colour, bold=True, anchor="lm")
        reveal = over["reveal"]
        if reveal is not None:  # the winning hand, shown face up to everyone by the rules
            top = y0 + 40 + len(rows) * 26
            step = min(30, (w - 28) / max(1, len(reveal)))
            for i, card_type in enumerate(reveal[:12]):
                cx = x0 + 28 + i * step
                face(canvas, (cx, top, cx + 26, top + 36), card_type, None)
        return
    line = _waiting(shown, names, tr)
    turn = shown["turn"]
    canvas.text((x0, y0 + 38), parts.MARKER, 16, palette.seat(turn), anchor="lm")
    for i, row in enumerate(parts.wrap(line, 17, True, w - 22, 4)):
        canvas.text((x0 + 22, y0 + 38 + i * 23), row, 17, palette.WHITE, bold=True, anchor="lm")


def _waiting(shown: Inputs, names: list[str], tr: Tr) -> str:
    """What the table waits for, as the board's text says it, with names cut short to leave room for the sentence."""
    short = [fit(name, 17, True, 150) for name in names]
    return waiting_sentence(shown["pending"], shown["phase"], shown["turn"], short, tr, _plain_effect)


def _plain_effect(tr: Tr, effect: str) -> str:
    return tr(f"getgem.effect.{effect}")


# --------------------------------------------------------------------------- hand


def hand_inputs(view: View, seat: int) -> Inputs:
    """What ``seat``'s hand picture shows, from that seat's view: card types, not ids (two fires swapped: no change)."""
    cat = view["cat"]
    return {
        "cards": [cat[c] for c in sorted(view["hand"] or [], key=lambda c: (TYPES.index(cat[c]), c))],
        "active": seat in view["to_act"],
        "held": [g for g in ELEMENTS if view["elements"][g] == seat],
        "decl": [cat[card] for card in view["decl"][seat]],
        "known": [[o, [cat[c] for c in ids[:12]]] for o, ids in enumerate(view["known"] or []) if ids and o != seat],
    }


def hand(view: View, seat: int, names: list[str], tr: Tr) -> bytes:
    """One seat's picture, from that seat's view: its cards face up, elements and declaration, what it has seen."""
    return draw_hand(hand_inputs(view, seat), seat, names, tr)


def draw_hand(shown: Inputs, seat: int, names: list[str], tr: Tr) -> bytes:
    """``seat``'s hand picture from :func:`hand_inputs` alone (so a picture kept by them is never stale)."""
    cards = shown["cards"]
    per_row = max(6, (len(cards) + 1) // 2) if len(cards) > 7 else max(1, len(cards))
    card_w = min(104, (WIDTH - 2 * M - GAP * (per_row - 1)) / max(per_row, 6))
    card_h = card_w * 1.38
    nrows = max(1, -(-len(cards) // per_row))
    known = shown["known"]
    held = shown["held"]
    decl = shown["decl"]
    extra = (60 if held or decl else 0) + 46 * len(known)
    height = int(M + 44 + nrows * (card_h + GAP) + extra + M)
    canvas = Canvas(WIDTH, height, P.background)
    colour = palette.seat(seat)
    parts.plate(
        canvas,
        (M, M, WIDTH - M, M + 36),
        _name(names, seat, tr),
        colour,
        active=shown["active"],
        right=f"{tr('pictures.your_hand')} · {len(cards)}",
        panel=P.panel,
    )
    y = M + 50
    for i, card_type in enumerate(cards):
        r, c = divmod(i, per_row)
        x = M + c * (card_w + GAP)
        face_tile(canvas, (x, y + r * (card_h + GAP), x + card_w, y + r * (card_h + GAP) + card_h), card_type, tr)
    if not cards:
        canvas.text((WIDTH / 2, y + card_h / 2), tr("pictures.empty_hand"), 16, palette.DIM, anchor="mm")
    y += nrows * (card_h + GAP) + 6
    x = M
    for g in held:
        element_card(canvas, (x, y, x + 34, y + 46), g)
        x += 40
    if decl:
        x += 10
        for card_type in decl:
            face(canvas, (x, y, x + 34, y + 46), card_type, None)
            x += 40
        canvas.text((x + 4, y + 14), tr("pictures.declared"), 14, palette.GOLD, bold=True, anchor="lm")
        canvas.text((x + 4, y + 34), tr("pictures.take_backs", n=len(decl)), 14, palette.MUTED, anchor="lm")
    y += 60 if held or decl else 0
    for o, ids in known:
        canvas.text((M, y + 18), f"{tr('pictures.you_know')}:", 14, palette.MUTED, anchor="lm")
        nx = M + 90
        w = canvas.text((nx, y + 18), _name(names, o, tr), 15, palette.seat(o), bold=True, anchor="lm", max_width=260)
        cx = nx + w + 12
        for card_type in ids:
            face(canvas, (cx, y, cx + 28, y + 38), card_type, None)
            cx += 32
        y += 46
    return canvas.png()
