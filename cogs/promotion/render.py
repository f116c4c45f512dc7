"""Words and a picture for Promotion (the render contract in :mod:`bot.gameui`).

Everything is built from a view (``rules.view``) and the seat names, so the
same code serves the channel board (spectator view), a player's private
message (their own view) and their buttons.  Picks are never read from
anywhere but the view, so a board cannot leak what the view hides.

The picture: orientation is hard to follow in text, so :func:`postcard_png`
draws the postcard in its current orientation with each player's panel on
the side facing them.  Seats sit 0 bottom, 1 right, 2 top, 3 left, which makes
SPIN90° (seat s then faces what seat s+1 faced) look like the clockwise
quarter turn the card's text promises.  It uses only Pillow's bundled default
font, which has no suit symbols and no Japanese, so suits are drawn as shapes
and names are reduced to the characters the font has (falling back to "P1"..).
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Action, Event, View
from bot.gameui import Board, Control
from bot.i18n import Tr

from . import postcard
from .postcard import SPECIAL_NAME, SUIT_SYMBOL, SUITS, Side

DRAWS_PICTURES = True
"""The board carries a picture (tens of ms of CPU): the presenter builds it off the event loop."""
SEATS = 4
LABEL_MAX = 80
LOG_LINES = 10
_QUIET = frozenset({"picked", "round_end"})
IMAGE_SIZE = (600, 600)


# --------------------------------------------------------------------------- small text helpers


def _sides(view: View) -> tuple[Side, ...]:
    return postcard.LAYOUTS[view["options"]["postcard"]]


def card(suit: str, value: int | None) -> str:
    """``♠7`` -- the one spelling of a card everywhere in text."""
    return f"{SUIT_SYMBOL[suit]}{value if value is not None else '?'}"


def _pair(pair: Sequence[str]) -> str:
    return "".join(SUIT_SYMBOL[s] for s in pair)


def _field_text(view: View, seat: int) -> str:
    field = view["field"][seat]
    return " ".join(card(s, field[s]) for s in SUITS if s in field) or "—"


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _names(names: list[str], seats: Sequence[int]) -> str:
    return ", ".join(_name(names, s) for s in seats)


def _cut(text: str, limit: int = LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _side_label(side: Side) -> str:
    return f"{side.letter} · {SPECIAL_NAME[side.special]}"


def _rows_text(side: Side) -> str:
    return " ".join(_pair(side.row(row)) for row in (2, 3, 4))


def _skipped_text(skipped: list[list[int]], names: list[str], tr: Tr) -> str:
    if not skipped:
        return ""
    cards = ", ".join(f"{v} ({_name(names, h)})" if h >= 0 else str(v) for v, h in skipped)
    return tr("promotion.skipped", cards=cards)


def _next_up(pile: list[int], value: int) -> int | None:
    higher = [c for c in pile if c > value]
    return min(higher) if higher else None


def _next_down(pile: list[int], value: int) -> int | None:
    lower = [c for c in pile if c < value]
    return max(lower) if lower else None


# --------------------------------------------------------------------------- status


def _status(view: View, names: list[str], tr: Tr) -> str:
    """One line: who must do what now (or how the game ended)."""
    phase = view["phase"]
    acting = view["to_act"]
    if phase == "over":
        if view["reason"] == "king":
            return tr("promotion.status.king", names=_names(names, view["winners"]))
        return tr("promotion.status.draw", rounds=view["round"])
    who = _name(names, acting[0]) if acting else ""
    if phase == "pick":
        return tr("promotion.status.pick", names=_names(names, acting))
    if phase == "choose":
        return tr(f"promotion.status.choose.{view['pending']['kind']}", name=who)
    return tr(f"promotion.status.{phase}", name=who)


def _pick_status(view: View, seat: int, tr: Tr) -> str:
    if view["phase"] in ("suit", "name"):
        return ""
    if view["revealed"]:
        pick = view["picks"][seat]
        return tr("promotion.board.picked_row", row=pick) if pick is not None else ""
    if view["phase"] != "pick":
        return ""
    return tr("promotion.board.picked_yes") if view["picked"][seat] else tr("promotion.board.picked_no")


def board(view: View, names: list[str], tr: Tr) -> Board:
    """The channel board: status, every player's field, the supply, the postcard, the log, a picture."""
    sides = _sides(view)
    title = (
        tr("promotion.title.setup") if view["round"] == 0 else tr("promotion.title.round", round=view["round"])
    )
    fields: list[tuple[str, str]] = []
    for s in range(SEATS):
        head = f"P{s + 1} · {_name(names, s)}"
        if s == view["parent"] and view["phase"] != "over":
            head += " " + tr("promotion.board.parent_mark")
        lines = [_field_text(view, s)]
        if view["row_suit"][s] is not None:
            lines.append(tr("promotion.board.row_cards", suit=SUIT_SYMBOL[view["row_suit"][s]]))
        if view["round"] > 0:
            lines.append(tr("promotion.board.faces", side=_side_label(sides[view["sides"][s]])))
        status = _pick_status(view, s, tr)
        if status:
            lines.append(status)
        fields.append((head, "\n".join(lines)))
    supply = "\n".join(
        f"{SUIT_SYMBOL[s]} " + (" ".join(str(v) for v in view["supply"][s]) or "—") for s in SUITS
    )
    fields.append((tr("promotion.board.supply"), supply))
    if view["round"] > 0:
        card_lines = [
            f"{_side_label(sides[view['sides'][s]])} → {_name(names, s)}" for s in range(SEATS)
        ]
        fields.append((tr("promotion.board.postcard"), "\n".join(card_lines)))
    # "X has picked" lines are left out: the player fields already say who has picked.
    shown = [e for e in view["log"] if e["kind"] not in _QUIET][-LOG_LINES:]
    log = [event(Event.from_json(e), names, tr) for e in shown]
    if log:
        fields.append((tr("promotion.board.log"), _cut("\n".join(log), 1024)))
    footer = tr("promotion.board.footer", max_rounds=view["options"]["max_rounds"])
    return Board(
        title=title,
        description=_status(view, names, tr),
        fields=fields,
        image_png=postcard_png(view, names),
        footer=footer,
    )


