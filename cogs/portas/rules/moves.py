"""How a PORTAS move changes the state: ports, takes, passes, draws, the end, and the move log.

Split from the engine (``__init__.py``).  Copy-on-write: only the containers a move changes
are copied; events and log entries are built once and shared (``_logged``).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from bot.engine import (
    JSON,
    Action,
    Event,
    GameOver,
    NotYourTurn,
    State,
    Transition,
)

from .parts import (
    HAND_SIZE,
    OPEN_SLOTS,
    PORT_DECK,
    RECENT,
    TREASURES,
    PortasError,
    _fresh_treasure,
)
from .state import _event, _new_instance, _Port, copy_state


def apply(state: State, seat: int, action: Action) -> Transition:
    """Validate, then port (or pass) on a copy; draw and auto-pass for the next player.

    This is the hot path of every AI rollout, hence the inlined checks.
    """
    if state["result"] is not None:
        raise GameOver()
    if seat != state["turn"] or type(seat) is not int:
        raise NotYourTurn()
    if type(action) is _Port:  # from legal(): well-formed by construction
        card = action["card"]
        treasure = action["treasure"]
    elif type(action) is not dict:
        raise PortasError("bad_action")
    else:
        kind = action.get("type")
        if kind == "pass" and len(action) == 1:
            if state["options"]["pass_rule"] != "voluntary":
                raise PortasError("must_port")
            return _voluntary_pass(state, seat)
        if kind != "port" or len(action) != 3:
            raise PortasError("bad_action")
        try:
            card = action["card"]
            treasure = action["treasure"]
        except KeyError:
            raise PortasError("bad_action") from None
        if type(card) is not int or type(treasure) is not int:
            raise PortasError("bad_action")
    return _port(state, seat, card, treasure)


def _port(state: State, seat: int, card: int, value: int) -> Transition:
    """Play ``card`` onto the open treasure worth ``value`` and pass the turn on.

    The move is checked against the board as it is made: nothing is written
    to ``state`` (copy-on-write), so raising midway leaves it unchanged.  The
    common case — no take, the next player draws and can port — stays in
    this one function with no helper calls (even the Transition is built
    inline): it is the hot path of every AI rollout.  A take goes through
    :func:`_take` first; forced passes and the end through :func:`_start_turn`.
    """
    hands = state["hands"]
    hand = hands[seat].copy()
    try:
        hand.remove(card)
    except ValueError:
        raise PortasError("card_not_in_hand", card=card) from None
    opened = state["open"]
    for t in opened:
        if t["value"] == value:
            break
    else:
        raise PortasError("no_such_treasure", treasure=value)
    total = t["total"] + card
    if total > value and state["options"]["overshoot"] != "allowed":
        raise PortasError("overshoot", card=card, treasure=value, total=t["total"])
    opened = opened.copy()
    index = opened.index(t)
    ports = t["ports"].copy()
    ports[seat] = [*ports[seat], card]
    try:
        event, entry = _PORTED[value][card][seat][total]
    except KeyError:  # an overshot total (option "allowed") is not in the table
        event, entry = _logged(("ported", seat, card, value, total))
    new_state = copy_state(state)
    new_state["passes"] = 0
    new_state["open"] = opened
    nxt = 1 - seat
    events = None  # only a take, a pass or the end logs more than the port
    if total == value:
        del opened[index]
        events, recent = [event], [entry]
        _take(new_state, seat, value, ports, events, recent)
        if not opened:  # nothing left to reveal either: all five are taken
            new_state["hands"] = [hand, hands[1]] if seat == 0 else [hands[0], hand]
            _finish(new_state, "all_taken", events)
            return _done(new_state, events, recent)
    else:
        opened[index] = {"value": value, "total": total, "ports": ports}
    # Step 1 of the next turn: the next player draws back to 4 from their own deck (inline _draw).
    other = hands[nxt]
    if len(other) < HAND_SIZE:
        decks = state["decks"]
        deck = decks[nxt]
        if deck:
            other, deck = other.copy(), deck.copy()
            while len(other) < HAND_SIZE and deck:  # the top cards (top = last); the hand stays sorted
                insort(other, deck.pop())
            new_state["decks"] = [deck, decks[1]] if nxt == 0 else [decks[0], deck]
    new_state["hands"] = [hand, other] if seat == 0 else [other, hand]
    if other and state["options"]["overshoot"] == "illegal":  # inline _can_port
        low = other[0]  # hands are sorted
        for t in opened:
            if t["total"] + low <= t["value"]:  # the next player can port: no pass is due
                new_state["turn"] = nxt
                if events is not None:
                    return _done(new_state, events, recent)
                recent = state["recent"][1 - RECENT :]
                recent.append(entry)
                new_state["recent"] = recent
                transition = _new_instance(Transition)  # inline _transition
                fields = transition.__dict__
                fields["state"] = new_state
                fields["events"] = (event,)
                return transition
    if events is None:
        events, recent = [event], [entry]
    _start_turn(new_state, nxt, events, recent)
    return _done(new_state, events, recent)


def _take(new_state: State, seat: int, value: int, ports: list, events: list, recent: list) -> None:
    """Give the completed treasure to ``seat``, score only their own ports, refill the row."""
    points = sum(ports[seat])
    won = {"value": value, "ports": ports, "points": points}
    taken = new_state["taken"] = new_state["taken"].copy()
    taken[seat] = [*taken[seat], won]
    scores = new_state["scores"] = new_state["scores"].copy()
    scores[seat] += points
    new_state["last_taker"] = seat
    _log(events, recent, ("took", seat, value, value, points, sum(ports[1 - seat])))
    opened = new_state["open"]
    if len(opened) < OPEN_SLOTS and new_state["treasure_deck"]:
        deck = new_state["treasure_deck"] = new_state["treasure_deck"].copy()
        while len(opened) < OPEN_SLOTS and deck:
            revealed = deck.pop()
            opened.append(_fresh_treasure(revealed))
            _log(events, recent, ("revealed", revealed))


def _voluntary_pass(state: State, seat: int) -> Transition:
    new_state = copy_state(state)
    events: list[Event] = []
    recent: list[dict[str, Any]] = []
    _log(events, recent, ("passed", seat, False))
    new_state["passes"] = state["passes"] + 1
    if new_state["passes"] >= 2:
        _finish(new_state, "both_passed", events)
    else:
        _start_turn(new_state, 1 - seat, events, recent)
    return _done(new_state, events, recent)


def _start_turn(new_state: State, seat: int, events: list[Event], recent: list) -> None:
    """Draw back to 4, then hand the turn over, auto-passing for a seat with no legal port.

    Mutates ``new_state`` (a fresh copy owned by the caller), but copies every
    nested list before changing it because those are shared with the old state.
    """
    allowed = new_state["options"]["overshoot"] == "allowed"
    for _ in range(2):
        hand = new_state["hands"][seat]
        if len(hand) < HAND_SIZE and new_state["decks"][seat]:
            _draw(new_state, seat)
            hand = new_state["hands"][seat]
        # inline _can_port: this loop runs after every take and pass
        opened = new_state["open"]
        if hand and opened:
            if allowed:
                new_state["turn"] = seat
                return
            low = hand[0]  # hands are sorted
            for t in opened:
                if t["total"] + low <= t["value"]:
                    new_state["turn"] = seat
                    return
        _log(events, recent, ("passed", seat, True))
        new_state["passes"] = passes = new_state["passes"] + 1
        if passes >= 2:
            _finish(new_state, "both_passed", events)
            return
        seat = 1 - seat
    raise AssertionError("unreachable: two passes end the game")  # pragma: no cover


def _draw(new_state: State, seat: int) -> None:
    """Step 1 of a turn: a hand short of 4 draws from its own deck (top = last).

    No event: hands are public, so the board already shows the new card.
    """
    hand = new_state["hands"][seat]
    deck = new_state["decks"][seat]
    if len(hand) >= HAND_SIZE or not deck:
        return
    hand, deck = hand.copy(), deck.copy()
    while len(hand) < HAND_SIZE and deck:
        insort(hand, deck.pop())
    hands, decks = new_state["hands"], new_state["decks"]
    new_state["hands"] = [hand, hands[1]] if seat == 0 else [hands[0], hand]
    new_state["decks"] = [deck, decks[1]] if seat == 0 else [decks[0], deck]


def _can_port(state: State, seat: int) -> bool:
    hand = state["hands"][seat]
    if not hand or not state["open"]:
        return False
    if state["options"]["overshoot"] == "allowed":
        return True
    low = hand[0]  # hands are sorted
    return any(t["total"] + low <= t["value"] for t in state["open"])


def _finish(new_state: State, reason: str, events: list[Event]) -> None:
    winners, decided_by = _winners(new_state)
    scores = list(new_state["scores"])
    new_state["turn"] = None
    new_state["result"] = {"winners": winners, "scores": scores, "reason": reason, "decided_by": decided_by}
    args = {"winners": list(winners), "scores": list(scores), "reason": reason, "decided_by": decided_by}
    events.append(_event("game_over", args))


def _winners(state: State) -> tuple[list[int], str]:
    """Higher score; then the ``tiebreak`` option's steps; else a draw.  Returns (winners, why)."""
    a, b = state["scores"]
    if a != b:
        return [0 if a > b else 1], "score"
    rule = state["options"]["tiebreak"]
    if rule in ("treasures_then_last", "treasures"):
        na, nb = len(state["taken"][0]), len(state["taken"][1])
        if na != nb:
            return [0 if na > nb else 1], "treasures"
    if rule in ("treasures_then_last", "last_taker") and state["last_taker"] is not None:
        return [state["last_taker"]], "last_taker"
    return [], "draw"


