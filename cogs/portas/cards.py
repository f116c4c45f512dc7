"""PORTAS's fixed parts: the cards, the rule options, the error codes, and the shared port actions.

Split from ``rules.py`` so the engine's setup, queries and moves
(``rules.py``, ``queries.py``, ``moves.py``) share them without importing
each other.
"""

from __future__ import annotations

from typing import Any

from bot.engine import (
    JSON,
    IllegalAction,
    RuleOption,
    resolve_options,
)
from cogs.portas.fast import _Port

from .game import ID, SEATS

GAME = ID  # the id and seats are declared once, in game.py
MIN_SEATS, MAX_SEATS = SEATS

TREASURES: tuple[int, ...] = (11, 12, 13, 14, 15)
"""Treasure values; each value is also the treasure's id."""

PORT_DECK: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
"""One player's 14 port cards (sum 45)."""

HAND_SIZE = 4
OPEN_SLOTS = 2
RECENT = 6
"""How many recent move events the state keeps for the board's "last moves"."""

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "first_player",
        "random",
        "Who moves first. The source only says 'decide'; we draw at random. "
        "'seat0' lets the first seated player start.",
        ("random", "seat0"),
    ),
    RuleOption(
        "overshoot",
        "illegal",
        "A port may not push a treasure past its value ('illegal'), which is what makes the "
        "source's 'both players can no longer port' end possible. 'allowed': any card goes "
        "on any open treasure; an overshot treasure can never be taken and the game then "
        "ends when both players are out of cards.",
        ("illegal", "allowed"),
    ),
    RuleOption(
        "pass_rule",
        "forced",
        "'forced': you must port if you can and pass (automatically) only if you cannot. "
        "'voluntary': you may also pass while a port is possible.",
        ("forced", "voluntary"),
    ),
    RuleOption(
        "tiebreak",
        "treasures_then_last",
        "Equal scores: more treasures taken wins, then whoever took the last treasure "
        "('treasures_then_last'); or only one of those steps; or 'none' (a draw).",
        ("treasures_then_last", "treasures", "last_taker", "none"),
    ),
)


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
