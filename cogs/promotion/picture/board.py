"""The board picture's drawing: the postcard as it lies, each player's panel on their side, the supply piles.

Layout, seen from above:

* seats run **clockwise in turn order** on screen: seat 1 bottom, seat 2 left,
  seat 3 top, seat 4 right -- the player to your left is the next seat, as at
  a real table, and the card in the middle lies as it does on the table;
  SPIN90° then visibly turns it clockwise (each side moves from a player to
  their left-hand neighbour), never mirrored;
* the four supply piles sit in the corners (♠ ♥ top, ♦ ♣ bottom);
* each panel: name (star = parent, crown = winner), the side faced with its
  four rows (the picked row highlighted once revealed, its clashed suits ✖),
  and the field cards, each suit in its own quarter, marked ▲ ▼ ◀▶ when the
  last reveal raised, lowered or changed it (the message says from what).

Drawn for a phone first: 480 px wide, no text under 15 px, which a
phone showing it 320 px wide reads at 10 px; the card in the middle carries
only its side letters, since each panel names its own special.  No words:
only numbers, suit shapes and the card's own printed names, so one picture
serves every language.  It draws with the kit's :class:`bot.pictures.canvas.Canvas`
(its fonts, text cache and encoder), on the table colours its ``game.py`` declares,
from the inputs :func:`.board_inputs` takes from the view, and nothing else.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from bot.pictures import Inputs, fonts, palette
from bot.pictures.canvas import Canvas, width
from bot.pictures.labels import seat_label
from bot.pictures.phone import TEXT, WIDTH

from ..game import ID
from ..rules import postcard
from ..rules.postcard import SPECIAL_NAME, SUITS, Side
from ..rules.state import SEATS
from .recap import SeatRecap
from .shapes import clash_mark, crown, move_mark, star, suit_shape, tick

IMAGE_SIZE = (WIDTH, 556)
"""The kit's phone width: a phone shows it about 320 px wide, so the smallest text (15 px) reads at 10 px."""
P = palette.of(ID)  # the table colours game.py declares
SIDE_COLOURS = ((217, 83, 79), (63, 127, 191), (79, 163, 79), (227, 154, 45))
"""Side A-D colours: the panel of whoever faces a side is framed in that side's colour."""
SIDE_TINTS = ((246, 213, 212), (211, 226, 241), (214, 236, 214), (248, 228, 198))
BACKGROUND = P.background
TRAY = P.panel_edge
PANEL = P.panel
INK = P.card_ink
MUTED = P.card_back_mark
PICK = P.accent
WHITE = (255, 255, 255)
UP, DOWN, SWAP = (46, 125, 50), (198, 40, 40), (21, 101, 192)
SUIT_COLOURS = {"S": INK, "H": DOWN, "D": SWAP, "C": UP}
"""A four-colour deck (as online card rooms use): at 14-18 px ♠/♣ and ♥/♦ differ by colour, not just shape."""

SMALL = TEXT
"""The smallest text: 15 px x 320/480 = 10 px on a phone."""
_COLS = (0, 156, 324, 480)  # the table as a 3 x 3 grid: piles in the corners, panels on the edges, the card inside
_ROWS = (0, 186, 370, 556)
_MID = (240, 278)
_CARD = (165, 203, 315, 353)
_PANELS = {  # seat -> panel box: clockwise on screen from the bottom (see the module docstring)
    0: (_COLS[1] + 4, _ROWS[2] + 6, _COLS[2] - 4, _ROWS[3] - 6),
    1: (6, _ROWS[1] + 4, _COLS[1] - 4, _ROWS[2] - 4),
    2: (_COLS[1] + 4, 6, _COLS[2] - 4, _ROWS[1] - 6),
    3: (_COLS[2] + 4, _ROWS[1] + 4, _COLS[3] - 6, _ROWS[2] - 4),
}
_EDGE = {  # seat -> (the card's triangle on that seat's edge, where its letter goes)
    0: (((165, 353), (315, 353), _MID), (240, 326)),
    1: (((165, 203), (165, 353), _MID), (190, 278)),
    2: (((165, 203), (315, 203), _MID), (240, 230)),
    3: (((315, 203), (315, 353), _MID), (290, 278)),
}
_PILES = {"S": (6, 6), "H": (_COLS[2] + 4, 6), "D": (6, _ROWS[2] + 6), "C": (_COLS[2] + 4, _ROWS[2] + 6)}
PILE = (146, 174)


