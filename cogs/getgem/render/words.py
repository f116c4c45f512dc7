"""GETGEM's naming helpers, shared by the board and DM texts (:mod:`.render`) and the posts (:mod:`.moment`).

Kept apart from both so neither imports the other (:mod:`.render` re-exports
``moment``), and free of ``bot.i18n``: a translator is only a callable here, so
this module stays as pure as the engine beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..cards import EMOJI
from ..game import ID

Tr = Callable[..., str]
"""A translator (``bot.i18n.Tr``): ``tr(key, **fields) -> str``."""

EFFECT_EMOJI = {"steal": "✋", "exchange": "🔄", "arm": "⛏️", "push": "🫴", "peep": "👁️", "gem3": "💎"}


def card_name(tr: Tr, card_type: str) -> str:
    """'🔥 Fire' — the emoji makes a hand scannable at a glance, the word makes it searchable."""
    return f"{EMOJI[card_type]} {tr(f'{ID}.card.' + card_type)}"


def element_name(tr: Tr, element: str) -> str:
    """'💧 Water' / 「💧 水」: an element card, named apart from the gem card of its kind (「水の宝玉」)."""
    return f"{EMOJI[element]} {tr(f'{ID}.element.' + element)}"


def card_names(tr: Tr, card_types: Sequence[str]) -> str:
    """Cards named one by one in the given order ('🔥 Fire, 💧 Water'), or '—' for none."""
    return tr("list.sep").join(card_name(tr, t) for t in card_types) or "—"


def seat_name(names: list[str], seat: int | None, tr: Tr) -> str:
    """A seat's (escaped) name; ``None`` is the centre, where unclaimed element cards lie."""
    if seat is None:
        return tr(f"{ID}.board.the_centre")
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def effect_name(tr: Tr, effect: str) -> str:
    """'✋ Steal': an action card's effect (a dual card has two), with its emoji."""
    return f"{EFFECT_EMOJI.get(effect, '')} {tr(f'{ID}.effect.' + effect)}".strip()


def waiting_sentence(
    pending: Mapping[str, Any] | None,
    phase: str,
    turn: int,
    names: list[str],
    tr: Tr,
    effect: Callable[[Tr, str], str] = effect_name,
) -> str:
    """What the table waits for: the open question of a sub-step (a Barrier, a take-back, a push...) or the
    turn's phase.  The board's text and its picture both say it; the picture names an effect without its
    emoji (``effect``), which its font cannot draw."""
    name = seat_name(names, turn, tr)
    if pending is None:
        return tr(f"{ID}.phase.{phase}", name=name)
    kind = pending["kind"]
    if kind == "barrier":
        return tr(
            f"{ID}.wait.barrier",
            name=seat_name(names, pending["target"], tr),
            by=seat_name(names, pending["by"], tr),
            effect=effect(tr, pending["effect"]),
        )
    if kind == "takeback":
        return tr(f"{ID}.wait.takeback", name=seat_name(names, pending["seat"], tr))
    if kind in ("push", "arm_discard", "limit"):
        return tr(f"{ID}.wait.{kind}", name=name)
    return tr(f"{ID}.phase.{phase}", name=name)
