"""Small state helpers every part of the GETGEM engine shares: copying, events, moving cards.

Split out of the engine so the legal-move lists (:mod:`.legal`), the turn
flow (:mod:`.flow`) and the card effects (:mod:`.effects`) can all use them
without importing each other.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Event, State

from ..cards import ELEMENTS, TYPES
from . import knowledge as K

HAND_START = 4
HAND_LIMIT = 6
LOG_KEEP = 12


def first_of_type(ids: list[int], cat: list[str], skip: tuple[int, ...] = ()) -> list[tuple[str, int]]:
    """(type, lowest id) per type present, in catalogue order.

    Cards of one type are interchangeable, so legal lists offer one action per
    type (keeps every list short); the lowest id is the canonical representative.
    """
    best: dict[str, int] = {}
    for c in ids:
        if c in skip:
            continue
        t = cat[c]
        if t not in best or c < best[t]:
            best[t] = c
    return [(t, best[t]) for t in TYPES if t in best]


def elements_of(state: State, seat: int) -> list[str]:
    """The element cards ``seat`` holds."""
    return [g for g in ELEMENTS if state["elements"][g] == seat]


def copy_state(s: State) -> State:
    """Copy exactly the containers ``apply`` may change (cheap; no deepcopy).

    ``opts``, ``cat``, ``over`` and log entries are never mutated once built,
    so they are shared.
    """
    c = dict(s)
    c["deck"] = s["deck"][:]
    c["discard"] = s["discard"][:]
    c["hands"] = [h[:] for h in s["hands"]]
    c["decl"] = [d[:] for d in s["decl"]]
    c["known"] = [[k[:] for k in row] for row in s["known"]]
    c["elements"] = dict(s["elements"])
    p = s["pending"]
    c["pending"] = None if p is None else {k: (v[:] if isinstance(v, list) else v) for k, v in p.items()}
    c["endq"] = s["endq"][:]
    c["endwin"] = s.get("endwin", [])[:]
    c["points"] = s["points"][:]
    c["log"] = s["log"][:]
    return c


def emit(s: State, ev: list[Event], kind: str, to: tuple[int, ...] | None = None, **args: Any) -> None:
    """Record an event; public ones also go to the state's short log (for the board).

    Card ids get their types alongside (``card_type`` / ``card_types``) so a
    renderer can name them without the catalogue.
    """
    cat = s["cat"]
    if args.get("card") is not None:
        args["card_type"] = cat[args["card"]]
    if "cards" in args:
        args["cards"] = list(args["cards"])
        args["card_types"] = [cat[c] for c in args["cards"]]
    ev.append(Event(kind, args, to))
    if to is None:
        log = s["log"]
        log.append({"kind": kind, "args": args})
        if len(log) > LOG_KEEP:
            del log[: len(log) - LOG_KEEP]


def move_to_discard(s: State, seat: int, cards: list[int]) -> None:
    """Cards leave ``seat``'s hand face up: onto the discard pile, forgotten from every record."""
    hand = s["hands"][seat]
    for c in cards:
        hand.remove(c)
    s["discard"].extend(cards)
    K.forget(s, seat, cards)
