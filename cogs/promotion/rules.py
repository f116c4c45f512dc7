"""Promotion's rules as a pure engine (RULES.md §2; contract in :mod:`bot.engine`).

State shape (JSON; every key always present)::

    game "promotion", v 1, options {postcard, orient_each_round, max_rounds}, rng int
    phase       "suit" | "name" | "orient" | "turn" | "pick" | "choose" | "over"
    first_parent seat chosen at random; leads set-up and is round 1's parent
    parent      the current parent (during the field deal: the player naming a suit)
    round       0 during set-up, then 1, 2, ...
    row_suit    [suit | None] * 4        the suit of each seat's row cards 1-4
    field       [{suit: value}] * 4      field cards (public), 5..13
    supply      {suit: [values]}         face-up supply piles, sorted ascending
    named       [suit]                   suits named so far in the field deal
    r           int 0..3                 orientation: seat s faces side (s + r) % 4
    picks       [row | None] * 4         this round's row choices (HIDDEN until revealed)
    revealed    bool                     picks are public once all four are in
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

Resolution runs inside :func:`apply` right after the last pick and stops only
where a player must choose (``pending``), so the platform never drives it.
"""

from __future__ import annotations

import bisect
import random
from typing import Any

from bot.engine import (
    JSON,
    Action,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Result,
    RuleOption,
    State,
    Transition,
    View,
    draw_rng,
    resolve_options,
)

from . import postcard
from .postcard import SUITS, Side

GAME = "promotion"
MIN_SEATS = 4
MAX_SEATS = 4
SEATS = 4
LOW, KING = 5, 13
"""Supply and field cards run 5..13; cards 1-4 are the row cards."""
LOG_KEEP = 16
"""How many public events the state keeps for the board's log (older ones drop off)."""

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "postcard",
        postcard.DEFAULT_LAYOUT,
        "Postcard layout (RULES.md §2 [decision]: the source card exists only as an image; "
        "'rules_md_v1' is RULES.md's reconstruction).",
        choices=tuple(postcard.LAYOUTS),
    ),
    RuleOption(
        "orient_each_round",
        True,
        "RULES.md §2 [decision]: the parent orients the postcard and the player to their right may "
        "turn it 180° every round (True), or only before round 1 as the source describes (False).",
        choices=(True, False),
    ),
    RuleOption(
        "max_rounds",
        200,
        "Not in the source: after this many rounds without a King the game ends as a draw, "
        "so every game terminates.",
        bounds=(1, 1000),
    ),
)

_STATE_KEYS = (
    "game", "v", "options", "rng", "phase", "first_parent", "parent", "round", "row_suit", "field",
    "supply", "named", "r", "picks", "revealed", "res", "pending", "winners", "reason", "log",
)


# --------------------------------------------------------------------------- helpers


def _sides(state: State) -> tuple[Side, ...]:
    return postcard.LAYOUTS[state["options"]["postcard"]]


def _from(start: int) -> list[int]:
    """Seats in seat order starting at ``start`` (used for every 'in order from X')."""
    return [(start + i) % SEATS for i in range(SEATS)]


def _next_up(pile: list[int], value: int) -> int | None:
    """The lowest supply card above ``value`` (a raise skips cards others hold)."""
    i = bisect.bisect_right(pile, value)
    return pile[i] if i < len(pile) else None


def _next_down(pile: list[int], value: int) -> int | None:
    """The highest supply card below ``value`` (Down! skips cards others hold)."""
    i = bisect.bisect_left(pile, value)
    return pile[i - 1] if i > 0 else None


def _copy(state: State) -> State:
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


class _Out:
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


def _holder(state: State, suit: str, value: int) -> int | None:
    for seat, field in enumerate(state["field"]):
        if field.get(suit) == value:
            return seat
    return None


def _exchange(state: State, seat: int, suit: str, new: int) -> int:
    """Return ``seat``'s card of ``suit`` to its supply pile and take ``new`` from it."""
    pile = state["supply"][suit]
    old = state["field"][seat][suit]
    pile.remove(new)
    bisect.insort(pile, old)
    state["field"][seat][suit] = new
    return old


def _skipped(state: State, suit: str, old: int, new: int) -> list[list[int]]:
    """The cards jumped over by a move (each held by someone), as ``[value, holder]`` pairs."""
    lo, hi = (old, new) if old < new else (new, old)
    out = []
    for value in range(lo + 1, hi):
        holder = _holder(state, suit, value)
        out.append([value, -1 if holder is None else holder])
    return out if old < new else out[::-1]


def _kings(state: State) -> list[int]:
    return [s for s in range(SEATS) if KING in state["field"][s].values()]


