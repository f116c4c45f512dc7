"""The PORTAS engine (RULES.md §1): pure, JSON state, no I/O.

Module-level names satisfy :class:`bot.engine.Engine`.

Shapes (all JSON):

* **Action** — ``{"type": "port", "card": 3, "treasure": 13}`` plays a hand
  card *by value* onto the open treasure *whose value is 13*.  Treasure
  values 11–15 are unique, so the value is a stable id: a button made before
  a refill still names the same treasure, and duplicate hand cards give one
  action, not two.  ``{"type": "pass"}`` exists only under the
  ``pass_rule="voluntary"`` option.
* **Forced passes are automatic.**  When the player about to move has no
  legal port, :func:`apply` passes for them and emits a ``passed`` event with
  ``forced=True``; so :func:`to_act` always names a seat that has a real
  choice, and the platform never needs a one-button prompt.  Two passes in a
  row end the game.  The turn-start draw also happens inside :func:`apply`,
  so the player to act always holds their full hand.
* **Events** (all public) — ``ported`` {seat, card, treasure, total},
  ``took`` {seat, treasure, value, points, lost}, ``revealed`` {treasure},
  ``passed`` {seat, forced}, ``game_over`` {winners, scores, reason,
  decided_by}.  Draws have no event: hands are public.
* **State** — see :func:`new`.  Deck lists are drawn from the *end*
  (``deck[-1]`` is the top card); hands are kept sorted.
* **View** — the state without ``decks``, ``treasure_deck`` and ``rng``; in
  their place deck sizes and each deck's *contents in value order* (public
  anyway: every card not in a deck is face up), which is what a player at
  the table could work out.

Copy-on-write: :func:`apply` copies only the containers it changes and
shares the rest with the input state, which is never mutated.  Move events
are built once and shared by every game that makes the same move (see
``_logged``), their args dict also being the state's ``recent`` entry.
Treat states, events and their args as immutable; the port actions
:func:`legal` returns are shared too, and read-only (see ``_Port``).  This
keeps a random full game at a few hundred microseconds (``bench/engines.py``),
which the strong AI's rollouts need.  ``tests/portas/plain.py`` is the same
rule set without any of these shortcuts; ``tests/portas/test_fast_paths.py``
holds the two to the same states, events and errors.
"""

from __future__ import annotations

from bisect import insort
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
from cogs.portas import views
from cogs.portas.fast import _event, _new_instance, _Port, _randbelow, _shuffle

GAME = "portas"
MIN_SEATS = 2
MAX_SEATS = 2

TREASURES: tuple[int, ...] = (11, 12, 13, 14, 15)
"""Treasure values; each value is also the treasure's id."""

PORT_DECK: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
"""One player's 14 port cards (sum 45)."""

HAND_SIZE = 4
OPEN_SLOTS = 2
RECENT = 6
"""How many recent move events the state keeps for the board's "last moves"."""

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "first_player",
        "random",
        "Who moves first. The source only says 'decide'; we draw at random. "
        "'seat0' lets the first seated player start.",
        ("random", "seat0"),
    ),
    RuleOption(
        "overshoot",
        "illegal",
        "A port may not push a treasure past its value ('illegal'), which is what makes the "
        "source's 'both players can no longer port' end possible. 'allowed': any card goes "
        "on any open treasure; an overshot treasure can never be taken and the game then "
        "ends when both players are out of cards.",
        ("illegal", "allowed"),
    ),
    RuleOption(
        "pass_rule",
        "forced",
        "'forced': you must port if you can and pass (automatically) only if you cannot. "
        "'voluntary': you may also pass while a port is possible.",
        ("forced", "voluntary"),
    ),
    RuleOption(
        "tiebreak",
        "treasures_then_last",
        "Equal scores: more treasures taken wins, then whoever took the last treasure "
        "('treasures_then_last'); or only one of those steps; or 'none' (a draw).",
        ("treasures_then_last", "treasures", "last_taker", "none"),
    ),
)


class PortasError(IllegalAction):
    """An illegal action with a PORTAS-specific code (``portas.error.<code>``).

    Subclassing :class:`IllegalAction` keeps ``except IllegalAction`` working
    on the platform side while still telling the player the exact reason.
    """

    def __init__(self, code: str, message: str = "", **args: JSON) -> None:
        super().__init__(message or code, **args)
        self.code = code


ERROR_CODES: tuple[str, ...] = ("bad_action", "card_not_in_hand", "no_such_treasure", "overshoot", "must_port")


_DEFAULT_OPTIONS: dict[str, JSON] = resolve_options(OPTIONS, None)


_PORTS: dict[int, dict[int, _Port]] = {
    value: {card: _Port(type="port", card=card, treasure=value) for card in sorted(set(PORT_DECK))}
    for value in TREASURES
}
"""``_PORTS[treasure][card]``: the one shared action for that port."""


# --------------------------------------------------------------------------- setup


