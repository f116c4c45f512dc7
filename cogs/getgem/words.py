"""GETGEM's naming helpers, shared by the board and DM texts (:mod:`.render`) and the posts (:mod:`.moments`).

Kept apart from both so neither imports the other (:mod:`.render` re-exports
``moment``), and free of ``bot.i18n``: a translator is only a callable here, so
this module stays as pure as the engine beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cogs.getgem.cards import EMOJI

Tr = Callable[..., str]
"""A translator (``bot.i18n.Tr``): ``tr(key, **fields) -> str``."""

EFFECT_EMOJI = {"steal": "✋", "exchange": "🔄", "arm": "⛏️", "push": "🫴", "peep": "👁️", "gem3": "💎"}


def card_name(tr: Tr, card_type: str) -> str:
    """'🔥 Fire' — the emoji makes a hand scannable at a glance, the word makes it searchable."""
    return f"{EMOJI[card_type]} {tr('getgem.card.' + card_type)}"


def card_names(tr: Tr, card_types: Sequence[str]) -> str:
    """Cards named one by one in the given order ('🔥 Fire, 💧 Water'), or '—' for none."""
    return tr("list.sep").join(card_name(tr, t) for t in card_types) or "—"


def seat_name(names: list[str], seat: int | None, tr: Tr) -> str:
    """A seat's (escaped) name; ``None`` is the centre, where unclaimed element cards lie."""
    if seat is None:
        return tr("getgem.centre")
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def effect_name(tr: Tr, effect: str) -> str:
    """'✋ Steal': an action card's effect (a dual card has two), with its emoji."""
    return f"{EFFECT_EMOJI.get(effect, '')} {tr('getgem.effect.' + effect)}".strip()
