"""Eminit's Treasure (エミニットの秘宝): the pure engine (docs/rules/eminit.md §4).

State (plain JSON; card ids 0..59 are stable, see ``cards``)::

    game, version, n, options, rng
    deck        [id]            top of the deck is the last element
    hands       [[id]]          per seat (unordered)
    field       [{slot, card, by, known}]  face-down cards; ``slot`` is a public
                number (1, 2, … per gathering) that stays with the place,
                ``by`` who placed it, ``known`` the seats that know its face
    next_slot   int
    discard     [id]            public
    treasures   [[id]]          scored, face up, per seat
    skip        [bool]          a pending Time Skip per seat (never stacks)
    phase       "gathering" | "scramble" | "over"
    seat        whose turn it is (the gathering player or the flipper)
    turn        turns started so far (for the ``max_turns`` cap)
    cast        whether this gathering turn's cast is used
    step        {kind, seat?, slot?, left?}  the pending choice (see gathering/contest)
    contest     None | {flipper, slot, card, placed_by, extra, answers}
    queue       [{slot, by}]    False Info extra flips still to do
    last_contest None | {flipper, card, slot, extra, order, receiver}
    log         [event json]    the last public events
    result      None | {winners, scores, reason}

Actions (one click each): ``cast`` / ``place`` / ``exchange`` / ``discard`` /
``declare`` {card}; ``skip_target`` / ``aim`` {seat}; ``look`` / ``flip`` /
``aim`` {slot}; ``name`` {kind}; ``done``; ``back``; ``pass``.
"""

from __future__ import annotations

from bot.engine import (
    Action,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Result,
    RuleError,
    State,
    Transition,
    View,
    draw_rng,
    resolve_options,
)

from .. import cards, views
from ..game import ID, SEATS
from ..options import OPTIONS
from . import contest, gathering
from .state import Ctx, copy_state, placeable_in_hand, quota, scores

GAME = ID  # the id and seats are declared once, in game.py
MIN_SEATS, MAX_SEATS = SEATS
VERSION = 1

_STEP_MODULE = {
    **{k: gathering for k in gathering.STEPS},
    **{k: contest for k in contest.STEPS},
}
"""Which module offers and carries out the actions of each sub-step."""


def new(num_seats: int, seed: int, options: dict | None = None) -> State:
    if not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise ValueError(f"Eminit's Treasure takes {MIN_SEATS}-{MAX_SEATS} players, not {num_seats}")
    s = _blank(num_seats, seed, resolve_options(OPTIONS, options))
    rng = draw_rng(s)
    deck = list(range(cards.DECK_SIZE))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(int(s["options"]["hand_size"]))] for _ in range(num_seats)]
    first = rng.randrange(num_seats) if s["options"]["first_player"] == "random" else 0
    return _deal(s, hands, deck, first)


def from_deal(deal: dict, seed: int, options: dict | None = None) -> State:
    """The state :func:`new` deals, from a deal given whole: a guided first game's curated one.

    ``deal``: ``hands`` (each seat's card ids), ``deck`` (card ids, the top last) and ``first``
    (the seat that starts).  The deal may leave cards out (a short game): those are simply not in
    play.  A card dealt twice, an unknown card id or a bad seat raises.
    """
    hands = [list(h) for h in deal["hands"]]
    deck = list(deal["deck"])
    dealt = [c for h in hands for c in h] + deck
    if not MIN_SEATS <= len(hands) <= MAX_SEATS or deal["first"] not in range(len(hands)):
        raise ValueError("an Eminit deal has 3 to 5 hands and a first seat among them")
    if len(set(dealt)) != len(dealt) or any(not 0 <= c < cards.DECK_SIZE for c in dealt):
        raise ValueError("an Eminit deal holds each card at most once")
    s = _blank(len(hands), seed, resolve_options(OPTIONS, options))
    return _deal(s, hands, deck, int(deal["first"]))


def _blank(num_seats: int, seed: int, opts: dict) -> State:
    """A state before the deal: nothing in hand, on the field or in the deck."""
    return {
        "game": GAME,
        "version": VERSION,
        "n": num_seats,
        "options": opts,
        "rng": int(seed),
        "deck": [],
        "hands": [[] for _ in range(num_seats)],
        "field": [],
        "next_slot": 1,
        "discard": [],
        "treasures": [[] for _ in range(num_seats)],
        "skip": [False] * num_seats,
        "phase": "gathering",
        "seat": 0,
        "turn": 0,
        "cast": False,
        "step": {"kind": "main", "seat": 0},
        "contest": None,
        "queue": [],
        "last_contest": None,
        "log": [],
        "result": None,
    }


def _deal(s: State, hands: list[list[int]], deck: list[int], first: int) -> State:
    """The dealt hands and deck in place; the first player's gathering turn begins."""
    s["hands"] = hands
    s["deck"] = deck
    ctx = Ctx(s)
    ctx.emit("start", first=first)
    gathering.begin_turn(ctx, first)
    return s


def to_act(state: State) -> list[int]:
    """Who must choose now: one actor, or every unanswered seat in a contest."""
    step = state["step"]
    if state["phase"] == "over":
        return []
    if step["kind"] == "declare":
        return contest.waiting(state)
    return [step["seat"]]


