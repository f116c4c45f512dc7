"""PORTAS by the book: docs/rules/portas.md §1 written the slow, obvious way (tests only, not collected).

``cogs.portas.rules`` takes shortcuts for speed (copy-on-write, shared event
objects, ready-made legal rows, inlined shuffles); this module takes none:
``new`` calls ``random.Random``'s own ``shuffle``/``randrange``, ``legal``
walks the hand card by card, ``apply`` deep-copies the state and changes it
in place.  ``test_fast_paths.py`` checks that both give the same states,
events, legal lists and errors, step by step, over many seeded games.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.engine import Event, GameOver, NotYourTurn, State, Transition, draw_rng, resolve_options
from cogs.portas.rules import HAND_SIZE, OPEN_SLOTS, OPTIONS, PORT_DECK, RECENT, TREASURES, PortasError


def new(num_seats: int, seed: int, options: dict[str, Any] | None = None) -> State:
    assert num_seats == 2
    opts = resolve_options(OPTIONS, options)
    holder: State = {"rng": seed}
    rng = draw_rng(holder)
    treasures = list(TREASURES)
    rng.shuffle(treasures)
    opened = [{"value": treasures.pop(), "total": 0, "ports": [[], []]} for _ in range(OPEN_SLOTS)]
    hands, decks = [], []
    for _ in range(2):
        deck = list(PORT_DECK)
        rng.shuffle(deck)
        hands.append(sorted(deck.pop() for _ in range(HAND_SIZE)))
        decks.append(deck)
    first = rng.randrange(2) if opts["first_player"] == "random" else 0
    return {
        "game": "portas",
        "options": opts,
        "rng": holder["rng"],
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


def fits(state: State, card: int, treasure: dict[str, Any]) -> bool:
    return state["options"]["overshoot"] == "allowed" or treasure["total"] + card <= treasure["value"]


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    if state["result"] is not None or seat != state["turn"]:
        return []
    out: list[dict[str, Any]] = [
        {"type": "port", "card": card, "treasure": t["value"]}
        for t in state["open"]
        for card in sorted(set(state["hands"][seat]))
        if fits(state, card, t)
    ]
    if out and state["options"]["pass_rule"] == "voluntary":
        out.append({"type": "pass"})
    return out


def apply(state: State, seat: int, action: Any) -> Transition:
    if state["result"] is not None:
        raise GameOver()
    if seat != state["turn"] or type(seat) is not int:
        raise NotYourTurn()
    if not isinstance(action, dict):
        raise PortasError("bad_action")
    s = copy.deepcopy(state)
    events: list[Event] = []
    if action.get("type") == "pass" and len(action) == 1:
        if s["options"]["pass_rule"] != "voluntary":
            raise PortasError("must_port")
        log(s, events, "passed", seat=seat, forced=False)
        s["passes"] += 1
        if s["passes"] >= 2:
            finish(s, "both_passed", events)
        else:
            start_turn(s, 1 - seat, events)
        return Transition(s, tuple(events))
    if action.get("type") != "port" or set(action) != {"type", "card", "treasure"}:
        raise PortasError("bad_action")
    card, value = action["card"], action["treasure"]
    if type(card) is not int or type(value) is not int:
        raise PortasError("bad_action")
    if card not in s["hands"][seat]:
        raise PortasError("card_not_in_hand", card=card)
    matching = [t for t in s["open"] if t["value"] == value]
    if not matching:
        raise PortasError("no_such_treasure", treasure=value)
    t = matching[0]
    if not fits(s, card, t):
        raise PortasError("overshoot", card=card, treasure=value, total=t["total"])
    s["hands"][seat].remove(card)
    t["ports"][seat].append(card)
    t["total"] += card
    s["passes"] = 0
    log(s, events, "ported", seat=seat, card=card, treasure=value, total=t["total"])
    if t["total"] == value:
        s["open"].remove(t)
        points, lost = sum(t["ports"][seat]), sum(t["ports"][1 - seat])
        s["taken"][seat].append({"value": value, "ports": t["ports"], "points": points})
        s["scores"][seat] += points
        s["last_taker"] = seat
        log(s, events, "took", seat=seat, treasure=value, value=value, points=points, lost=lost)
        while len(s["open"]) < OPEN_SLOTS and s["treasure_deck"]:
            revealed = s["treasure_deck"].pop()
            s["open"].append({"value": revealed, "total": 0, "ports": [[], []]})
            log(s, events, "revealed", treasure=revealed)
        if not s["open"]:
            finish(s, "all_taken", events)
            return Transition(s, tuple(events))
    start_turn(s, 1 - seat, events)
    return Transition(s, tuple(events))


def start_turn(s: State, seat: int, events: list[Event]) -> None:
    """Draw back to 4, then either it is ``seat``'s turn or they pass (two passes end the game)."""
    while True:
        while len(s["hands"][seat]) < HAND_SIZE and s["decks"][seat]:
            s["hands"][seat].append(s["decks"][seat].pop())
            s["hands"][seat].sort()
        if any(fits(s, card, t) for card in s["hands"][seat] for t in s["open"]):
            s["turn"] = seat
            return
        log(s, events, "passed", seat=seat, forced=True)
        s["passes"] += 1
        if s["passes"] >= 2:
            finish(s, "both_passed", events)
            return
        seat = 1 - seat


def finish(s: State, reason: str, events: list[Event]) -> None:
    a, b = s["scores"]
    rule = s["options"]["tiebreak"]
    na, nb = len(s["taken"][0]), len(s["taken"][1])
    if a != b:
        winners, why = [0 if a > b else 1], "score"
    elif rule in ("treasures_then_last", "treasures") and na != nb:
        winners, why = [0 if na > nb else 1], "treasures"
    elif rule in ("treasures_then_last", "last_taker") and s["last_taker"] is not None:
        winners, why = [s["last_taker"]], "last_taker"
    else:
        winners, why = [], "draw"
    s["turn"] = None
    s["result"] = {"winners": winners, "scores": list(s["scores"]), "reason": reason, "decided_by": why}
    events.append(Event("game_over", copy.deepcopy(s["result"])))


def log(s: State, events: list[Event], kind: str, **args: Any) -> None:
    events.append(Event(kind, args))
    s["recent"] = [*s["recent"], {"kind": kind, "args": dict(args)}][-RECENT:]
