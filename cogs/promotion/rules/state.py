"""The engine's small shared pieces: constants, a cheap state copy, the event sink, card moves.

Both the engine (:mod:`.` : the contract and the set-up/pick steps) and :mod:`.resolve`
(the round's resolution) build on these, so they live apart from either.
"""

from __future__ import annotations

import bisect

from bot.engine import JSON, Event, State

from ..game import SEATS as SEAT_RANGE
from ..options import OPTIONS
from . import postcard
from .postcard import Side

SEATS = SEAT_RANGE[0]
"""Promotion is played by exactly four (``game.SEATS``: its fewest and most are the same)."""
LOW, KING = 5, 13
"""Supply and field cards run 5..13; cards 1-4 are the row cards."""
LOG_KEEP = 48
"""How many public events the state keeps (older ones drop off): enough for a whole round and the next
round's start, so the picture can always show what the last reveal did (see ``picture/recap.py``)."""


DEFAULTS: dict[str, JSON] = {o.name: o.default for o in OPTIONS}


def opt(state: dict, name: str) -> JSON:
    """Option ``name`` of a state or view, or its default if the game predates the option.

    Why the fallback: a game stored before an option existed keeps playing by the reading it started with.
    """
    return state["options"].get(name, DEFAULTS[name])


def sides(state: State) -> tuple[Side, ...]:
    return postcard.LAYOUTS[state["options"]["postcard"]]


def seats_from(start: int) -> list[int]:
    """Seats in seat order starting at ``start`` (used for every 'in order from X')."""
    return [(start + i) % SEATS for i in range(SEATS)]


def next_up(pile: list[int], value: int) -> int | None:
    """The lowest supply card above ``value`` (a raise skips cards others hold)."""
    i = bisect.bisect_right(pile, value)
    return pile[i] if i < len(pile) else None


def next_down(pile: list[int], value: int) -> int | None:
    """The highest supply card below ``value`` (Down! skips cards others hold)."""
    i = bisect.bisect_left(pile, value)
    return pile[i - 1] if i > 0 else None


def facing_all(state: State) -> list[int]:
    """The side index each seat faces now (what events carry, so a log line needs no layout maths)."""
    return [postcard.side_index(s, state["r"]) for s in range(SEATS)]


def copy_state(state: State) -> State:
    """A copy safe to change: every container the engine mutates is copied, nothing deeper.

    Log entries and the options dict are shared: the engine never mutates them
    once written, and a deepcopy would dominate the cost of an AI rollout.
    """
    new = dict(state)
    new["row_suit"] = list(state["row_suit"])
    new["field"] = [dict(f) for f in state["field"]]
    new["supply"] = {k: list(v) for k, v in state["supply"].items()}
    new["named"] = list(state["named"])
    new["picks"] = list(state["picks"])
    res = state["res"]
    if res is not None:
        res = dict(res)
        res["done"] = list(res["done"])
        if res["due"] is not None:
            res["due"] = list(res["due"])
        if res["down"] is not None:
            res["down"] = {"by": res["down"]["by"], "queue": list(res["down"]["queue"])}
    new["res"] = res
    pending = state["pending"]
    new["pending"] = None if pending is None else {**pending, "suits": list(pending["suits"])}
    new["winners"] = list(state["winners"])
    new["log"] = list(state["log"])
    return new


class Out:
    """Collects a step's events and mirrors the public ones into the state's log."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, /, to: tuple[int, ...] | None = None, **args: JSON) -> None:
        ev = Event(kind, args, to)
        self.events.append(ev)
        if to is None:
            log = self.state["log"]
            log.append(ev.to_json())
            if len(log) > LOG_KEEP:
                del log[: len(log) - LOG_KEEP]


def holder(state: State, suit: str, value: int) -> int | None:
    for seat, field in enumerate(state["field"]):
        if field.get(suit) == value:
            return seat
    return None


def exchange(state: State, seat: int, suit: str, new: int) -> int:
    """Return ``seat``'s card of ``suit`` to its supply pile and take ``new`` from it."""
    pile = state["supply"][suit]
    old = state["field"][seat][suit]
    pile.remove(new)
    bisect.insort(pile, old)
    state["field"][seat][suit] = new
    return old


def skipped(state: State, suit: str, old: int, new: int) -> list[list[int]]:
    """The cards jumped over by a move (each held by someone), as ``[value, holder]`` pairs."""
    lo, hi = (old, new) if old < new else (new, old)
    out = []
    for value in range(lo + 1, hi):
        who = holder(state, suit, value)
        out.append([value, -1 if who is None else who])
    return out if old < new else out[::-1]


def check_king(state: State, out: Out) -> bool:
    """docs/rules/promotion.md step 5: after a step that moves cards, everyone holding a 13 wins together."""
    kings = [s for s in range(SEATS) if KING in state["field"][s].values()]
    if not kings:
        return False
    state["phase"] = "over"
    state["winners"] = kings
    state["reason"] = "king"
    state["pending"] = None
    state["res"] = None
    out.emit("king", seats=list(kings))
    return True
