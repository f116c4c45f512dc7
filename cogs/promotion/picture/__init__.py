"""The board picture: the postcard as it lies, each player's panel on their side, the supply piles.

Drawn from the spectator view only (the channel board), so it cannot show a
hidden pick: two true states with the same spectator view give byte-identical
PNGs (tested).  Layout, seen from above:

* seats run **clockwise in turn order** on screen: seat 1 bottom, seat 2 left,
  seat 3 top, seat 4 right -- the player to your left is the next seat, as at
  a real table, and the card in the middle lies as it does on the table;
  SPIN90° then visibly turns it clockwise (each side moves from a player to
  their left-hand neighbour), never mirrored;
* the four supply piles sit in the corners (♠ ♥ top, ♦ ♣ bottom);
* each panel: name (star = parent, crown = winner), the side faced with its
  four rows (the picked row highlighted once revealed), the field cards, and
  what the last reveal did to that player: their row, clashes (✖) and every
  card that moved (♥7→10).

No words: only numbers, suit shapes and the card's own printed names, so one
picture serves every language.  All font loading is in :func:`font`.

``board(view, ...)`` is ``draw_board(board_inputs(view), ...)``: the drawing
reads only what :func:`board_inputs` takes from the view (the last reveal's
recap instead of the log), which is what a kept picture is keyed by.
"""

from __future__ import annotations

import unicodedata
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.engine import View
from bot.pictures import Inputs, encoding, fonts, tiles

from .. import postcard
from ..postcard import SPECIAL_NAME, SUITS, Side
from ..recap import SeatRecap, recap
from .shapes import clash_mark, crown, star, suit_shape, tick

SEATS = 4
IMAGE_SIZE = (640, 640)
SIDE_COLOURS = ("#d9534f", "#3f7fbf", "#4fa34f", "#e39a2d")
"""Side A-D colours: the panel of whoever faces a side is framed in that side's colour."""
SIDE_TINTS = ("#f6d5d4", "#d3e2f1", "#d6ecd6", "#f8e4c6")
BACKGROUND = "#26473a"
TRAY = "#1f3b30"
PANEL = "#fbfaf6"
INK = "#1e1e1e"
MUTED = "#777777"
PICK = "#ffd54a"
UP, DOWN, SWAP = "#2e7d32", "#c62828", "#1565c0"
SUIT_COLOURS = {"S": INK, "H": "#c62828", "D": "#1565c0", "C": "#2e7d32"}
"""A four-colour deck (as online card rooms use): at 14-18 px ♠/♣ and ♥/♦ differ by colour, not just shape."""

_CARD = (236, 236, 404, 404)
_MID = 320
_PANELS = {  # seat -> panel box: clockwise on screen from the bottom (see the module docstring)
    0: (220, 430, 420, 630),
    1: (10, 220, 210, 420),
    2: (220, 10, 420, 210),
    3: (430, 220, 630, 420),
}
_EDGE = {  # seat -> (the card's triangle on that seat's edge, label centre)
    0: (((236, 404), (404, 404), (_MID, _MID)), (_MID, 372)),
    1: (((236, 236), (236, 404), (_MID, _MID)), (268, _MID)),
    2: (((236, 236), (404, 236), (_MID, _MID)), (_MID, 268)),
    3: (((404, 236), (404, 404), (_MID, _MID)), (372, _MID)),
}
_PILES = {"S": (10, 10), "H": (430, 10), "D": (10, 430), "C": (430, 430)}  # corner boxes, 200 x 200
PILE = 200

def font(size: int) -> ImageFont.FreeTypeFont:
    """The one place fonts are loaded: Kado's bundled Noto Sans subset (never the host's fonts)."""
    return fonts.font(size)


def has_glyph(ch: str) -> bool:
    """Whether :func:`font` draws ``ch`` (the bundled subset's coverage)."""
    return ch == " " or fonts.covers(ch)


