"""AI seats: choose an action from the seat's own view, never the full state.

Levels: ``easy`` picks a legal action at random; ``normal`` runs the game's
own heuristic (``cogs/<game>/ai.py``).  Both receive only
``rules.view(state, seat)`` and the seat's legal actions, so an AI cannot
read hidden cards even by accident.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Action, State
from bot.games import GameSpec

LEVELS = ("easy", "normal")
DEFAULT_LEVEL = "normal"


def choose(spec: GameSpec, state: State, seat: int, level: str, seed: int) -> Action:
    rules = spec.rules
    legal = rules.legal(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    rng = random.Random(seed)
    if level == "easy" or len(legal) == 1:
        return rng.choice(legal)
    view: dict[str, Any] = rules.view(state, seat)
    action = spec.ai.choose(view, seat, legal, rng)
    return action if action in legal else rng.choice(legal)
