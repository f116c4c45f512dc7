"""A round's resolution (docs/rules/promotion.md §2, Round steps 3-5), run inside ``rules.apply``.

Resolution starts right after the last pick and stops only where a player
must choose (``state["pending"]``); the choice's handler here picks it up
again from the cursor in ``state["res"]``, so the platform never drives it.
"""

from __future__ import annotations

from bot.engine import JSON, Action, State

from . import postcard
from .postcard import SUITS, Side
from .state import SEATS, Out, check_king, exchange, facing_all, next_down, next_up, opt, seats_from, sides, skipped


def start_round(st: State, number: int, parent: int, out: Out) -> None:
    st["round"] = number
    st["parent"] = parent
    st["picks"] = [None] * SEATS
    st["revealed"] = False
    st["partial"] = False
    st["res"] = None
    st["pending"] = None
    out.emit("round", round=number, parent=parent)
    if number == 1 or st["options"]["orient_each_round"]:
        st["phase"] = "orient"
    else:
        st["phase"] = "pick"


def reveal(st: State, out: Out) -> None:
    """All four picks are in: reveal them (or, under ``row1_first``, only the row-1 ones) and resolve."""
    row1 = [s for s in range(SEATS) if st["picks"][s] == 1]
    # Reveals carry the round: the channel's summary of a reveal (render.moment) is built from the events alone.
    if opt(st, "row1_first") and 0 < len(row1) < SEATS:
        st["partial"] = True
        out.emit("revealed_row1", seats=row1, round=st["round"])
    else:
        st["revealed"] = True
        out.emit("revealed", picks=list(st["picks"]), round=st["round"])
    st["res"] = {"stage": "special", "n": 1, "due": None, "done": [], "down": None}
    st["phase"] = "choose"
    run(st, out)


def run(st: State, out: Out) -> None:
    """Resolve from the cursor in ``res`` until a player must choose, a King appears, or the round ends."""
    layout = sides(st)
    res = st["res"]
    if res["stage"] == "special":
        if res["down"] is not None and not _run_down(st, out):
            return
        if st["phase"] == "over":
            return
        last = postcard.max_order(layout)
        while res["n"] <= last:
            n = res["n"]
            if res["due"] is None:
                # Who faces order n as its step begins; a later turn of the card cannot add to it.
                res["due"] = [
                    s
                    for s in seats_from(st["parent"])
                    if st["picks"][s] == 1
                    and s not in res["done"]
                    and postcard.facing(layout, s, st["r"]).order == n
                ]
            if not res["due"]:
                res["n"] = n + 1
                res["due"] = None
                continue
            seat = res["due"].pop(0)
            side = postcard.facing(layout, seat, st["r"])
            if side.order != n:
                continue  # turned away mid-step (only possible with repeated orders): maybe a later step
            res["done"].append(seat)
            if not _special(st, seat, side, out):
                return  # waiting for a choice, or the game ended
        # Row-1 players who now face an order already passed get nothing (the order never goes back).
        for s in seats_from(st["parent"]):
            if st["picks"][s] == 1 and s not in res["done"]:
                side = postcard.facing(layout, s, st["r"])
                out.emit("special_missed", seat=s, special=side.special, order=side.order)
        res["stage"] = "rows"
        if not st["revealed"]:  # row1_first: the other picks come out only now
            st["revealed"] = True
            st["partial"] = False
            out.emit("revealed", picks=list(st["picks"]), round=st["round"])
    for row in (2, 3, 4):
        _resolve_row(st, row, out)
        if check_king(st, out):
            return
    _end_round(st, out)


def _special(st: State, seat: int, side: Side, out: Out) -> bool:
    """Start ``seat``'s special; ``True`` if it finished and resolution may go on."""
    out.emit("special", seat=seat, special=side.special, order=side.order)
    kind = side.special
    if kind == "spin":
        st["r"] = (st["r"] + 1) % SEATS  # clockwise: everyone now faces their right-hand neighbour's side
        out.emit("spin", seat=seat, r=st["r"], sides=facing_all(st))
        return True
    if kind == "down":
        layout = sides(st)
        others = seats_from(seat)[1:]
        # Affected players exchange in the order of the order numbers now facing them.
        others.sort(key=lambda s: postcard.facing(layout, s, st["r"]).order)
        st["res"]["down"] = {"by": seat, "queue": others}
        return _run_down(st, out) and st["phase"] != "over"
    if kind == "change":
        st["pending"] = {"kind": "change", "seat": seat, "by": seat, "suits": list(SUITS)}
        st["phase"] = "choose"
        out.emit("await", seat=seat, kind="change")
        return False
    # wild
    field, supply = st["field"][seat], st["supply"]
    if all(next_up(supply[s], field[s]) is None for s in SUITS):
        out.emit("wild_none", seat=seat)
        return not check_king(st, out)
    st["pending"] = {"kind": "wild", "seat": seat, "by": seat, "suits": list(SUITS)}
    st["phase"] = "choose"
    out.emit("await", seat=seat, kind="wild")
    return False


