"""GETGEM's choices asked outside one's own move, for ``tests/platform/i18n/test_dm_header_choices.py``.

A Barrier question (an action card aimed at you) and a take-back (in another's
end phase, each declarer takes a declaration card back) are asked of a player
whose turn it is not; their DM must not say "Your move.".
"""

from __future__ import annotations

from typing import Any

SEATS = 3
"""Seats of the random games the header test plays (three, so both kinds come in a few games)."""

KINDS = frozenset({"barrier", "take_back"})
"""Every kind of choice GETGEM asks out of one's own move: the random games must meet each."""


def kind(state: dict[str, Any], seat: int) -> str:
    """Which out-of-turn choice ``seat`` is asked (the engine's pending question)."""
    pending = state["pending"]
    return "barrier" if pending and pending["kind"] == "barrier" else "take_back"