def private(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``seat``'s private message: its cards, what it faces, its secret pick, and what to do."""
    sides = _sides(view)
    lines = [tr("promotion.private.field", cards=_field_text(view, seat))]
    if view["round"] > 0:
        side = sides[view["sides"][seat]]
        lines.append(
            tr(
                "promotion.private.faces",
                side=_side_label(side),
                order=side.order,
                rows=" · ".join(f"{row} {_pair(side.row(row))}" for row in (2, 3, 4)),
            )
        )
    pick = view["picks"][seat]
    if view["phase"] == "pick":
        if pick is None:
            lines.append(tr("promotion.private.pick_now"))
        else:
            lines.append(tr("promotion.private.picked", row=pick))
    elif seat in view["to_act"]:
        lines.append(_status(view, names, tr))
    return "\n".join(lines)


# --------------------------------------------------------------------------- buttons


def control(action: Action, view: View, seat: int, names: list[str], tr: Tr) -> Control:
    """The button for one legal action, worded from what ``seat`` faces and holds."""
    sides = _sides(view)
    kind = action["type"]
    field = view["field"][seat]
    supply = view["supply"]
    style, row = "secondary", None
    if kind == "suit":
        label = tr("promotion.control.suit", suit=SUIT_SYMBOL[action["suit"]],
                   suit_name=tr(f"promotion.suit.{action['suit']}"))
    elif kind == "name":
        suit = action["suit"]
        label = tr("promotion.control.name", suit=SUIT_SYMBOL[suit],
                   suit_name=tr(f"promotion.suit.{suit}"), card=card(suit, supply[suit][0]))
    elif kind == "orient":
        side = postcard.facing(sides, seat, action["r"])
        label = tr("promotion.control.orient", side=_side_label(side), rows=_rows_text(side))
        style = "primary" if action["r"] == view["r"] else "secondary"
    elif kind == "turn":
        side = postcard.facing(sides, seat, view["r"] + (2 if action["turn"] else 0))
        key = "promotion.control.turn_yes" if action["turn"] else "promotion.control.turn_no"
        label = tr(key, side=_side_label(side))
        style = "primary" if action["turn"] else "secondary"
    elif kind == "pick":
        side = postcard.facing(sides, seat, view["r"])
        number = action["row"]
        if number == 1:
            label = tr("promotion.control.pick_special", special=SPECIAL_NAME[side.special], order=side.order)
        else:
            moves = []
            for s in side.row(number):
                up = _next_up(supply[s], field[s])
                moves.append(f"{card(s, field[s])}→{up if up is not None else '—'}")
            label = tr("promotion.control.pick_row", row=number, suits=_pair(side.row(number)),
                       moves=" ".join(moves))
        style = "success" if view["picks"][seat] == number else "primary"
    elif kind == "down":
        suit = action["suit"]
        low = _next_down(supply[suit], field[suit])
        label = (
            tr("promotion.control.down", card=card(suit, field[suit]), new=card(suit, low))
            if low is not None
            else tr("promotion.control.down_none", card=card(suit, field[suit]))
        )
    elif kind == "change":
        target, suit = action["seat"], action["suit"]
        label = tr("promotion.control.change", name=_name(names, target),
                   theirs=card(suit, view["field"][target][suit]), mine=card(suit, field[suit]))
        row = (target - seat - 1) % SEATS
    elif kind == "wild":
        suit = action["suit"]
        up = _next_up(supply[suit], field[suit])
        label = (
            tr("promotion.control.wild", card=card(suit, field[suit]), new=card(suit, up))
            if up is not None
            else tr("promotion.control.wild_none", card=card(suit, field[suit]))
        )
        style = "primary" if up is not None else "secondary"
    else:
        label = str(action)
    return Control(label=_cut(label), style=style, row=row)


# --------------------------------------------------------------------------- events


def event(ev: Event, names: list[str], tr: Tr) -> str:
    """One log line per event, in the reader's language."""
    a = ev.args
    k = ev.kind
    n = _name(names, a["seat"]) if isinstance(a.get("seat"), int) else ""
    if k in ("row_suit", "named"):
        return tr(f"promotion.event.{k}", name=n, suit=SUIT_SYMBOL[a["suit"]],
                  suit_name=tr(f"promotion.suit.{a['suit']}"))
    if k == "dealt":
        cards = ", ".join(f"{_name(names, s)} {card(a['suit'], v)}" for s, v in a["cards"])
        return tr("promotion.event.dealt", cards=cards)
    if k == "round":
        return tr("promotion.event.round", round=a["round"], name=_name(names, a["parent"]))
    if k in ("oriented", "spin"):
        return tr(f"promotion.event.{k}", name=n, faces=_faces(a["sides"], names))
    if k == "turned":
        key = "promotion.event.turned" if a["turned"] else "promotion.event.not_turned"
        return tr(key, name=n, faces=_faces(a["sides"], names))
    if k == "picked":
        return tr("promotion.event.picked", name=n)
    if k == "pick":
        key = "promotion.event.pick_changed" if a.get("changed") else "promotion.event.pick"
        return tr(key, row=a["row"])
    if k == "revealed":
        picks = ", ".join(tr("promotion.event.revealed_one", name=_name(names, s), row=p)
                          for s, p in enumerate(a["picks"]))
        return tr("promotion.event.revealed", picks=picks)
    if k == "revealed_row1":
        return tr("promotion.event.revealed_row1", names=_names(names, a["seats"]))
    if k in ("special", "special_missed"):
        return tr(f"promotion.event.{k}", name=n, special=SPECIAL_NAME[a["special"]], order=a["order"])
    if k == "await":
        return tr(f"promotion.status.choose.{a['kind']}", name=n)
    if k in ("down_move", "raise", "wild"):
        line = tr(f"promotion.event.{k}", name=n, old=card(a["suit"], a["old"]), new=card(a["suit"], a["new"]),
                  row=a.get("row", ""))
        skipped = _skipped_text(a["skipped"], names, tr)
        return f"{line}: {skipped}" if skipped else line
    if k in ("down_none", "raise_none"):
        return tr(f"promotion.event.{k}", name=n, card=card(a["suit"], a["value"]), row=a.get("row", ""))
    if k == "wild_none":
        return tr("promotion.event.wild_none", name=n)
    if k == "change":
        return tr("promotion.event.change", name=n, target=_name(names, a["target"]),
                  took=card(a["suit"], a["took"]), gave=card(a["suit"], a["gave"]))
    if k == "row":
        picks = ", ".join(f"{_name(names, s)} {_pair(p)}" for s, p in zip(a["seats"], a["suits"], strict=True))
        line = tr("promotion.event.row", row=a["row"], picks=picks)
        for suit, seats in a["clashes"]:
            line += " " + tr("promotion.event.clash", suit=SUIT_SYMBOL[suit], names=_names(names, seats))
        return line
    if k == "king":
        return tr("promotion.event.king", names=_names(names, a["seats"]))
    if k == "round_end":
        return tr("promotion.event.round_end", round=a["round"])
    if k == "draw":
        return tr("promotion.event.draw", rounds=a["rounds"])
    return k


def _faces(sides: list[int], names: list[str]) -> str:
    return ", ".join(f"{_name(names, s)} {chr(ord('A') + side)}" for s, side in enumerate(sides))


def rules_text(tr: Tr, layout: str = postcard.DEFAULT_LAYOUT) -> str:
    """The rules summary plus the postcard table of ``layout`` (symbols read the same in every language)."""
    table = "\n".join(
        f"{side.letter}: 1 {SPECIAL_NAME[side.special]} ({side.order}) | "
        + " | ".join(f"{row} {_pair(side.row(row))}" for row in (2, 3, 4))
        for side in postcard.LAYOUTS[layout]
    )
    return tr("promotion.rules") + "\n\n" + tr("promotion.rules.table") + "\n" + table


# --------------------------------------------------------------------------- the picture

SIDE_COLOURS = ("#d9534f", "#3f7fbf", "#4fa34f", "#e39a2d")
"""Side A-D colours: the panel header of whoever faces a side matches that side on the card."""
SIDE_TINTS = ("#f6d5d4", "#d3e2f1", "#d6ecd6", "#f8e4c6")
BACKGROUND = "#26473a"
PANEL = "#fbfaf6"
INK = "#1e1e1e"
RED = "#c62828"
PICK = "#ffd54a"
SUIT_COLOURS = {"S": INK, "H": RED, "D": "#1565c0", "C": "#2e7d32"}
"""A four-colour deck (as online card rooms use): at 14-18 px ♠/♣ and ♥/♦ differ by colour, not just shape."""

_CARD = (215, 215, 385, 385)
_PANELS = {  # seat -> panel box; 0 bottom, 1 right, 2 top, 3 left (see the module docstring)
    0: (205, 415, 395, 593),
    1: (415, 205, 593, 395),
    2: (205, 7, 395, 185),
    3: (7, 205, 185, 395),
}
# Where each seat's edge of the card lies, as (triangle points, label centre).
_EDGE = {
    0: (((215, 385), (385, 385), (300, 300)), (300, 356)),
    1: (((385, 215), (385, 385), (300, 300)), (356, 300)),
    2: (((215, 215), (385, 215), (300, 300)), (300, 244)),
    3: (((215, 215), (215, 385), (300, 300)), (244, 300)),
}


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=256)
def _has_glyph(ch: str) -> bool:
    """Whether the default font draws ``ch`` (its mask differs from the missing-glyph box)."""
    font = _font(18)

    def sig(c: str) -> tuple[tuple[int, int], bytes]:
        mask = font.getmask(c)
        return mask.size, bytes(mask)

    return ch == " " or sig(ch) != sig("\U0010fffd")