def new(num_seats: int, seed: int, options: dict[str, JSON] | None = None) -> State:
    """Shuffle, reveal 2 treasures and 4 cards per hand, pick the first player.

    State keys: ``game``, ``options`` (resolved), ``rng``, ``first``, ``turn``
    (``None`` once over), ``hands`` (2 sorted lists), ``decks`` (2 lists, top
    last), ``treasure_deck`` (top last), ``open`` (list of ``{"value",
    "total", "ports": [seat0 cards, seat1 cards]}``), ``taken`` (per seat, a
    list of ``{"value", "ports", "points"}``), ``scores``, ``passes``
    (consecutive), ``last_taker``, ``recent`` (last move events as JSON) and
    ``result`` (``None`` or ``{"winners", "scores", "reason", "decided_by"}``).
    """
    if not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise ValueError(f"PORTAS needs exactly 2 seats, not {num_seats}")
    opts = resolve_options(OPTIONS, options) if options else dict(_DEFAULT_OPTIONS)
    seeded: State = {"rng": seed}
    getrandbits = draw_rng(seeded).getrandbits
    treasures = list(TREASURES)
    _shuffle(treasures, getrandbits)
    opened = [_fresh_treasure(treasures.pop()) for _ in range(OPEN_SLOTS)]
    decks, hands = [], []
    for _ in range(2):
        deck = list(PORT_DECK)
        _shuffle(deck, getrandbits)
        hand = deck[-HAND_SIZE:]
        del deck[-HAND_SIZE:]
        hand.sort()
        hands.append(hand)
        decks.append(deck)
    first = _randbelow(2, getrandbits) if opts["first_player"] == "random" else 0
    # No draw or forced pass can be due yet: hands are full and every card fits an empty treasure.
    return {
        "game": GAME,
        "options": opts,
        "rng": seeded["rng"],
        "first": first,
        "turn": first,
        "hands": hands,
        "decks": decks,
        "treasure_deck": treasures,
        "open": opened,
        "taken": [[], []],
        "scores": [0, 0],
        "passes": 0,
        "last_taker": None,
        "recent": [],
        "result": None,
    }


def _fresh_treasure(value: int) -> dict[str, Any]:
    return {"value": value, "total": 0, "ports": [[], []]}


# --------------------------------------------------------------------------- queries


def to_act(state: State) -> list[int]:
    """The seat to move, or nobody once the game is over."""
    return [] if state["result"] is not None else [state["turn"]]


def legal(state: State, seat: int) -> list[Action]:
    """Every distinct port (treasure by treasure, cards ascending), plus pass if optional.

    What one hand can port onto one treasure depends only on the treasure's
    value and total, so the rows come ready-made from :func:`_legal_rows`;
    ``_legal_plain`` is the same list by definition, card by card.
    """
    if state["result"] is not None or seat != state["turn"]:
        return []
    options = state["options"]
    out: list[Action] = []
    try:
        hand = tuple(state["hands"][seat])
        rows = _LEGAL_ROWS.get(hand) or _legal_rows(hand)
        if options["overshoot"] == "allowed":  # every card fits everywhere: the empty treasure's row
            for t in state["open"]:
                out += rows[t["value"]][0]
        else:
            for t in state["open"]:
                out += rows[t["value"]][t["total"]]
    except KeyError:  # a hand-made state off the table (a total past its value, an odd card): no shortcut
        return _legal_plain(state, seat)
    if out and options["pass_rule"] == "voluntary":
        out.append({"type": "pass"})
    return out


def _legal_plain(state: State, seat: int) -> list[Action]:
    """:func:`legal` by its definition, card by card: the fallback off the table, and what the table must equal."""
    if state["result"] is not None or seat != state["turn"]:
        return []
    hand = state["hands"][seat]  # sorted: equal cards are neighbours, and a card too big ends the row
    options = state["options"]
    unlimited = options["overshoot"] == "allowed"
    out: list[Action] = []
    for t in state["open"]:
        value = t["value"]
        room = value - t["total"]
        previous = 0  # card values start at 1
        for c in hand:
            if c > room and not unlimited:
                break
            if c != previous:
                out.append(_PORTS[value][c])
                previous = c
    if out and options["pass_rule"] == "voluntary":
        out.append({"type": "pass"})
    return out


_LEGAL_ROWS: dict[tuple[int, ...], dict[int, dict[int, tuple[_Port, ...]]]] = {}


def _legal_rows(hand: tuple[int, ...]) -> dict[int, dict[int, tuple[_Port, ...]]]:
    """``rows[value][total]``: the distinct ports of ``hand`` onto treasure ``value`` holding ``total``.

    Cards ascending; every total from 0 to the value.  Built once per distinct hand (a
    few hundred exist) and kept in ``_LEGAL_ROWS``.
    """
    cards = sorted(set(hand))
    rows = {
        value: {total: tuple(row[c] for c in cards if total + c <= value) for total in range(value + 1)}
        for value, row in _PORTS.items()
    }
    if len(_LEGAL_ROWS) < 4096:  # real hands are 4 or fewer of 6 card values; hand-made states could be anything
        _LEGAL_ROWS[hand] = rows
    return rows


def result(state: State) -> Result | None:
    res = state["result"]
    if res is None:
        return None
    out = _new_instance(Result)  # Result(winners, scores, reason) without the frozen-dataclass __init__
    fields = out.__dict__
    fields["winners"] = tuple(res["winners"])
    fields["scores"] = tuple(res["scores"])
    fields["reason"] = res["reason"]
    return out


def timeout_action(state: State, seat: int) -> Action | None:
    """No rule default: the platform lets the normal AI move for a timed-out seat."""
    return None


# --------------------------------------------------------------------------- apply


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
    new_state = state.copy()
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
    new_state = state.copy()
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


# --------------------------------------------------------------------------- views (cogs/portas/views.py)


def view(state: State, seat: int | None) -> View:
    """Everything but deck order (see :func:`cogs.portas.views.view`), with who is to act."""
    return views.view(state, seat, to_act(state))


determinize = views.determinize
