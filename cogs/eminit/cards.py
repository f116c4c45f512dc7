"""The 60-card catalogue, with stable ids so hidden cards can be tracked.

Ids are fixed by kind (0–3 are Time Skips, 24–31 Sucks, …), so the id → kind
map is public knowledge: showing an id reveals exactly as much as showing the
card face, no more.  States, views and events carry ids; renderers turn them
into names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

MAGIC = ("time_skip", "switch", "big_release", "clairvoyance", "supply", "drop")
"""The six magic kinds; the last three are our reconstruction (docs/rules/eminit.md §4)."""

INTERRUPTS = ("suck", "reflect", "nullify", "false_info")
"""The four interrupt kinds, in the order Big Release lists them."""

TREASURES = ("gold", "ancient", "eminit")

CATALOGUE: tuple[tuple[str, int], ...] = (
    *((kind, 4) for kind in MAGIC),
    ("suck", 8),
    ("reflect", 8),
    ("nullify", 4),
    ("false_info", 3),
    ("gold", 7),
    ("ancient", 4),
    ("eminit", 2),
)
"""(kind, copies) in id order; the counts are the source's card list."""

KIND: tuple[str, ...] = tuple(kind for kind, copies in CATALOGUE for _ in range(copies))
"""``KIND[card_id]`` is the card's kind."""

DECK_SIZE = len(KIND)
assert DECK_SIZE == 60

CATEGORY: dict[str, str] = {
    **{k: "magic" for k in MAGIC},
    **{k: "interrupt" for k in INTERRUPTS},
    **{k: "treasure" for k in TREASURES},
}

ACQUIRED_EFFECT = frozenset({"time_skip", "big_release", "supply"})
"""Magic kinds whose *acquired* effect happens (the card is then discarded);
the others go to the receiver's hand."""

POINT_OPTION = {"gold": "points_gold", "ancient": "points_ancient", "eminit": "points_eminit"}

# A rough "how much do I want to keep this in hand" ranking, shared by the AI and
# by documented timeout defaults (the lowest-ranked card is the one let go).
KEEP_RANK: Mapping[str, int] = {
    "time_skip": 0,
    "supply": 1,
    "big_release": 2,
    "drop": 3,
    "clairvoyance": 4,
    "switch": 5,
    "false_info": 6,
    "reflect": 7,
    "gold": 8,
    "nullify": 9,
    "suck": 10,
    "ancient": 11,
    "eminit": 12,
}


def kind(card: int) -> str:
    return KIND[card]


def category(card: int) -> str:
    return CATEGORY[KIND[card]]


def is_interrupt(card: int) -> bool:
    return CATEGORY[KIND[card]] == "interrupt"


def placeable(card: int) -> bool:
    """Magic and treasure cards may go on the field; interrupts never."""
    return CATEGORY[KIND[card]] != "interrupt"


def points(card: int, options: Mapping[str, object]) -> int:
    """Treasure points for a card under the game's options (0 for non-treasures)."""
    opt = POINT_OPTION.get(KIND[card])
    return int(options[opt]) if opt else 0  # type: ignore[call-overload]


def one_per_kind(cards: Iterable[int]) -> list[int]:
    """The lowest id of each kind present, in id order.

    Cards of one kind are interchangeable, so legal actions offer each kind once
    (fewer buttons) and always pick its lowest id (deterministic).
    """
    seen: dict[str, int] = {}
    for card in sorted(cards):
        seen.setdefault(KIND[card], card)
    return sorted(seen.values())