def down_choices(st: State, seat: int) -> tuple[list[str], list[str]]:
    """Down! for ``seat``: (the tied highest suits it may pick from, those of them that can go down).

    ``down_tie`` ``any`` offers every tied card (picking one with nothing lower
    dodges Down!); ``must_move`` offers only the ones that can go down, when any can.
    """
    field = st["field"][seat]
    high = max(field.values())
    tied = [s for s in SUITS if field[s] == high]
    movable = [s for s in tied if next_down(st["supply"][s], high) is not None]
    if opt(st, "down_tie") == "must_move" and movable:
        return movable, movable
    return tied, movable


def _run_down(st: State, out: Out) -> bool:
    """Work through Down!'s queue; ``False`` if it stopped for a tie choice."""
    down = st["res"]["down"]
    while down["queue"]:
        q = down["queue"][0]
        choices, movable = down_choices(st, q)
        if len(choices) > 1 and movable:  # a real choice: at least two cards, and not all alike (none can move)
            st["pending"] = {"kind": "down", "seat": q, "by": down["by"], "suits": choices}
            st["phase"] = "choose"
            out.emit("await", seat=q, kind="down", suits=list(choices))
            return False
        down["queue"].pop(0)
        _down_one(st, q, choices[0], out)
    st["res"]["down"] = None
    return not check_king(st, out)


def _down_one(st: State, seat: int, suit: str, out: Out, **extra: JSON) -> None:
    old = st["field"][seat][suit]
    lower = next_down(st["supply"][suit], old)
    if lower is None:
        out.emit("down_none", seat=seat, suit=suit, value=old, **extra)
        return
    jumped = skipped(st, suit, old, lower)
    exchange(st, seat, suit, lower)
    out.emit("down_move", seat=seat, suit=suit, old=old, new=lower, skipped=jumped, **extra)


def _raise(st: State, seat: int, suit: str, out: Out, kind: str, **extra: JSON) -> None:
    """Raise ``seat``'s card of ``suit`` to the next higher supply card (skipping held ones)."""
    old = st["field"][seat][suit]
    higher = next_up(st["supply"][suit], old)
    if higher is None:
        out.emit(kind + "_none", seat=seat, suit=suit, value=old, **extra)
        return
    jumped = skipped(st, suit, old, higher)
    exchange(st, seat, suit, higher)
    out.emit(kind, seat=seat, suit=suit, old=old, new=higher, skipped=jumped, **extra)


def _resolve_row(st: State, row: int, out: Out) -> None:
    """Row 2-4: suits listed for two or more of its choosers clash; every other suit is raised."""
    layout = sides(st)
    choosers = [s for s in seats_from(st["parent"]) if st["picks"][s] == row]
    if not choosers:
        return
    pairs = {s: postcard.facing(layout, s, st["r"]).row(row) for s in choosers}
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


def _end_round(st: State, out: Out) -> None:
    out.emit("round_end", round=st["round"])
    if st["round"] >= st["options"]["max_rounds"]:
        st["phase"] = "over"
        st["winners"] = []
        st["reason"] = "max_rounds"
        st["res"] = None
        out.emit("draw", reason="max_rounds", rounds=st["round"])
        return
    start_round(st, st["round"] + 1, (st["parent"] + 1) % SEATS, out)


# --------------------------------------------------------------------------- special choices
# An answer's first event carries the round: the change it starts is summed up in the channel
# (render.moment) from its own events alone, and its heading names the round.


def do_down(st: State, seat: int, action: Action, out: Out) -> None:
    st["pending"] = None
    st["res"]["down"]["queue"].pop(0)
    _down_one(st, seat, action["suit"], out, round=st["round"])
    _continue(st, out)


def do_change(st: State, seat: int, action: Action, out: Out) -> None:
    target, suit = action["seat"], action["suit"]
    mine, theirs = st["field"][seat][suit], st["field"][target][suit]
    st["field"][seat][suit], st["field"][target][suit] = theirs, mine
    st["pending"] = None
    out.emit("change", seat=seat, target=target, suit=suit, gave=mine, took=theirs, round=st["round"])
    if not check_king(st, out):
        _continue(st, out)


def do_wild(st: State, seat: int, action: Action, out: Out) -> None:
    st["pending"] = None
    _raise(st, seat, action["suit"], out, "wild", round=st["round"])
    if not check_king(st, out):
        _continue(st, out)


def _continue(st: State, out: Out) -> None:
    if st["phase"] != "over":
        st["phase"] = "choose"
        run(st, out)
