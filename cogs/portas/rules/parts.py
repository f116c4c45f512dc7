"""PORTAS's fixed parts: the table's sizes, the error codes, and the shared port actions.

Split from the engine (``rules/__init__.py``) so its setup, queries and moves
(``__init__.py``, ``queries.py``, ``moves.py``) share them without importing
each other.  The cards are in ``cards.py``, the rule options in ``options.py``.
"""

from __future__ import annotations

from typing import Any

from bot.engine import (
    JSON,
    IllegalAction,
    resolve_options,
)

from ..cards import PORT_DECK, TREASURES
from ..game import ID, SEATS
from ..options import OPTIONS
from .state import _Port

GAME = ID  # the id and seats are declared once, in game.py
MIN_SEATS, MAX_SEATS = SEATS

HAND_SIZE = 4
OPEN_SLOTS = 2
RECENT = 6
"""How many recent move events the state keeps for the board's "last moves"."""

class PortasError(IllegalAction):
    """An illegal action with a PORTAS-specific code (``portas.error.<code>``).

    Subclassing :class:`IllegalAction` keeps ``except IllegalAction`` working
    on the platform side while still telling the player the exact reason.
    """

    def __init__(self, code: str, message: str = "", **args: JSON) -> None:
        super().__init__(message or code, **args)
        self.code = code


ERROR_CODES: tuple[str, ...] = ("bad_action", "card_not_in_hand", "no_such_treasure", "overshoot", "must_port")


_DEFAULT_OPTIONS: dict[str, JSON] = resolve_options(OPTIONS, None)


_PORTS: dict[int, dict[int, _Port]] = {
    value: {card: _Port(type="port", card=card, treasure=value) for card in sorted(set(PORT_DECK))}
    for value in TREASURES
}
"""``_PORTS[treasure][card]``: the one shared action for that port."""


def _fresh_treasure(value: int) -> dict[str, Any]:
    return {"value": value, "total": 0, "ports": [[], []]}
