"""What an audience must not know, per game: its secret swaps and the keys that hold card ids.

The generic twin checks (tests/robustness/leaks/leak_checks.py) re-deal whatever an audience cannot see;
a game's own helpers (``SECRET_SWAPS``, ``CARD_KEYS`` in ``tests/<game>/expectations.py``) are
cheaper and sharper: change *only* a secret and require identical text (a swap), or name the card
ids a private event may mention only if the seat's view shows them.
"""

from __future__ import annotations

from typing import Any


def clone(value: Any) -> Any:
    """Copy a JSON tree (states are JSON; three times faster than ``copy.deepcopy``)."""
    if type(value) is dict:
        return {k: clone(v) for k, v in value.items()}
    if type(value) is list:
        return [clone(v) for v in value]
    return value


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
