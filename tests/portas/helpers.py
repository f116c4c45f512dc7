"""Builders and checks shared by the PORTAS tests (not collected: no ``test_`` prefix)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from bot.engine import JSON, State
from cogs.portas import rules


def build(
    *,
    hands: tuple[list[int], list[int]],
    open_: list[tuple[int, list[int], list[int]]],
    decks: tuple[list[int], list[int]] = ([], []),
    treasure_deck: list[int] | None = None,
    taken: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], []),
    scores: tuple[int, int] | None = None,
    turn: int = 0,
    passes: int = 0,
    last_taker: int | None = None,
    options: dict[str, JSON] | None = None,
) -> State:
    """A hand-made mid-game state: start from ``new`` and overwrite the board.

    ``open_`` lists ``(value, seat-0 ports, seat-1 ports)``.  Scores default
    to what ``taken`` implies, so scoring invariants hold unless a test wants
    otherwise.  Card conservation is the caller's business.
    """
    state = rules.new(2, 0, options)
    opened = [{"value": v, "total": sum(p0) + sum(p1), "ports": [list(p0), list(p1)]} for v, p0, p1 in open_]
    if treasure_deck is None:
        used = {v for v, _, _ in open_} | {t["value"] for side in taken for t in side}
        treasure_deck = [v for v in rules.TREASURES if v not in used]
    if scores is None:
        scores = (sum(t["points"] for t in taken[0]), sum(t["points"] for t in taken[1]))
    state.update(
        hands=[sorted(hands[0]), sorted(hands[1])],
        decks=[list(decks[0]), list(decks[1])],
        treasure_deck=list(treasure_deck),
        open=opened,
        taken=[list(taken[0]), list(taken[1])],
        scores=list(scores),
        turn=turn,
        passes=passes,
        last_taker=last_taker,
    )
    return state


def port(card: int, treasure: int) -> dict[str, Any]:
    """The action of porting ``card`` onto the open treasure ``treasure``."""
    return {"type": "port", "card": card, "treasure": treasure}


def won(value: int, mine: list[int], theirs: list[int], seat: int) -> dict[str, Any]:
    """A taken-treasure record as the engine stores it, for ``seat``."""
    ports = [mine, theirs] if seat == 0 else [theirs, mine]
    return {"value": value, "ports": ports, "points": sum(mine)}


def random_game(seed: int, options: dict[str, JSON] | None = None, rng_seed: int | None = None) -> Iterator[State]:
    """Every state of a random legal game, first to last."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = rules.new(2, seed, options)
    yield state
    while state["result"] is None:
        seat = state["turn"]
        state = rules.apply(state, seat, rng.choice(rules.legal(state, seat))).state
        yield state


def seat_cards(state: State, seat: int) -> Counter[int]:
    """Every port card of ``seat``'s colour, wherever it is now."""
    cards = Counter(state["decks"][seat]) + Counter(state["hands"][seat])
    for t in state["open"]:
        cards.update(t["ports"][seat])
    for side in state["taken"]:
        for t in side:
            cards.update(t["ports"][seat])
    return cards


def deep_copy(value: JSON) -> JSON:
    """An independent copy to compare a state with after ``apply`` (tests only)."""
    if isinstance(value, list):
        return [deep_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: deep_copy(v) for k, v in value.items()}
    return value
