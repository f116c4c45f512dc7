"""The small words every Eminit text is made of: seat marks, names, card names.

Shared by the board and DM texts (:mod:`.`, this package) and the contest
posts (:mod:`.moment`), so a seat or a card reads the same everywhere.
"""

from __future__ import annotations

from collections import Counter

from bot.gameui import seat_name
from bot.i18n import Tr

from .. import cards
from ..game import ID

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


def mark(seat: int) -> str:
    """A seat's circled number, as the picture draws it beside the name."""
    return CIRCLED[seat] if 0 <= seat < len(CIRCLED) else f"({seat + 1})"


def who(seat: int | None, names: list[str]) -> str:
    """A seat as "① name"; "—" for nobody."""
    if seat is None:
        return "—"
    return f"{mark(seat)} {seat_name(names, seat)}"


def card(card_id: int, tr: Tr) -> str:
    return tr(f"{ID}.card.{cards.kind(card_id)}")


def card_list(ids: list[int], tr: Tr) -> str:
    """ "Gold Coin ×2, Suck" — grouped by kind, in catalogue order."""
    counts = Counter(cards.kind(c) for c in ids)
    parts = []
    for kind, _ in cards.CATALOGUE:
        if counts[kind]:
            name = tr(f"{ID}.card.{kind}")
            parts.append(tr("words.times", card=name, n=counts[kind]) if counts[kind] > 1 else name)
    return tr("list.sep").join(parts)
