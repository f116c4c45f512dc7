"""The GETGEM card catalogue and the gem arithmetic shared by rules, render and AI.

Cards are plain ints (stable ids) so hidden cards can be tracked through a
game; a card's *type* is ``catalogue(options)[id]``.  With the default counts
the ids are 0..29: fire 0–3, water 4–7, thunder 8–11, rainbow 12–13,
curse 14–15, steal 16–19, exchange 20–21, arm 22–24, push/peep 25–27,
push/barrier 28–29.  The three element cards are not ids: they are named by
their gem (``"fire"``, ``"water"``, ``"thunder"``) and live in
``state["elements"]`` (holder seat or ``None`` for the centre).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

FIRE, WATER, THUNDER, RAINBOW, CURSE = "fire", "water", "thunder", "rainbow", "curse"
STEAL, EXCHANGE, ARM, PUSH_PEEP, PUSH_BARRIER = "steal", "exchange", "arm", "push_peep", "push_barrier"

ELEMENTS: tuple[str, ...] = (FIRE, WATER, THUNDER)
"""The three gems a declaration and a victory check must show (also the element cards)."""

GEM_TYPES: tuple[str, ...] = (FIRE, WATER, THUNDER, RAINBOW, CURSE)
ACTION_TYPES: tuple[str, ...] = (STEAL, EXCHANGE, ARM, PUSH_PEEP, PUSH_BARRIER)
TYPES: tuple[str, ...] = GEM_TYPES + ACTION_TYPES
"""Catalogue order: ids are assigned type by type in this order."""

SPENDABLE_GEMS: frozenset[str] = frozenset((FIRE, WATER, THUNDER, RAINBOW))
"""Gems that may pay for a 3-gem steal (the curse can never be discarded)."""

DEFAULT_COUNTS: dict[str, int] = {
    FIRE: 4,
    WATER: 4,
    THUNDER: 4,
    RAINBOW: 2,
    CURSE: 2,
    STEAL: 4,
    EXCHANGE: 2,
    ARM: 3,
    PUSH_PEEP: 3,
    PUSH_BARRIER: 2,
}
"""docs/rules/getgem.md §3 [decision]: the per-card counts (the source's card page is missing)."""

EMOJI: dict[str, str] = {
    FIRE: "🔥",
    WATER: "💧",
    THUNDER: "⚡",
    RAINBOW: "🌈",
    CURSE: "💀",
    STEAL: "✋",
    EXCHANGE: "🔄",
    ARM: "⛏️",
    PUSH_PEEP: "👁️",
    PUSH_BARRIER: "🛡️",
}

EFFECT_OF_MODE: dict[tuple[str, str | None], str] = {
    (STEAL, None): "steal",
    (EXCHANGE, None): "exchange",
    (ARM, None): "arm",
    (PUSH_PEEP, "push"): "push",
    (PUSH_PEEP, "peep"): "peep",
    (PUSH_BARRIER, "push"): "push",
}
"""Which effect a played card (type, mode) has; the dual cards need a mode."""


def count_option(card_type: str) -> str:
    """The rule-option name holding the count of one card type (``count_fire``...)."""
    return f"count_{card_type}"


@lru_cache(maxsize=64)
def _catalogue(counts: tuple[int, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for card_type, count in zip(TYPES, counts, strict=True):
        out.extend([card_type] * count)
    return tuple(out)


def catalogue(options: dict[str, Any]) -> list[str]:
    """Card type per id for these options (a list so it is JSON as-is)."""
    counts = tuple(int(options.get(count_option(t), DEFAULT_COUNTS[t])) for t in TYPES)
    return list(_catalogue(counts))


def wild(types: Iterable[str]) -> bool:
    """Rainbows are wild only while the same cards hold no curse."""
    return CURSE not in types


def shows_all(types: Sequence[str], elements: Iterable[str], rainbows_wild: bool) -> bool:
    """Do these cards plus these element cards show fire, water and thunder?

    Each rainbow (when wild) stands for one missing gem.  Used for the victory
    check (hand + elements) and for a finished declaration (3 cards + elements).
    """
    have = set(elements)
    have.update(t for t in types if t in ELEMENTS)
    missing = 3 - len(have & set(ELEMENTS))
    if missing <= 0:
        return True
    rainbows = sum(1 for t in types if t == RAINBOW) if rainbows_wild else 0
    return missing <= rainbows


def can_complete(picked: Sequence[str], rest: Sequence[str], elements: Iterable[str], rainbows_wild: bool) -> bool:
    """Can ``picked`` be completed to a valid 3-card declaration from ``rest``?

    Closed form instead of trying every triple (this runs inside ``legal`` on
    every action phase): the gems still missing after the picks must be
    coverable by the free slots, using naturals of the missing kinds and
    rainbows (if wild), and ``rest`` must have enough cards to fill the slots.
    """
    slots = 3 - len(picked)
    if slots < 0 or len(rest) < slots:
        return False
    have = set(elements)
    have.update(t for t in picked if t in ELEMENTS)
    missing = set(ELEMENTS) - have
    rainbows_picked = sum(1 for t in picked if t == RAINBOW) if rainbows_wild else 0
    need = len(missing) - rainbows_picked
    if need <= 0:
        return True
    naturals = len(missing & set(rest))
    rainbows_rest = sum(1 for t in rest if t == RAINBOW) if rainbows_wild else 0
    return min(slots, naturals + rainbows_rest) >= need