def has_glyph(ch: str) -> bool:
    """Whether the kit's font draws ``ch`` (the bundled subset's coverage)."""
    return ch == " " or fonts.covers(ch)


@lru_cache(maxsize=256)
def picture_name(name: str, seat: int) -> str:
    """``name`` reduced to what the kit's font can draw (accents dropped if need be), else ``P<n>``."""
    if all(has_glyph(c) for c in name) and name.strip():
        return name.strip()
    plain = unicodedata.normalize("NFKD", name)
    kept = "".join(c for c in plain if not unicodedata.combining(c) and has_glyph(c)).strip()
    return kept if kept else f"P{seat + 1}"


# --------------------------------------------------------------------------- the card and the piles


def _card(c: Canvas, shown: Inputs, sides: tuple[Side, ...]) -> None:
    """Four triangles, each tinted like its side, lettered at the edge of the player facing it.

    Only the letters: each player's panel names its side's special, so the card says it once.
    """
    c.draw.rectangle(_CARD, fill=PANEL)
    for seat in range(SEATS):
        side_no = shown["sides"][seat]
        points, (lx, ly) = _EDGE[seat]
        c.draw.polygon(points, fill=SIDE_TINTS[side_no], outline=SIDE_COLOURS[side_no])
        c.text((lx, ly), sides[side_no].letter, 28, SIDE_COLOURS[side_no], anchor="mm")
    c.draw.rectangle(_CARD, outline=INK, width=2)


def _pile_tile(c: Canvas, suit: str, values: list[int]) -> None:
    """:func:`_pile` drawn once per content and pasted: a supply pile changes a few times a game, not every pick."""
    c.tile(_PILES[suit], PILE, (f"{ID}.pile480", suit, tuple(values)), lambda piece: _pile(piece, suit, values))


def _pile(c: Canvas, suit: str, values: list[int]) -> None:
    """One supply pile (in its own piece): its suit, then every card in it, face up and sorted, five a row."""
    w, h = PILE
    c.rounded((0, 0, w - 1, h - 1), 12, TRAY)
    suit_shape(c.draw, suit, w / 2 - 14, 10, 28, WHITE if suit in "SC" else SUIT_COLOURS[suit])
    cw, ch, gap = 25, 34, 3
    left = (w - 5 * cw - 4 * gap) / 2
    for i, value in enumerate(values):
        row, col = divmod(i, 5)
        cx, cy = left + col * (cw + gap), 50 + row * (ch + 6)
        c.rounded((cx, cy, cx + cw, cy + ch), 4, PANEL, (187, 187, 187))
        c.text((cx + cw / 2, cy + ch / 2), str(value), SMALL + 1, SUIT_COLOURS[suit], anchor="mm")


# --------------------------------------------------------------------------- a player's panel


def _header(c: Canvas, shown: Inputs, seat: int, name: str, side: Side, side_no: int) -> None:
    """The side's colour band: star (parent) or crown (winner), the name cut to fit, picked or not, the side letter."""
    x0, y0, x1, _ = _PANELS[seat]
    colour = SIDE_COLOURS[side_no]
    c.rounded((x0, y0, x1, y0 + 26), 10, colour)
    c.draw.rectangle((x0, y0 + 16, x1, y0 + 26), fill=colour)
    x, cy = x0 + 7, y0 + 13
    if seat == shown["parent"] and shown["phase"] != "over":
        star(c.draw, x + 8, cy, 9, (255, 243, 160))
        x += 20
    if seat in shown["winners"]:
        crown(c.draw, x, y0 + 5, 20, PICK)
        x += 24
    right = x1 - 8 - width(side.letter, SMALL + 3) - 6
    if shown["phase"] == "pick" and not shown["revealed"]:
        if shown["picked"][seat]:
            tick(c.draw, right, cy + 7, 13, WHITE)
        else:
            c.text((right, cy), "…" if has_glyph("…") else "...", SMALL, WHITE, anchor="rm")
        right -= 20
    c.text((x, cy), seat_label(name, SMALL + 1, False, int(right - x - 4)), SMALL + 1, WHITE, anchor="lm")
    c.text((x1 - 8, cy), side.letter, SMALL + 3, WHITE, anchor="rm")


