"""GETGEM views (what one seat may know) and determinization (a full state consistent with a view).

View shape (JSON)::

    game, seat (int | None), n, opts, cat (card type per id: the deck list is public),
    game_no, turn, turn_no, phase, peeped, to_act,
    hand_sizes [per seat], deck (size only), discard [ids, top last],
    decl [[ids] per seat], elements {gem: seat | None}, endq, endwin, points,
    pending  (None, or the current sub-step as far as this seat may see it),
    result (None while the game runs | {winners, scores, reason}: the state's ``over``, named as in every
    game's view), log [recent public events],
    hand ([ids] for a seat, None for a spectator),
    known ([[ids] per seat] for a seat — see :mod:`.rules.knowledge` — None for a spectator).

Nothing else of the state is shown: not the deck order, not the seed, not
other hands.  Uncommitted sub-steps (choosing a target, picking gems or
declaration cards, choosing what to dig) are shown only to the turn player:
they would reveal what it holds, and cancelling them leaves no trace.  The
card taken in a Steal & Push is shown only to taker and victim.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import State, View

UNCOMMITTED = frozenset({"target", "gem3", "dig", "declare"})
"""Sub-steps where nothing has happened yet: cancellable, and hidden from other seats
(showing them would reveal what the turn player holds)."""


def _copy_args(args: dict[str, Any]) -> dict[str, Any]:
    return {k: (v[:] if isinstance(v, list) else v) for k, v in args.items()}


def _pending_view(state: State, seat: int | None) -> dict[str, Any] | None:
    p = state["pending"]
    if p is None or (p["kind"] in UNCOMMITTED and seat != state["turn"]):
        return None
    out = {k: (v[:] if isinstance(v, list) else v) for k, v in p.items()}
    if p["kind"] == "push" and seat not in (p["by"], p["target"]):
        out.pop("taken", None)
    return out


def build_view(state: State, seat: int | None, acting: list[int]) -> View:
    """Public information, plus (for a seat) its own hand and what it has seen of others' hands.

    ``known[o]`` lists the cards this seat has seen in seat ``o``'s hand that
    are still there as far as it can tell.  A spectator (``None``) gets no hands.
    """
    v: View = {
        "game": state["game"],
        "seat": seat,
        "n": state["n"],
        "opts": dict(state["opts"]),
        "cat": list(state["cat"]),
        "game_no": state["game_no"],
        "turn": state["turn"],
        "turn_no": state["turn_no"],
        "phase": state["phase"],
        "peeped": state["peeped"],
        "hand_sizes": [len(h) for h in state["hands"]],
        "deck": len(state["deck"]),
        "discard": state["discard"][:],
        "decl": [d[:] for d in state["decl"]],
        "elements": dict(state["elements"]),
        "pending": _pending_view(state, seat),
        "endq": state["endq"][:],
        "endwin": state.get("endwin", [])[:],
        "to_act": list(acting),
        "points": state["points"][:],
        "result": None if state["over"] is None else _copy_args(state["over"]),
        "log": [{"kind": e["kind"], "args": _copy_args(e["args"])} for e in state["log"]],
        "hand": None,
        "known": None,
    }
    if seat is not None:
        v["hand"] = state["hands"][seat][:]
        v["known"] = [k[:] for k in state["known"][seat]]
    return v


def _copy_args(args: dict[str, Any]) -> dict[str, Any]:
    return {k: (v[:] if isinstance(v, list) else v) for k, v in args.items()}


def determinize_view(view: View, seat: int, seed: int) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random among other hands and deck.

    Cards ``seat`` knows in another hand stay there; sizes match.  Other seats'
    knowledge is unknown to ``seat`` and is left empty; a hidden ``taken``
    card of a push becomes ``None`` (no card excluded).  The deck order and the
    future random draws are fresh from ``seed``.
    """
    rng = random.Random(seed)
    n = view["n"]
    cat = view["cat"]
    own = view["hand"] or []
    known = view["known"] or [[] for _ in range(n)]
    placed = set(own) | set(view["discard"])
    for d in view["decl"]:
        placed.update(d)
    for k in known:
        placed.update(k)
    unseen = [c for c in range(len(cat)) if c not in placed]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for o in range(n):
        if o == seat:
            hands.append(own[:])
            continue
        need = view["hand_sizes"][o] - len(known[o])
        if need < 0 or need > len(unseen):
            raise ValueError("view is inconsistent")
        hands.append(known[o][:] + unseen[:need])
        del unseen[:need]
    if len(unseen) != view["deck"]:
        raise ValueError("view is inconsistent")
    all_known = [[[] for _ in range(n)] for _ in range(n)]
    all_known[seat] = [k[:] for k in known]
    pending = view["pending"]
    if pending is not None:
        pending = {k: (v[:] if isinstance(v, list) else v) for k, v in pending.items()}
        if pending["kind"] == "push":
            pending.setdefault("taken", None)
    return {
        "game": view["game"],
        "n": n,
        "opts": dict(view["opts"]),
        "cat": list(cat),
        "rng": rng.getrandbits(63),
        "game_no": view["game_no"],
        "turn": view["turn"],
        "turn_no": view["turn_no"],
        "phase": view["phase"],
        "peeped": view["peeped"],
        "deck": unseen,
        "discard": view["discard"][:],
        "hands": hands,
        "decl": [d[:] for d in view["decl"]],
        "elements": dict(view["elements"]),
        "known": all_known,
        "pending": pending,
        "endq": view["endq"][:],
        "endwin": view.get("endwin", [])[:],
        "points": view["points"][:],
        "over": view["result"],
        "log": [{"kind": e["kind"], "args": _copy_args(e["args"])} for e in view["log"]],
    }