def legal(state: State, seat: int) -> list[Action]:
    if state["phase"] == "over" or seat not in to_act(state):
        return []
    return _STEP_MODULE[state["step"]["kind"]].legal(state, seat)


def apply(state: State, seat: int, action: Action) -> Transition:
    """Validate ``action`` against :func:`legal`, then carry it out on a copy."""
    if state["phase"] == "over":
        raise GameOver()
    if not isinstance(seat, int) or not 0 <= seat < state["n"]:
        raise NotYourTurn(f"no seat {seat!r}")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a dict with a 'type'")
    if seat not in to_act(state):
        if state["step"]["kind"] == "declare":
            raise RuleError("already_answered", "a declaration cannot be changed once made")
        raise NotYourTurn()
    options = legal(state, seat)
    if action not in options:
        raise _why_illegal(state, seat, action)
    chosen = options[options.index(action)]  # the canonical (typed) copy
    ns = copy_state(state)
    ctx = Ctx(ns)
    _STEP_MODULE[state["step"]["kind"]].apply(ctx, seat, chosen)
    return Transition(ns, tuple(ctx.events))


def _why_illegal(state: State, seat: int, action: Action) -> RuleError:
    """The most helpful error code for an action that is not legal."""
    t = action.get("type")
    card = action.get("card")
    hand = state["hands"][seat]
    if "card" in action and card not in hand:
        return RuleError("not_in_hand", "that card is not in your hand")
    if t == "cast" and state["cast"]:
        return RuleError("cast_used", "only one magic card may be cast per turn")
    if t == "cast" and isinstance(card, int) and cards.kind(card) == "switch":
        return RuleError("switch_unavailable", "Switch needs a field card and a card to exchange")
    if t in ("place", "exchange") and isinstance(card, int) and cards.is_interrupt(card):
        return RuleError("interrupt_not_placeable", "interrupt cards never go on the field")
    if "slot" in action and all(e["slot"] != action["slot"] for e in state["field"]):
        return RuleError("no_such_slot", "no face-down field card has that number")
    return IllegalAction(f"not a legal action now: {action!r}")


def result(state: State) -> Result | None:
    r = state["result"]
    if r is None:
        return None
    return Result(tuple(r["winners"]), tuple(float(x) for x in r["scores"]), r["reason"])


def timeout_action(state: State, seat: int) -> Action | None:
    """Rule defaults when a seat's timer ends.

    A contest declaration times out as "declare nothing" / Done (after option
    ``declare_timeout_s``; in a live window that closes it for the seat).  Acquired-effect choices default to losing the
    least: Big Release names the interrupt held in the fewest copies (ties in
    Suck, Reflect, Nullify, False Info order); Supply discards the lowest
    card in ``cards.KEEP_RANK``.  Anything else: None (the normal AI plays).
    """
    if seat not in to_act(state):
        return None
    kind = state["step"]["kind"]
    hand = state["hands"][seat]
    if kind == "declare":
        return dict(contest.PASS)
    if kind == "name":
        held = contest.held_interrupts(hand)
        if not held:
            return dict(contest.DONE)
        least = min(held, key=lambda k: (sum(cards.kind(c) == k for c in hand), cards.INTERRUPTS.index(k)))
        return {"type": "name", "kind": least}
    if kind == "supply_discard":
        if not hand:
            return dict(contest.DONE)
        card = min(cards.one_per_kind(hand), key=lambda c: (cards.KEEP_RANK[cards.kind(c)], c))
        return {"type": "discard", "card": card}
    return None


# --------------------------------------------------------------------- views


def is_reaction(state: State, seat: int) -> bool:
    """A contest's declaration window is a reaction: declaring nothing is an answer the rules give."""
    return state["phase"] != "over" and state["step"]["kind"] == "declare" and seat in to_act(state)


def is_own_turn(state: State, seat: int) -> bool:
    """Is it ``seat``'s own turn: the gathering player, or the scramble's flipper (``state["seat"]``)?

    A contest's receiver who is not the flipper answers its acquired Big
    Release (name an interrupt) or Supply (discard) in the flipper's turn: a
    real choice the table waits for, but not their turn, so its timeout is
    no AFK strike.  The flipper receiving one is on its own turn.
    """
    return state["phase"] != "over" and seat == state["seat"]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` (None: a spectator) may see; see :func:`views.view`."""
    return views.view(state, seat, to_act(state), quota(state), scores(state))


def determinize(view: View, seat: int, seed: int) -> State:
    """A full state consistent with ``view``; see :func:`views.determinize`."""
    return views.determinize(view, seat, seed, _plausible)


def _plausible(state: State) -> bool:
    """Whether a dealt sample lets the players the view is waiting for act as it says.

    The view shows e.g. that another player is choosing a card to place, so
    that player must hold one; a sample breaking that is dealt again.  (Naming
    an interrupt for Big Release and Supply's discards are asked of the player
    whatever the hand holds, so they constrain nothing.)
    """
    step = state["step"]
    for p in to_act(state):
        if not legal(state, p):
            return False
        hand = state["hands"][p]
        if step["kind"] in ("main", "place", "switch_exchange") and not placeable_in_hand(hand):
            return False
    return True