def _rows(c: Canvas, seat: int, side: Side, picked: int | None, clashed: list[str]) -> None:
    """The side's four rows: 1 is its special (and order), 2-4 two suits each; the picked row, its clashes ✖."""
    x0, y0, x1, _ = _PANELS[seat]
    for row in (1, 2, 3, 4):
        y = y0 + 29 + (row - 1) * 21
        if picked == row:
            c.rounded((x0 + 4, y, x1 - 4, y + 20), 5, PICK)
        c.text((x0 + 13, y + 10), str(row), SMALL, MUTED, anchor="mm")
        if row == 1:
            label = f"{SPECIAL_NAME[side.special]} ({side.order})"
            c.text((x0 + 26, y + 10), label, SMALL, INK, anchor="lm", max_width=int(x1 - x0 - 34))
            continue
        for i, suit in enumerate(side.row(row)):
            x = x0 + 27 + i * 24
            suit_shape(c.draw, suit, x, y + 2, 16, SUIT_COLOURS[suit])
            if picked == row and suit in clashed:
                clash_mark(c.draw, x - 1, y + 1, 18, DOWN)


def _field(c: Canvas, shown: Inputs, seat: int, moved: dict[str, str]) -> None:
    """The seat's field cards, each suit in its own quarter (♠ ♥ / ♦ ♣); a mark says how the last reveal moved it."""
    x0, y0, x1, _ = _PANELS[seat]
    top = y0 + 29 + 4 * 21 + 2
    c.draw.line((x0 + 8, top, x1 - 8, top), fill=(204, 204, 204), width=1)
    field = shown["field"][seat]
    half = (x1 - x0) / 2
    colours = {"raise": UP, "wild": UP, "down_move": DOWN, "change": SWAP, "changed": SWAP}
    for i, suit in enumerate(SUITS):
        if suit not in field:
            continue
        x, cy = x0 + 10 + (i % 2) * half, top + 15 + (i // 2) * 25
        suit_shape(c.draw, suit, x, cy - 8, 16, SUIT_COLOURS[suit])
        x += 20 + c.text((x + 20, cy), str(field[suit]), SMALL + 3, SUIT_COLOURS[suit], anchor="lm")
        if suit in moved:
            move_mark(c.draw, x + 3, cy, 10, moved[suit], colours[moved[suit]])


def _panel(c: Canvas, shown: Inputs, seat: int, name: str, sides: tuple[Side, ...],
           info: SeatRecap | None) -> None:
    """A player's panel: header, rows, field; what the last reveal did is marked on them (the text tells it in full)."""
    x0, y0, x1, y1 = _PANELS[seat]
    side_no = shown["sides"][seat]
    side = sides[side_no]
    choosing = shown["phase"] not in ("pick", "over") and seat in shown["to_act"]
    if choosing or seat in shown["winners"]:  # a gold ring: whoever must choose now, and the winners
        c.rounded((x0 - 5, y0 - 5, x1 + 5, y1 + 5), 13, None, PICK, 4)
    c.rounded((x0, y0, x1, y1), 10, PANEL, SIDE_COLOURS[side_no], 3)
    _header(c, shown, seat, name, side, side_no)
    # The picked row is highlighted only while this round's reveal is on (the side faced may change after).
    current = shown["revealed"] or shown["partial"]
    picked = info.pick if (info and current) else None
    _rows(c, seat, side, picked, info.clashed if info else [])
    _field(c, shown, seat, {suit: how for suit, _old, _new, how in info.moves} if info else {})


def draw_board(shown: Inputs, names: list[str], tr: Any) -> bytes:
    """The board picture from :func:`board_inputs` alone (so a picture kept by them is never stale)."""
    return _draw(shown, names)


def _draw(shown: Inputs, names: list[str]) -> bytes:
    sides = postcard.LAYOUTS[shown["postcard"]]
    c = Canvas(*IMAGE_SIZE, BACKGROUND)
    for suit in SUITS:
        _pile_tile(c, suit, shown["supply"][suit])
    _card(c, shown, sides)
    infos = shown["recap"]
    for seat in range(SEATS):
        name = names[seat] if 0 <= seat < len(names) else ""
        _panel(c, shown, seat, picture_name(name, seat), sides, SeatRecap(**infos[seat]) if infos else None)
    return c.png()  # 256 colours in the trained palette its table's background names