def _check_king(state: State, out: _Out) -> bool:
    """RULES.md step 5: after a step that moves cards, everyone holding a 13 wins together."""
    kings = _kings(state)
    if not kings:
        return False
    state["phase"] = "over"
    state["winners"] = kings
    state["reason"] = "king"
    state["pending"] = None
    state["res"] = None
    out.emit("king", seats=list(kings))
    return True


# --------------------------------------------------------------------------- contract


def new(num_seats: int, seed: int, options: dict[str, JSON] | None = None) -> State:
    """A fresh game: random first parent, nothing dealt yet (set-up is played as actions)."""
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
        "res": None,
        "pending": None,
        "winners": [],
        "reason": "",
        "log": [],
    }
    first = draw_rng(state).randrange(SEATS)
    state["first_parent"] = first
    state["parent"] = first
    return state


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
    return [{"type": "change", "seat": q, "suit": s} for q in _from(seat)[1:] for s in SUITS]


def _is_seat(seat: Any) -> bool:
    return type(seat) is int and 0 <= seat < SEATS


def _matches(action: Any, options: list[Action]) -> bool:
    """Exact match against a legal action, types included (so ``True`` is not row 1)."""
    if not isinstance(action, dict):
        return False
    for opt in options:
        if opt.keys() == action.keys() and all(
            type(action[k]) is type(v) and action[k] == v for k, v in opt.items()
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
    st = _copy(state)
    out = _Out(st)
    _HANDLERS[action["type"]](st, seat, action, out)
    return Transition(st, tuple(out.events))


def view(state: State, seat: int | None) -> View:
    """Everything public, plus ``seat``'s own pick; other picks only as picked yes/no until the reveal."""
    v = _copy(state)
    del v["rng"]  # the seed would predict future draws (only the first parent is random, but still)
    revealed = state["revealed"]
    v["picks"] = [
        p if revealed or (seat is not None and s == seat) else None for s, p in enumerate(state["picks"])
    ]
    v["picked"] = [p is not None for p in state["picks"]]
    v["seat"] = seat
    v["to_act"] = to_act(state)
    v["sides"] = [postcard.side_index(s, state["r"]) for s in range(SEATS)]
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
    * Down! tie: the first tied suit in ♠♥♦♣ order;
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
            rising = [s for s in SUITS if _next_up(supply[s], field[s]) is not None]
            best = max(rising, key=lambda s: field[s])  # max keeps the first of equals
            return {"type": "wild", "suit": best}
    return None


def determinize(view: View, seat: int, seed: int) -> State:
    """A full state consistent with ``seat``'s view.

    The only hidden information is the other players' current row picks before
    the reveal.  A seat the view shows as having picked gets a uniformly random
    row (from ``seed``); a seat that has not picked stays unpicked, so
    ``to_act`` is the same as in the true state.  ``rng`` becomes ``seed``.
    """
    st = {k: view[k] for k in _STATE_KEYS if k != "rng"}
    st = _copy({**st, "rng": int(seed)})
    rng = random.Random(seed)
    if not view["revealed"]:
        st["picks"] = [
            view["picks"][s] if s == seat else (rng.randint(1, 4) if view["picked"][s] else None)
            for s in range(SEATS)
        ]
    return st


# --------------------------------------------------------------------------- set-up


def _do_suit(st: State, seat: int, action: Action, out: _Out) -> None:
    suit = action["suit"]
    st["row_suit"][seat] = suit
    out.emit("row_suit", seat=seat, suit=suit)
    if all(s is not None for s in st["row_suit"]):
        st["phase"] = "name"
        st["parent"] = st["first_parent"]


def _do_name(st: State, seat: int, action: Action, out: _Out) -> None:
    """The parent names a suit; from them in seat order each takes that suit's lowest card."""
    suit = action["suit"]
    st["named"].append(suit)
    out.emit("named", seat=seat, suit=suit)
    cards = []
    for s in _from(seat):
        value = st["supply"][suit].pop(0)
        st["field"][s][suit] = value
        cards.append([s, value])
    out.emit("dealt", suit=suit, cards=cards)
    if len(st["named"]) < len(SUITS):
        st["parent"] = (seat - 1) % SEATS  # the player to the parent's right names next
    else:
        # Continuing that rotation would land on the first parent again, who opens round 1.
        _start_round(st, 1, st["first_parent"], out)


def _start_round(st: State, number: int, parent: int, out: _Out) -> None:
    st["round"] = number
    st["parent"] = parent
    st["picks"] = [None] * SEATS
    st["revealed"] = False
    st["res"] = None
    st["pending"] = None
    out.emit("round", round=number, parent=parent)
    if number == 1 or st["options"]["orient_each_round"]:
        st["phase"] = "orient"
    else:
        st["phase"] = "pick"


# --------------------------------------------------------------------------- orientation and picks


def _do_orient(st: State, seat: int, action: Action, out: _Out) -> None:
    st["r"] = action["r"]
    st["phase"] = "turn"
    out.emit("oriented", seat=seat, r=st["r"], sides=[postcard.side_index(s, st["r"]) for s in range(SEATS)])


def _do_turn(st: State, seat: int, action: Action, out: _Out) -> None:
    if action["turn"]:
        st["r"] = (st["r"] + 2) % SEATS
    st["phase"] = "pick"
    out.emit(
        "turned",
        seat=seat,
        turned=action["turn"],
        r=st["r"],
        sides=[postcard.side_index(s, st["r"]) for s in range(SEATS)],
    )


def _do_pick(st: State, seat: int, action: Action, out: _Out) -> None:
    """Record (or change) a secret pick; the last one reveals all four and resolves the round.

    A change of pick emits only the private notice: announcing it would tell the
    table something about an undecided player and adds nothing public.
    """
    first = st["picks"][seat] is None
    st["picks"][seat] = action["row"]
    if first:
        out.emit("picked", seat=seat)
    out.emit("pick", to=(seat,), seat=seat, row=action["row"], changed=not first)
    if any(p is None for p in st["picks"]):
        return
    st["revealed"] = True
    out.emit("revealed", picks=list(st["picks"]))
    st["res"] = {"stage": "special", "n": 1, "due": None, "done": [], "down": None}
    st["phase"] = "choose"
    _run(st, out)


# --------------------------------------------------------------------------- resolution


def _run(st: State, out: _Out) -> None:
    """Resolve from the cursor in ``res`` until a player must choose, a King appears, or the round ends."""
    sides = _sides(st)
    res = st["res"]
    if res["stage"] == "special":
        if res["down"] is not None and not _run_down(st, out):
            return
        if st["phase"] == "over":
            return
        last = postcard.max_order(sides)
        while res["n"] <= last:
            n = res["n"]
            if res["due"] is None:
                # Who faces order n as its step begins; a later turn of the card cannot add to it.
                res["due"] = [
                    s
                    for s in _from(st["parent"])
                    if st["picks"][s] == 1
                    and s not in res["done"]
                    and postcard.facing(sides, s, st["r"]).order == n
                ]
            if not res["due"]:
                res["n"] = n + 1
                res["due"] = None
                continue
            seat = res["due"].pop(0)
            side = postcard.facing(sides, seat, st["r"])
            if side.order != n:
                continue  # turned away mid-step (only possible with repeated orders): maybe a later step
            res["done"].append(seat)
            if not _special(st, seat, side, out):
                return  # waiting for a choice, or the game ended
        # Row-1 players who now face an order already passed get nothing (the order never goes back).
        for s in _from(st["parent"]):
            if st["picks"][s] == 1 and s not in res["done"]:
                side = postcard.facing(sides, s, st["r"])
                out.emit("special_missed", seat=s, special=side.special, order=side.order)
        res["stage"] = "rows"
    for row in (2, 3, 4):
        _resolve_row(st, row, out)
        if _check_king(st, out):
            return
    _end_round(st, out)


def _special(st: State, seat: int, side: Side, out: _Out) -> bool:
    """Start ``seat``'s special; ``True`` if it finished and resolution may go on."""
    out.emit("special", seat=seat, special=side.special, order=side.order)
    kind = side.special
    if kind == "spin":
        st["r"] = (st["r"] + 1) % SEATS
        out.emit("spin", seat=seat, r=st["r"], sides=[postcard.side_index(s, st["r"]) for s in range(SEATS)])
        return True
    if kind == "down":
        sides = _sides(st)
        others = _from(seat)[1:]
        # Affected players exchange in the order of the order numbers now facing them.
        others.sort(key=lambda s: postcard.facing(sides, s, st["r"]).order)
        st["res"]["down"] = {"by": seat, "queue": others}
        return _run_down(st, out) and st["phase"] != "over"
    if kind == "change":
        st["pending"] = {"kind": "change", "seat": seat, "by": seat, "suits": list(SUITS)}
        st["phase"] = "choose"
        out.emit("await", seat=seat, kind="change")
        return False
    # wild
    field, supply = st["field"][seat], st["supply"]
    if all(_next_up(supply[s], field[s]) is None for s in SUITS):
        out.emit("wild_none", seat=seat)
        return not _check_king(st, out)
    st["pending"] = {"kind": "wild", "seat": seat, "by": seat, "suits": list(SUITS)}
    st["phase"] = "choose"
    out.emit("await", seat=seat, kind="wild")
    return False


def _run_down(st: State, out: _Out) -> bool:
    """Work through Down!'s queue; ``False`` if it stopped for a tie choice."""
    down = st["res"]["down"]
    while down["queue"]:
        q = down["queue"][0]
        field = st["field"][q]
        high = max(field.values())
        tied = [s for s in SUITS if field[s] == high]
        movable = [s for s in tied if _next_down(st["supply"][s], high) is not None]
        if len(tied) > 1 and movable:
            st["pending"] = {"kind": "down", "seat": q, "by": down["by"], "suits": tied}
            st["phase"] = "choose"
            out.emit("await", seat=q, kind="down", suits=list(tied))
            return False
        down["queue"].pop(0)
        _down_one(st, q, (movable or tied)[0], out)
    st["res"]["down"] = None
    return not _check_king(st, out)


def _down_one(st: State, seat: int, suit: str, out: _Out) -> None:
    old = st["field"][seat][suit]
    lower = _next_down(st["supply"][suit], old)
    if lower is None:
        out.emit("down_none", seat=seat, suit=suit, value=old)
        return
    skipped = _skipped(st, suit, old, lower)
    _exchange(st, seat, suit, lower)
    out.emit("down_move", seat=seat, suit=suit, old=old, new=lower, skipped=skipped)


def _raise(st: State, seat: int, suit: str, out: _Out, kind: str, **extra: JSON) -> None:
    """Raise ``seat``'s card of ``suit`` to the next higher supply card (skipping held ones)."""
    old = st["field"][seat][suit]
    higher = _next_up(st["supply"][suit], old)
    if higher is None:
        out.emit(kind + "_none", seat=seat, suit=suit, value=old, **extra)
        return
    skipped = _skipped(st, suit, old, higher)
    _exchange(st, seat, suit, higher)
    out.emit(kind, seat=seat, suit=suit, old=old, new=higher, skipped=skipped, **extra)


def _resolve_row(st: State, row: int, out: _Out) -> None:
    """Row 2-4: suits listed for two or more of its choosers clash; every other suit is raised."""
    sides = _sides(st)
    choosers = [s for s in _from(st["parent"]) if st["picks"][s] == row]
    if not choosers:
        return
    pairs = {s: postcard.facing(sides, s, st["r"]).row(row) for s in choosers}
    clashes = [
        [suit, [s for s in choosers if suit in pairs[s]]]
        for suit in SUITS
        if sum(suit in pairs[s] for s in choosers) >= 2
    ]
    clashed = {c[0] for c in clashes}
    out.emit("row", row=row, seats=choosers, suits=[list(pairs[s]) for s in choosers], clashes=clashes)
    for s in choosers:
        for suit in pairs[s]:
            if suit not in clashed:
                _raise(st, s, suit, out, "raise", row=row)


def _end_round(st: State, out: _Out) -> None:
    out.emit("round_end", round=st["round"])
    if st["round"] >= st["options"]["max_rounds"]:
        st["phase"] = "over"
        st["winners"] = []
        st["reason"] = "max_rounds"
        st["res"] = None
        out.emit("draw", reason="max_rounds", rounds=st["round"])
        return
    _start_round(st, st["round"] + 1, (st["parent"] + 1) % SEATS, out)


# --------------------------------------------------------------------------- special choices


def _do_down(st: State, seat: int, action: Action, out: _Out) -> None:
    st["pending"] = None
    st["res"]["down"]["queue"].pop(0)
    _down_one(st, seat, action["suit"], out)
    _continue(st, out)


def _do_change(st: State, seat: int, action: Action, out: _Out) -> None:
    target, suit = action["seat"], action["suit"]
    mine, theirs = st["field"][seat][suit], st["field"][target][suit]
    st["field"][seat][suit], st["field"][target][suit] = theirs, mine
    st["pending"] = None
    out.emit("change", seat=seat, target=target, suit=suit, gave=mine, took=theirs)
    if not _check_king(st, out):
        _continue(st, out)


def _do_wild(st: State, seat: int, action: Action, out: _Out) -> None:
    st["pending"] = None
    _raise(st, seat, action["suit"], out, "wild")
    if not _check_king(st, out):
        _continue(st, out)


def _continue(st: State, out: _Out) -> None:
    if st["phase"] != "over":
        st["phase"] = "choose"
        _run(st, out)


_HANDLERS = {
    "suit": _do_suit,
    "name": _do_name,
    "orient": _do_orient,
    "turn": _do_turn,
    "pick": _do_pick,
    "down": _do_down,
    "change": _do_change,
    "wild": _do_wild,
}