@lru_cache(maxsize=256)
def picture_name(name: str, seat: int) -> str:
    """``name`` reduced to what :func:`font` can draw (accents dropped if need be), else ``P<n>``."""
    if all(has_glyph(c) for c in name) and name.strip():
        return name.strip()
    plain = unicodedata.normalize("NFKD", name)
    kept = "".join(c for c in plain if not unicodedata.combining(c) and has_glyph(c)).strip()
    return kept if kept else f"P{seat + 1}"


def _arrow() -> str:
    return "→" if has_glyph("→") else ">"


@lru_cache(maxsize=4096)
def _sprite(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int, float]:
    """``text`` rendered once as a mask (with its offset from the anchor point and its advance width).

    A board draws the same few dozen strings (card values, names, the card's
    words) again and again; rendering each through FreeType once and pasting
    the mask afterwards keeps a whole picture within a few milliseconds.
    """
    f = font(size)
    left, top, right, bottom = (round(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top, f.getlength(text)


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: str = INK,
          anchor: str = "la") -> float:
    """Draw text (from the sprite cache); returns its width so callers can continue the line."""
    mask, left, top, width = _sprite(text, size, anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)
    return width


def _width(text: str, size: int) -> float:
    return _sprite(text, size, "la")[3]


@lru_cache(maxsize=256)
def _fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with "…" until it fits ``width`` pixels at ``size``."""
    f = font(size)
    if _width(text, size) <= width:
        return text
    dots = "…" if has_glyph("…") else "..."
    while text and f.getlength(text + dots) > width:
        text = text[:-1]
    return text.rstrip() + dots


# --------------------------------------------------------------------------- the card and the piles


def _card(d: ImageDraw.ImageDraw, shown: Inputs, sides: tuple[Side, ...]) -> None:
    """Four triangles, each tinted like its side, labelled at the edge of the player facing it."""
    d.rectangle(_CARD, fill=PANEL)
    for seat in range(SEATS):
        side_no = shown["sides"][seat]
        points, (lx, ly) = _EDGE[seat]
        d.polygon(points, fill=SIDE_TINTS[side_no], outline=SIDE_COLOURS[side_no])
        side = sides[side_no]
        draw_text(d, (lx, ly - 9), side.letter, 20, fill=SIDE_COLOURS[side_no], anchor="mm")
        draw_text(d, (lx, ly + 11), SPECIAL_NAME[side.special], 12, anchor="mm")
    d.rectangle(_CARD, outline=INK, width=2)


def _pile_tile(img: Image.Image, suit: str, values: list[int]) -> None:
    """:func:`_pile` drawn once per content and pasted: a supply pile changes a few times a game, not every pick."""
    key = ("promotion.pile", suit, tuple(values))
    piece = tiles.get(key)
    if piece is None:
        piece = Image.new("RGB", (PILE, PILE), BACKGROUND)
        _pile(ImageDraw.Draw(piece), suit, values, at=(0, 0))
        tiles.put(key, piece)
    img.paste(piece, _PILES[suit])


def _pile(d: ImageDraw.ImageDraw, suit: str, values: list[int], at: tuple[int, int] | None = None) -> None:
    """One supply pile: its suit, then every card in it, face up and sorted."""
    x0, y0 = _PILES[suit] if at is None else at
    d.rounded_rectangle((x0 + 6, y0 + 6, x0 + 194, y0 + 194), radius=12, fill=TRAY)
    suit_shape(d, suit, x0 + 82, y0 + 18, 36, "white" if suit in "SC" else SUIT_COLOURS[suit])
    w, h, gap = 32, 44, 4
    for i, value in enumerate(values):
        row, col = divmod(i, 5)
        cx = x0 + 14 + col * (w + gap)
        cy = y0 + 70 + row * (h + gap + 6)
        d.rounded_rectangle((cx, cy, cx + w, cy + h), radius=5, fill=PANEL, outline="#bbbbbb")
        draw_text(d, (cx + w / 2, cy + h / 2), str(value), 17, fill=SUIT_COLOURS[suit], anchor="mm")


# --------------------------------------------------------------------------- a player's panel


def _header(d: ImageDraw.ImageDraw, shown: Inputs, seat: int, name: str, side: Side, side_no: int) -> None:
    x0, y0, x1, _ = _PANELS[seat]
    colour = SIDE_COLOURS[side_no]
    d.rounded_rectangle((x0, y0, x1, y0 + 28), radius=10, fill=colour)
    d.rectangle((x0, y0 + 18, x1, y0 + 28), fill=colour)
    x = x0 + 8
    if seat == shown["parent"] and shown["phase"] != "over":
        star(d, x + 8, y0 + 14, 9, "#fff3a0")
        x += 20
    if seat in shown["winners"]:
        crown(d, x, y0 + 6, 20, "#ffd54a")
        x += 24
    right = x1 - 24
    if shown["phase"] == "pick" and not shown["revealed"]:
        if shown["picked"][seat]:
            tick(d, x1 - 26, y0 + 21, 13, "white")
        else:
            draw_text(d, (x1 - 26, y0 + 14), "…" if has_glyph("…") else "...", 15, fill="white", anchor="rm")
        right -= 20
    draw_text(d, (x, y0 + 14), _fit(name, 16, right - x), 16, fill="white", anchor="lm")
    draw_text(d, (x1 - 8, y0 + 14), side.letter, 18, fill="white", anchor="rm")


def _rows(d: ImageDraw.ImageDraw, shown: Inputs, seat: int, side: Side, picked: int | None) -> None:
    x0, y0, x1, _ = _PANELS[seat]
    for row in (1, 2, 3, 4):
        y = y0 + 31 + (row - 1) * 23
        if picked == row:
            d.rounded_rectangle((x0 + 4, y, x1 - 4, y + 22), radius=5, fill=PICK)
        draw_text(d, (x0 + 14, y + 11), str(row), 15, fill=MUTED, anchor="mm")
        if row == 1:
            draw_text(d, (x0 + 30, y + 11), f"{SPECIAL_NAME[side.special]} ({side.order})", 15, anchor="lm")
        else:
            for i, suit in enumerate(side.row(row)):
                suit_shape(d, suit, x0 + 31 + i * 24, y + 3, 16, SUIT_COLOURS[suit])


def _field(d: ImageDraw.ImageDraw, shown: Inputs, seat: int) -> None:
    x0, y0, x1, _ = _PANELS[seat]
    y = y0 + 128
    d.line((x0 + 8, y, x1 - 8, y), fill="#cccccc", width=1)
    x = x0 + 10
    field = shown["field"][seat]
    for suit in SUITS:
        if suit in field:
            suit_shape(d, suit, x, y + 7, 16, SUIT_COLOURS[suit])
            x += 18 + draw_text(d, (x + 18, y + 15), str(field[suit]), 18, fill=SUIT_COLOURS[suit], anchor="lm") + 8
    d.line((x0 + 8, y + 30, x1 - 8, y + 30), fill="#e3e3e3", width=1)


def _recap(d: ImageDraw.ImageDraw, seat: int, info: SeatRecap) -> None:
    """What the last reveal did to ``seat``: its row (badge), clashes (✖) and moved cards, in two lines."""
    x0, y0, x1, _ = _PANELS[seat]
    line_y = [y0 + 170, y0 + 189]
    x, line = x0 + 8, 0
    if info.pick is not None:
        d.rounded_rectangle((x, line_y[0] - 9, x + 18, line_y[0] + 9), radius=4, fill=PICK)
        draw_text(d, (x + 9, line_y[0]), str(info.pick), 14, anchor="mm")
        x += 24
    items: list[tuple[str, str | None, str]] = [(s, None, DOWN) for s in info.clashed]
    colours = {"raise": UP, "wild": UP, "down_move": DOWN, "change": SWAP, "changed": SWAP}
    items += [(s, f"{old}{_arrow()}{new}", colours[how]) for s, old, new, how in info.moves]
    if info.special == "missed":  # row 1, but the card turned to an order already past: nothing
        x += draw_text(d, (x, line_y[0]), "—", 14, fill=MUTED, anchor="lm") + 8
    elif info.special is not None:
        x += draw_text(d, (x, line_y[0]), SPECIAL_NAME[info.special], 13, fill=INK, anchor="lm") + 8
    for suit, label, colour in items:
        width = 18 + (_width(label, 14) + 4 if label else 14)
        if x + width > x1 - 6:
            if line == 1:
                break
            line, x = 1, x0 + 8
        y = line_y[line]
        suit_shape(d, suit, x, y - 8, 16, SUIT_COLOURS[suit])
        if label is None:
            clash_mark(d, x - 1, y - 9, 18, DOWN)
            x += 18 + 8
        else:
            x += 18 + draw_text(d, (x + 18, y), label, 14, fill=colour, anchor="lm") + 8


def _panel(d: ImageDraw.ImageDraw, shown: Inputs, seat: int, name: str, sides: tuple[Side, ...],
           info: SeatRecap | None) -> None:
    x0, y0, x1, y1 = _PANELS[seat]
    side_no = shown["sides"][seat]
    side = sides[side_no]
    choosing = shown["phase"] not in ("pick", "over") and seat in shown["to_act"]
    if choosing or seat in shown["winners"]:  # a gold ring: whoever must choose now, and the winners
        d.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=13, outline=PICK, width=4)
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PANEL, outline=SIDE_COLOURS[side_no], width=3)
    _header(d, shown, seat, name, side, side_no)
    # The picked row is highlighted only while this round's reveal is on (the side faced may change after).
    current = shown["revealed"] or shown["partial"]
    _rows(d, shown, seat, side, info.pick if (info and current) else None)
    _field(d, shown, seat)
    if info is not None:
        _recap(d, seat, info)


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this."""
    infos = recap(view)
    return {
        "postcard": view["options"]["postcard"],
        "supply": view["supply"],
        "sides": view["sides"],
        "parent": view["parent"],
        "phase": view["phase"],
        "to_act": view["to_act"],
        "winners": view["winners"],
        "picked": view["picked"],
        "revealed": view["revealed"],
        "partial": view.get("partial", False),
        "field": view["field"],
        "recap": None if infos is None else [asdict(info) for info in infos],
    }


def board(view: View, names: list[str], tr: Any) -> bytes:
    """The board picture for the platform (``bot.core.games.GameSpec.board_picture``): the same in every language."""
    return postcard_png(view, names)


def draw_board(shown: Inputs, names: list[str], tr: Any) -> bytes:
    """The board picture from :func:`board_inputs` alone (so a picture kept by them is never stale)."""
    return _draw(shown, names)


def postcard_png(view: View, names: list[str]) -> bytes:
    """The board picture (PNG, 640×640) from the spectator view."""
    return _draw(board_inputs(view), names)


def _draw(shown: Inputs, names: list[str]) -> bytes:
    sides = postcard.LAYOUTS[shown["postcard"]]
    img = Image.new("RGB", IMAGE_SIZE, BACKGROUND)
    d = ImageDraw.Draw(img)
    for suit in SUITS:
        _pile_tile(img, suit, shown["supply"][suit])
    _card(d, shown, sides)
    infos = shown["recap"]
    for seat in range(SEATS):
        name = names[seat] if 0 <= seat < len(names) else ""
        _panel(d, shown, seat, picture_name(name, seat), sides, SeatRecap(**infos[seat]) if infos else None)
    return encoding.encode(img, "promotion")  # 256 colours in the trained palette: ~5 ms less than an RGB PNG