def picture_name(name: str, seat: int) -> str:
    """``name`` reduced to what the default font can draw (accents dropped), else ``P<n>``."""
    plain = unicodedata.normalize("NFKD", name)
    kept = "".join(c for c in plain if not unicodedata.combining(c) and _has_glyph(c)).strip()
    return kept if kept else f"P{seat + 1}"


def _fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with "..." until it fits ``width`` pixels at font ``size``."""
    font = _font(size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "...") > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _suit_shape(d: ImageDraw.ImageDraw, suit: str, x: float, y: float, size: float) -> None:
    """Draw a suit symbol in the box (x, y, size): the default font has none."""
    colour = SUIT_COLOURS[suit]
    cx, q = x + size / 2, size / 4
    if suit == "D":
        d.polygon([(cx, y), (x + size * 0.85, y + size / 2), (cx, y + size), (x + size * 0.15, y + size / 2)],
                  fill=colour)
    elif suit == "H":
        d.ellipse((x + 0.02 * size, y + 0.08 * size, cx + 0.02 * size, y + 0.56 * size), fill=colour)
        d.ellipse((cx - 0.02 * size, y + 0.08 * size, x + 0.98 * size, y + 0.56 * size), fill=colour)
        d.polygon([(x + 0.06 * size, y + 0.42 * size), (x + 0.94 * size, y + 0.42 * size), (cx, y + size)],
                  fill=colour)
    elif suit == "S":
        d.polygon([(cx, y), (x + 0.94 * size, y + 0.55 * size), (x + 0.06 * size, y + 0.55 * size)], fill=colour)
        d.ellipse((x + 0.02 * size, y + 0.34 * size, cx + 0.02 * size, y + 0.76 * size), fill=colour)
        d.ellipse((cx - 0.02 * size, y + 0.34 * size, x + 0.98 * size, y + 0.76 * size), fill=colour)
        d.polygon([(cx, y + 0.55 * size), (cx + q * 0.8, y + size), (cx - q * 0.8, y + size)], fill=colour)
    else:  # clubs: three clearly separate lobes and a thin stem, so it never reads as a spade
        r = size * 0.2
        for ox, oy in ((cx, y + r + 0.02 * size), (x + r + 0.02 * size, y + 0.55 * size),
                       (x + size - r - 0.02 * size, y + 0.55 * size)):
            d.ellipse((ox - r, oy - r, ox + r, oy + r), fill=colour)
        d.polygon([(cx, y + 0.3 * size), (cx + 0.1 * size, y + 0.7 * size), (cx - 0.1 * size, y + 0.7 * size)],
                  fill=colour)
        d.polygon([(cx, y + 0.55 * size), (cx + q * 0.9, y + size), (cx - q * 0.9, y + size)], fill=colour)


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: str = INK,
          anchor: str = "la") -> float:
    """Draw text; returns its width so callers can continue the line."""
    font = _font(size)
    d.text(xy, text, font=font, fill=fill, anchor=anchor)
    return font.getlength(text)


def _check_mark(d: ImageDraw.ImageDraw, right: float, bottom: float, size: float, fill: str) -> None:
    """A drawn tick ("has picked"): the bundled font has no ✓, and a word would be English in every language."""
    x0, y0 = right - size, bottom - size
    points = [(x0, y0 + size * 0.55), (x0 + size * 0.38, bottom), (right, y0)]
    d.line(points, fill=fill, width=max(2, round(size / 6)), joint="curve")


def _clockwise_arrow(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: str) -> None:
    """A drawn ↻ (the font has no arrows): an open circle with its head pointing clockwise."""
    import math

    start, end = -60, 240  # PIL's angles run clockwise from 3 o'clock; the gap is at the top
    d.arc((cx - r, cy - r, cx + r, cy + r), start, end, fill=fill, width=2)
    a = math.radians(end)
    px, py = cx + r * math.cos(a), cy + r * math.sin(a)
    tx, ty = -math.sin(a), math.cos(a)  # the clockwise direction at the arc's end
    head = r * 0.75
    d.polygon(
        [
            (px + tx * head, py + ty * head),
            (px - ty * head / 2, py + tx * head / 2),
            (px + ty * head / 2, py - tx * head / 2),
        ],
        fill=fill,
    )


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: str) -> None:
    import math

    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + rad * math.cos(angle), cy + rad * math.sin(angle)))
    d.polygon(points, fill=fill)


def _panel(d: ImageDraw.ImageDraw, view: View, seat: int, name: str, side: Side, side_no: int) -> None:
    """One player's panel: name, the side they face with its four rows, their field cards."""
    x0, y0, x1, y1 = _PANELS[seat]
    # A gold ring marks whoever must choose now (outside the secret pick) and the winners.
    choosing = view["phase"] not in ("pick", "over") and seat in view["to_act"]
    if choosing or seat in view["winners"]:
        d.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=13, outline=PICK, width=4)
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PANEL, outline=SIDE_COLOURS[side_no], width=3)
    d.rounded_rectangle((x0, y0, x1, y0 + 28), radius=10, fill=SIDE_COLOURS[side_no])
    d.rectangle((x0, y0 + 18, x1, y0 + 28), fill=SIDE_COLOURS[side_no])
    header_x = x0 + 8
    if seat == view["parent"] and view["phase"] != "over":
        _star(d, header_x + 8, y0 + 14, 9, "#fff3a0")
        header_x += 20
    room = x1 - 30 - header_x - (22 if seat in view["winners"] else 0)
    _text(d, (header_x, y0 + 14), _fit(f"{seat + 1} {name}", 17, room), 17, fill="white", anchor="lm")
    _text(d, (x1 - 8, y0 + 14), side.letter, 18, fill="white", anchor="rm")
    if seat in view["winners"]:
        _text(d, (x1 - 26, y0 + 14), "K!", 17, fill="#fff3a0", anchor="rm")

    revealed_pick = view["picks"][seat] if view["revealed"] else None
    top = y0 + 34
    line_h = 25
    for row in (1, 2, 3, 4):
        y = top + (row - 1) * line_h
        if revealed_pick == row:
            d.rounded_rectangle((x0 + 4, y - 2, x1 - 4, y + line_h - 4), radius=5, fill=PICK)
        _text(d, (x0 + 10, y + 10), str(row), 17, fill="#666666", anchor="lm")
        if row == 1:
            _text(d, (x0 + 30, y + 10), f"{SPECIAL_NAME[side.special]} ({side.order})", 17, anchor="lm")
        else:
            for i, suit in enumerate(side.row(row)):
                _suit_shape(d, suit, x0 + 32 + i * 24, y + 1, 18)
    # Field cards, one per suit.
    y = top + 4 * line_h + 6
    d.line((x0 + 8, y - 3, x1 - 8, y - 3), fill="#cccccc", width=1)
    x = x0 + 8
    field = view["field"][seat]
    for suit in SUITS:
        if suit not in field:
            continue
        _suit_shape(d, suit, x, y + 3, 14)
        value = field[suit]
        colour = SUIT_COLOURS[suit]
        x += 16 + _text(d, (x + 16, y + 10), str(value), 16, fill=colour, anchor="lm") + 7
    # Before the reveal: only whether this seat has picked.
    if view["phase"] == "pick" and not view["revealed"]:
        if view["picked"][seat]:
            _check_mark(d, x1 - 8, y1 - 8, 12, "#2e7d32")
        else:
            _text(d, (x1 - 8, y1 - 6), "...", 15, fill="#999999", anchor="rd")


