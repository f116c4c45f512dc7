"""PORTAS's cards: the treasures and each player's port deck (docs/rules/portas.md)."""

from __future__ import annotations

TREASURES: tuple[int, ...] = (11, 12, 13, 14, 15)
"""Treasure values; each value is also the treasure's id."""

PORT_DECK: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
"""One player's 14 port cards (sum 45)."""
