"""Promotion's rules as a pure engine (docs/rules/promotion.md §2; contract in :mod:`bot.engine`).

State shape (JSON; every key always present)::

    game "promotion", v 1, options (see :mod:`..options`), rng int
    phase       "suit" | "name" | "orient" | "turn" | "pick" | "choose" | "over"
    first_parent seat chosen at random (or the host, seat 0); leads set-up and is round 1's parent
    parent      the current parent (during the field deal: the player naming a suit)
    round       0 during set-up, then 1, 2, ...
    row_suit    [suit | None] * 4        the suit of each seat's row cards 1-4
    field       [{suit: value}] * 4      field cards (public), 5..13
    supply      {suit: [values]}         face-up supply piles, sorted ascending
    named       [suit]                   suits named so far in the field deal
    r           int 0..3                 orientation: seat s faces side (r - s) % 4; SPIN90° adds 1
    picks       [row | None] * 4         this round's row choices (HIDDEN until revealed)
    revealed    bool                     all picks are public (once all four are in)
    partial     bool                     ``row1_first``: only the row-1 picks are public yet
    res         None | {stage: "special" | "rows", n: order step, due: [seat] | None (who faces n
                as step n began), done: [seat] (resolved a special), down: None | {by, queue}}
    pending     None | {kind: "down" | "change" | "wild", seat, by, suits}
    winners     [seat]; reason "" | "king" | "max_rounds"
    log         the last public events (JSON), so the board can show recent steps

Actions (one click each)::

    {"type": "suit", "suit": S}          choose the suit of your row cards (set-up)
    {"type": "name", "suit": S}          the parent names a suit for the field deal
    {"type": "orient", "r": 0..3}        the parent orients the postcard
    {"type": "turn", "turn": bool}       the player to the parent's right turns it 180° or not
    {"type": "pick", "row": 1..4}        the secret simultaneous row pick (changeable until the reveal)
    {"type": "down", "suit": S}          Down!: which of your tied highest cards goes down
    {"type": "change", "seat": q, "suit": S}  Change!: take q's card of suit S for yours
    {"type": "wild", "suit": S}          Wild!: which of your field cards to raise

Resolution (:mod:`.resolve`) runs inside :func:`apply` right after the last
pick and stops only where a player must choose (``pending``), so the platform
never drives it.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import (
    JSON,
    Action,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Result,
    State,
    Transition,
    View,
    draw_rng,
    resolve_options,
)

from ..game import ID
from ..game import SEATS as SEAT_RANGE
from ..options import OPTIONS
from . import postcard, resolve
from .postcard import SUITS
from .state import KING, LOW, SEATS, Out, copy_state, facing_all, next_up, opt, seats_from

GAME = ID  # the id and seats are declared once, in game.py
MIN_SEATS, MAX_SEATS = SEAT_RANGE
__all__ = ["GAME", "KING", "LOW", "MAX_SEATS", "MIN_SEATS", "OPTIONS", "SEATS"]

_STATE_KEYS = (
    "game", "v", "options", "rng", "phase", "first_parent", "parent", "round", "row_suit", "field",
    "supply", "named", "r", "picks", "revealed", "partial", "res", "pending", "winners", "reason", "log",
)


# --------------------------------------------------------------------------- contract


def new(num_seats: int, seed: int, options: dict[str, JSON] | None = None) -> State:
    """A fresh game: the first parent drawn (or the host), nothing dealt yet (set-up is played as actions)."""
    if num_seats != SEATS:
        raise ValueError("Promotion needs exactly 4 players")
    opts = resolve_options(OPTIONS, options)  # max_rounds ≥ 1 by its bounds
    state: State = {
        "game": GAME,
        "v": 1,
        "options": opts,
        "rng": int(seed),
        "phase": "suit",
        "first_parent": 0,
        "parent": 0,
        "round": 0,
        "row_suit": [None] * SEATS,
        "field": [{} for _ in range(SEATS)],
        "supply": {s: list(range(LOW, KING + 1)) for s in SUITS},
        "named": [],
        "r": 0,
        "picks": [None] * SEATS,
        "revealed": False,
        "partial": False,
        "res": None,
        "pending": None,
        "winners": [],
        "reason": "",
        "log": [],
    }
    first = 0 if opts["first_parent"] == "host" else draw_rng(state).randrange(SEATS)
    state["first_parent"] = first
    state["parent"] = first
    if options and "max_rounds" in options and "row_suits" not in options:
        # the options of a game stored before this one existed (all the others of its time, resolved): it
        # keeps the ritual it was played with, so its replay finds the same actions legal
        opts["row_suits"] = "chosen"
    if opts["row_suits"] == "dealt":
        _deal_row_suits(state)
    return state


def _deal_row_suits(state: State) -> None:
    """Each seat's row-card suit, from the first parent in ♠♥♦♣ order: what the ritual's default gives.

    With four players and four suits the choice changes nothing (a row is
    picked by its number, whatever the suit), so asking it four times only
    made the table wait.  The field deal follows at once.
    """
    out = Out(state)
    for i, suit in enumerate(SUITS):
        seat = (state["first_parent"] + i) % SEATS
        state["row_suit"][seat] = suit
        out.emit("row_suit", seat=seat, suit=suit)
    state["phase"] = "name"


def to_act(state: State) -> list[int]:
    """Who must choose now; during the row pick, everyone who has not picked yet."""
    phase = state["phase"]
    if phase == "suit":
        taken = sum(s is not None for s in state["row_suit"])
        return [(state["first_parent"] + taken) % SEATS]
    if phase in ("name", "orient"):
        return [state["parent"]]
    if phase == "turn":
        return [(state["parent"] - 1) % SEATS]
    if phase == "pick":
        return [s for s in range(SEATS) if state["picks"][s] is None]
    if phase == "choose":
        return [state["pending"]["seat"]]
    return []


def legal(state: State, seat: int) -> list[Action]:
    """The actions ``seat`` may take now.

    During the pick every seat gets the four rows, including one that already
    picked: it may change its pick until the reveal (it is just not in ``to_act``).
    """
    phase = state["phase"]
    if phase == "over" or not _is_seat(seat):
        return []
    if phase == "pick":
        if state["picks"][seat] is not None and not opt(state, "change_pick"):
            return []  # change_pick off: the first pick is final
        return [{"type": "pick", "row": row} for row in postcard.ROWS]
    if seat not in to_act(state):
        return []
    if phase == "suit":
        taken = set(state["row_suit"])
        return [{"type": "suit", "suit": s} for s in SUITS if s not in taken]
    if phase == "name":
        return [{"type": "name", "suit": s} for s in SUITS if s not in state["named"]]
    if phase == "orient":
        # One button per side the parent could face, A..D.
        return [{"type": "orient", "r": postcard.orientation_for(seat, side)} for side in range(SEATS)]
    if phase == "turn":
        return [{"type": "turn", "turn": False}, {"type": "turn", "turn": True}]
    pending = state["pending"]
    kind = pending["kind"]
    if kind == "down":
        return [{"type": "down", "suit": s} for s in pending["suits"]]
    if kind == "wild":
        return [{"type": "wild", "suit": s} for s in pending["suits"]]
    # change: any field card of any other player, nearest seat first.
    return [{"type": "change", "seat": q, "suit": s} for q in seats_from(seat)[1:] for s in SUITS]


def _is_seat(seat: Any) -> bool:
    return type(seat) is int and 0 <= seat < SEATS


def _matches(action: Any, options: list[Action]) -> bool:
    """Exact match against a legal action, types included (so ``True`` is not row 1)."""
    if not isinstance(action, dict):
        return False
    for legal_action in options:
        if legal_action.keys() == action.keys() and all(
            type(action[k]) is type(v) and action[k] == v for k, v in legal_action.items()
        ):
            return True
    return False


def apply(state: State, seat: int, action: Action) -> Transition:
    """Apply one click; never mutates ``state``; raises a :class:`RuleError` on bad input."""
    if state["phase"] == "over":
        raise GameOver()
    if not _is_seat(seat):
        raise IllegalAction("no such seat", reason="bad_seat")
    options = legal(state, seat)
    if not options:
        raise NotYourTurn()
    if not _matches(action, options):
        raise IllegalAction("not a legal action now", reason="not_legal")
    st = copy_state(state)
    out = Out(st)
    _HANDLERS[action["type"]](st, seat, action, out)
    return Transition(st, tuple(out.events))


def view(state: State, seat: int | None) -> View:
    """Everything public, plus ``seat``'s own pick; other picks only as picked yes/no until the reveal.

    Under ``row1_first`` the row-1 picks come out first (``partial``): the view
    then shows those and still hides the rest.  ``result`` is None while the game runs, then
    ``{winners, scores, reason}`` (Promotion keeps no points: the scores are 0s, as :func:`result`'s).
    """
    v = copy_state(state)
    del v["rng"]  # the seed would predict future draws (only the first parent is random, but still)
    revealed, partial = state["revealed"], state.get("partial", False)
    v["partial"] = partial
    v["picks"] = [
        p if revealed or (partial and p == 1) or (seat is not None and s == seat) else None
        for s, p in enumerate(state["picks"])
    ]
    v["picked"] = [p is not None for p in state["picks"]]
    v["seat"] = seat
    v["to_act"] = to_act(state)
    v["sides"] = facing_all(state)
    over = state["phase"] == "over"  # the end state under the name every game's view gives it
    v["result"] = {"winners": v["winners"], "scores": [0] * SEATS, "reason": state["reason"]} if over else None
    return v


def result(state: State) -> Result | None:
    """``None`` while running; Kings share the win; ``max_rounds`` ends as a draw.  No points: 0s."""
    if state["phase"] != "over":
        return None
    return Result(tuple(state["winners"]), (0.0,) * SEATS, state["reason"])


def timeout_action(state: State, seat: int) -> Action | None:
    """The rule default when ``seat``'s timer runs out, or ``None`` to let the normal AI play.

    * row-card suit / suit to name: the first free suit in ♠♥♦♣ order (the row
      cards' suit never matters; the named suit only shifts who gets 5 vs 8);
    * orientation: keep the current one; 180° turn: do not turn;
    * row pick: ``None`` -- a row is a real decision, the AI makes it;
    * Down! tie: the first offered suit in ♠♥♦♣ order;
    * Wild!: the highest own card that can still rise (ties: ♠♥♦♣ order) --
      raising toward 13 is what the game is about;
    * Change!: ``None`` -- twelve possible swaps, no neutral default; the AI picks.
    """
    if seat not in to_act(state):
        return None
    phase = state["phase"]
    options = legal(state, seat)
    if phase in ("suit", "name"):
        return options[0]
    if phase == "orient":
        return {"type": "orient", "r": state["r"]}
    if phase == "turn":
        return {"type": "turn", "turn": False}
    if phase == "choose":
        kind = state["pending"]["kind"]
        if kind == "down":
            return options[0]
        if kind == "wild":
            field, supply = state["field"][seat], state["supply"]
            rising = [s for s in SUITS if next_up(supply[s], field[s]) is not None]
            best = max(rising, key=lambda s: field[s])  # max keeps the first of equals
            return {"type": "wild", "suit": best}
    return None


def is_reaction(state: State, seat: int) -> bool:
    """Never: every Promotion choice is a seat's own (a pick, or the choices its reveal gives it)."""
    return False


def is_own_turn(state: State, seat: int) -> bool:
    """Every seat asked is on its own turn: the secret row pick is each player's own, made at once."""
    return seat in to_act(state)


def determinize(view: View, seat: int, seed: int) -> State:
    """A full state consistent with ``seat``'s view.

    The only hidden information is the other players' current row picks before
    the reveal.  A seat the view shows as having picked gets a uniformly random
    row (from ``seed``); a seat that has not picked stays unpicked, so
    ``to_act`` is the same as in the true state.  After a ``row1_first``
    partial reveal, a hidden pick is known not to be row 1, so it is drawn
    from rows 2-4.  ``rng`` becomes ``seed``.
    """
    st = {k: view[k] for k in _STATE_KEYS if k not in ("rng", "partial")}
    st = copy_state({**st, "partial": view.get("partial", False), "rng": int(seed)})
    rng = random.Random(seed)
    if not view["revealed"]:
        low = 2 if st["partial"] else 1
        st["picks"] = [
            view["picks"][s]
            if s == seat or view["picks"][s] is not None
            else (rng.randint(low, 4) if view["picked"][s] else None)
            for s in range(SEATS)
        ]
    return st


# --------------------------------------------------------------------------- set-up


def _do_suit(st: State, seat: int, action: Action, out: Out) -> None:
    suit = action["suit"]
    st["row_suit"][seat] = suit
    out.emit("row_suit", seat=seat, suit=suit)
    if all(s is not None for s in st["row_suit"]):
        st["phase"] = "name"
        st["parent"] = st["first_parent"]


def _do_name(st: State, seat: int, action: Action, out: Out) -> None:
    """The parent names a suit; from them in seat order each takes that suit's lowest card."""
    suit = action["suit"]
    st["named"].append(suit)
    out.emit("named", seat=seat, suit=suit)
    cards = []
    for s in seats_from(seat):
        value = st["supply"][suit].pop(0)
        st["field"][s][suit] = value
        cards.append([s, value])
    out.emit("dealt", suit=suit, cards=cards)
    if len(st["named"]) < len(SUITS):
        st["parent"] = (seat - 1) % SEATS  # the player to the parent's right names next
    else:
        # Continuing that rotation would land on the first parent again, who opens round 1.
        resolve.start_round(st, 1, st["first_parent"], out)


# --------------------------------------------------------------------------- orientation and picks


def _do_orient(st: State, seat: int, action: Action, out: Out) -> None:
    st["r"] = action["r"]
    st["phase"] = "turn"
    out.emit("oriented", seat=seat, r=st["r"], sides=facing_all(st))


def _do_turn(st: State, seat: int, action: Action, out: Out) -> None:
    if action["turn"]:
        st["r"] = (st["r"] + 2) % SEATS
    st["phase"] = "pick"
    out.emit(
        "turned",
        seat=seat,
        turned=action["turn"],
        r=st["r"],
        sides=facing_all(st),
    )


def _do_pick(st: State, seat: int, action: Action, out: Out) -> None:
    """Record (or change) a secret pick; the last one reveals all four and resolves the round.

    A change of pick emits only the private notice: announcing it would tell the
    table something about an undecided player and adds nothing public.
    """
    first = st["picks"][seat] is None
    st["picks"][seat] = action["row"]
    if first:
        out.emit("picked", seat=seat)
    out.emit("pick", to=(seat,), seat=seat, row=action["row"], changed=not first, round=st["round"])
    if any(p is None for p in st["picks"]):
        return
    resolve.reveal(st, out)


_HANDLERS = {
    "suit": _do_suit,
    "name": _do_name,
    "orient": _do_orient,
    "turn": _do_turn,
    "pick": _do_pick,
    "down": resolve.do_down,
    "change": resolve.do_change,
    "wild": resolve.do_wild,
}
