"""Small text helpers shared by the board, the private text, the buttons and the log lines."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import View
from bot.gameui import seat_name as name  # the kit's seat name, under the name this game's texts use
from bot.i18n import Tr

from ..game import ID
from ..rules import postcard
from ..rules.postcard import SPECIAL_NAME, SUIT_SYMBOL, SUITS, Side


def sides_of(view: View) -> tuple[Side, ...]:
    return postcard.LAYOUTS[view["options"]["postcard"]]


def card(suit: str, value: int | None) -> str:
    """``♠7`` -- the one spelling of a card everywhere in text."""
    return f"{SUIT_SYMBOL[suit]}{value if value is not None else '?'}"


def pair(suits: Sequence[str]) -> str:
    return "".join(SUIT_SYMBOL[s] for s in suits)


def field_text(view: View, seat: int) -> str:
    field = view["field"][seat]
    return " ".join(card(s, field[s]) for s in SUITS if s in field) or "—"


def names_text(names: list[str], seats: Sequence[int], tr: Tr) -> str:
    """Several players' names, joined the reader's way (``list.sep``: "A, B" / 「A、B」)."""
    return tr("list.sep").join(name(names, s) for s in seats)


def side_label(side: Side, sep: str = " · ") -> str:
    """``A · SPIN90°``; ``sep`` is the reader's (``tr("words.dot")``: Japanese has no second middle dot)."""
    return f"{side.letter}{sep}{SPECIAL_NAME[side.special]}"


def with_skipped(line: str, skipped: list[list[int]], names: list[str], tr: Tr) -> str:
    """``line`` plus the cards a move jumped over and who holds them, worded by the catalogue."""
    if not skipped:
        return line
    cards = tr("list.sep").join(
        tr(f"{ID}.event.skipped_held", value=v, name=name(names, h)) if h >= 0 else str(v) for v, h in skipped
    )
    return tr(f"{ID}.event.skipped", line=line, cards=cards)


def next_up(pile: list[int], value: int) -> int | None:
    higher = [c for c in pile if c > value]
    return min(higher) if higher else None


def next_down(pile: list[int], value: int) -> int | None:
    lower = [c for c in pile if c < value]
    return max(lower) if lower else None
