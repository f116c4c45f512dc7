"""Per game, what an audience must not know: secret swaps and the keys that hold card ids.

The generic twin checks (tests/robustness/leak_checks.py) re-deal whatever an audience cannot see;
these per-game helpers are cheaper and sharper: change *only* a secret and require identical text
(a swap), or name the card ids a private event may mention only if the seat's view shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import State


def _clone(value: Any) -> Any:
    """Copy a JSON tree (states are JSON; three times faster than ``copy.deepcopy``)."""
    if type(value) is dict:
        return {k: _clone(v) for k, v in value.items()}
    if type(value) is list:
        return [_clone(v) for v in value]
    return value


def _portas_swaps(state: State, audience: int | None) -> list[State]:
    """Deck order is PORTAS's only secret (from everyone): reverse every deck and the treasure deck."""
    twin = _clone(state)
    for deck in twin["decks"]:
        deck.reverse()
    twin["treasure_deck"].reverse()
    return [twin] if twin != state else []


def _promotion_swaps(state: State, audience: int | None) -> list[State]:
    """Before the reveal another seat's row pick is secret: try every other row for each such seat."""
    out = []
    if state.get("revealed"):
        return out
    for seat, pick in enumerate(state["picks"]):
        if pick is None or seat == audience:
            continue
        for row in (1, 2, 3, 4):
            if row != pick:
                twin = _clone(state)
                twin["picks"][seat] = row
                out.append(twin)
    return out


def _getgem_swaps(state: State, audience: int | None) -> list[State]:
    """A card of another hand the audience has not seen, swapped with a deck card of another type."""
    cat = state["cat"]
    out = []
    for owner, hand in enumerate(state["hands"]):
        if owner == audience:
            continue
        known = set(state["known"][audience][owner]) if audience is not None else set()
        for card in hand:
            if card in known:
                continue
            other = next((d for d in reversed(state["deck"]) if cat[d] != cat[card]), None)
            if other is None:
                continue
            twin = _clone(state)
            h = twin["hands"][owner]
            h[h.index(card)] = other
            d = twin["deck"]
            d[d.index(other)] = card
            out.append(twin)
            break
    return out


def _eminit_swaps(state: State, audience: int | None) -> list[State]:
    """A face-down field card the audience has not seen, swapped with a deck or hand card it cannot see."""
    out = []
    hidden_field = [i for i, e in enumerate(state["field"]) if audience is None or audience not in e["known"]]
    contest = state.get("contest")
    busy = {contest["card"]} if contest else set()
    for i in hidden_field[:2]:
        card = state["field"][i]["card"]
        pools: list[tuple[str, int | None]] = [("deck", None)] + [
            ("hands", o) for o in range(len(state["hands"])) if o != audience
        ]
        for where, owner in pools:
            pool = state["deck"] if where == "deck" else state["hands"][owner]
            other = next((c for c in pool if c != card and c not in busy), None)
            if other is None:
                continue
            twin = _clone(state)
            twin["field"][i]["card"] = other
            tpool = twin["deck"] if where == "deck" else twin["hands"][owner]
            tpool[tpool.index(other)] = card
            out.append(twin)
            break
    return out


SWAPS: dict[str, Callable[[State, int | None], list[State]]] = {
    "portas": _portas_swaps,
    "promotion": _promotion_swaps,
    "getgem": _getgem_swaps,
    "eminit": _eminit_swaps,
}


# -- what a seat knows: card ids in its views ----------------------------------------------------------------------

CARD_KEYS: dict[str, frozenset[str]] = {
    # keys whose values (recursively) are card ids, in views and in event args; games whose private
    # events carry no card ids (PORTAS has none, Promotion's only one is a row pick) need none
    "getgem": frozenset({"card", "cards", "hand", "known", "discard", "decl", "taken", "picked"}),
    "eminit": frozenset({"card", "cards", "hand", "discard", "treasures", "took", "gave"}),
}


def cards_in(value: Any, keys: frozenset[str], under: bool = False) -> set[int]:
    """Every int found under one of ``keys`` (at any depth) in a JSON value."""
    if isinstance(value, dict):
        out: set[int] = set()
        for k, v in value.items():
            out |= cards_in(v, keys, under or k in keys)
        return out
    if isinstance(value, list):
        out = set()
        for v in value:
            out |= cards_in(v, keys, under)
        return out
    if under and isinstance(value, int) and not isinstance(value, bool):
        return {value}
    return set()