def postcard_png(view: View, names: list[str]) -> bytes:
    """The postcard in its current orientation with every player's panel, as PNG bytes (600×600)."""
    sides = _sides(view)
    img = Image.new("RGB", IMAGE_SIZE, BACKGROUND)
    d = ImageDraw.Draw(img)
    # The card: four triangles, each tinted like the side it is and labelled at the edge facing its player.
    d.rectangle(_CARD, fill=PANEL)
    for seat in range(SEATS):
        side_no = view["sides"][seat]
        points, (lx, ly) = _EDGE[seat]
        d.polygon(points, fill=SIDE_TINTS[side_no], outline=SIDE_COLOURS[side_no])
        side = sides[side_no]
        _text(d, (lx, ly - 9), side.letter, 20, fill=SIDE_COLOURS[side_no], anchor="mm")
        _text(d, (lx, ly + 10), SPECIAL_NAME[side.special], 13, anchor="mm")
    d.rectangle(_CARD, outline=INK, width=2)
    for seat in range(SEATS):
        side_no = view["sides"][seat]
        _panel(d, view, seat, picture_name(_name(names, seat), seat), sides[side_no], side_no)
    # Corner notes: round and turn direction, language-neutral (numbers, the card's own word SPIN90, a drawn arrow).
    if view["round"] > 0:
        _text(d, (14, 14), f"R{view['round']}", 22, fill="white")
    _text(d, (586, 14), f"r={view['r']}", 18, fill="#bcd7c8", anchor="ra")
    _clockwise_arrow(d, 577, 577, 7, "#bcd7c8")
    _text(d, (562, 586), "SPIN90", 12, fill="#bcd7c8", anchor="rd")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