def _log(events: list[Event], recent: list, key: tuple[JSON, ...]) -> None:
    """Record a move event (``key`` = kind, then its args' values) for the caller and for the board's "last moves"."""
    event, entry = _LOGGED.get(key) or _logged(key)
    events.append(event)
    recent.append(entry)


_ARG_NAMES: dict[str, tuple[str, ...]] = {
    "ported": ("seat", "card", "treasure", "total"),
    "took": ("seat", "treasure", "value", "points", "lost"),
    "revealed": ("treasure",),
    "passed": ("seat", "forced"),
}
"""The args of each move event, in the order of their values in a ``_LOGGED`` key."""

_LOGGED: dict[tuple[JSON, ...], tuple[Event, dict[str, JSON]]] = {}


def _logged(key: tuple[JSON, ...]) -> tuple[Event, dict[str, JSON]]:
    """The move event for ``key`` (kind, then arg values) and its ``recent`` entry, sharing one args dict.

    A move event is a function of a few small ints (there are about a
    thousand), so each is built once and shared by every game that makes
    that move: events, their args and ``recent`` entries are read-only, like
    the rest of the state.  Building them afresh was a fifth of ``apply``.
    """
    kind = key[0]
    args = dict(zip(_ARG_NAMES[kind], key[1:], strict=True))
    logged = _event(kind, args), {"kind": kind, "args": args}
    if len(_LOGGED) < 8192:  # bounded all the same: "overshoot allowed" totals have no fixed cap
        _LOGGED[key] = logged
    return logged


_PORTED: dict[int, dict[int, tuple[dict[int, tuple[Event, dict[str, JSON]]], ...]]] = {
    value: {
        card: tuple({t: _logged(("ported", seat, card, value, t)) for t in range(card, value + 1)} for seat in (0, 1))
        for card in sorted(set(PORT_DECK))
    }
    for value in TREASURES
}
"""``_PORTED[value][card][seat][total]``: the shared event of every port that does not overshoot."""


def _done(new_state: State, events: list[Event], recent: list) -> Transition:
    """Keep the last few moves in the state (the board shows them), wrap up the transition."""
    new_state["recent"] = (new_state["recent"] + recent)[-RECENT:]
    transition = _new_instance(Transition)  # inline _transition
    fields = transition.__dict__
    fields["state"] = new_state
    fields["events"] = tuple(events)
    return transition
