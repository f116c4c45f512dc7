"""Eminit's choices asked outside one's own move, for ``tests/platform/i18n/test_dm_header_choices.py``.

In a contest every player, not only the flipper, may declare a card face down:
a declaration is asked of a player whose turn it is not, and their DM must not
say "Your move.".
"""

from __future__ import annotations

from typing import Any

SEATS = 3
"""Seats of the random games the header test plays."""

KINDS = frozenset({"declare"})
"""Every kind of choice Eminit asks out of one's own move: the random games must meet each."""


def kind(state: dict[str, Any], seat: int) -> str:
    """Which out-of-turn choice ``seat`` is asked (the engine's step)."""
    return "declare" if state["step"]["kind"] == "declare" else "other"
