"""GETGEM rules engine (docs/rules/getgem.md §3), satisfying :class:`bot.engine.Engine`.

State shape (JSON)::

    game, n, opts (resolved options), cat (card type per id), rng,
    game_no, turn (seat), turn_no (turns begun in this game), phase
    ("action" | "end" | "over"), peeped (Peeping Draw used this turn),
    deck [ids, top = last], discard [ids, top = last], hands [[ids] per seat],
    decl [[ids] per seat] (face-up declaration cards),
    elements {"fire"|"water"|"thunder": seat | None (centre)},
    known [[[ids] per seat] per seat]  (what each seat has seen; see below),
    pending  None | {"kind": ..., ...}  (the sub-step being asked),
    endq [seats]  (declarers still to take back a card this end phase),
    endwin [seats]  (declarers who passed their check this end phase; they share the win),
    points [per seat] (match points), over None | {winners, scores, reason},
    log [last public events as {"kind", "args"}].

Every decision is one click.  A multi-part move is a chain of ``pending``
sub-steps; ``to_act`` names who answers the current one (the turn player, a
Barrier-prompted target, or a declarer taking a card back out of turn).

Sub-steps (``pending["kind"]``; who acts; legal actions):

* ``None`` — turn player, action phase: ``play`` {card[, mode]}, ``gem3``,
  ``element`` {elem}, ``declare``, ``end``.
* ``target`` — turn player: ``target`` {seat}, ``cancel``.  (Card still in hand.)
* ``gem3`` — turn player picks gem 1..3: ``pick`` {card}, ``cancel``; then ``target``.
* ``dig`` — turn player (Excavation Arm): ``pick`` {card in discard}, ``cancel``.
* ``arm_discard`` — turn player: ``pick`` {card}.  (Arm committed.)
* ``barrier`` — the *target*: ``barrier`` {use: false} always, {use: true} if it holds one.
* ``push`` — turn player gives a card (not the one taken): ``pick`` {card}; ``skip`` with ``push_optional``.
* ``declare`` — turn player picks card 1..3: ``pick`` {card}, ``cancel``.
* ``takeback`` — a *declarer*, out of turn: ``pick`` {declaration card}.
* ``limit`` — turn player discards down to 6, one at a time: ``pick`` {card}.  With
  ``limit_first`` it may come before the declaration (``then``: "declare" | "end").

Cards of one type are interchangeable, so a list offers one action per type
(lowest id).  ``known[k][o]`` is what seat ``k`` has seen of seat ``o``'s hand
(see :mod:`cogs.getgem.rules.knowledge`); views are built in :mod:`cogs.getgem.views`.

This module is the public face; the work is split by concern: options
(:mod:`.options`), legal lists and refusal reasons (:mod:`.legal`), turn flow
and scoring (:mod:`.flow`), move handlers (:mod:`.effects`), shared helpers
(:mod:`.state`).
"""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Action,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Result,
    State,
    Transition,
    View,
    resolve_options,
)

from ..cards import ELEMENTS, catalogue
from ..game import ID, SEATS
from ..options import OPTIONS
from ..views import build_view, determinize_view
from . import flow
from .effects import HANDLERS
from .legal import legal, to_act, why_illegal
from .state import HAND_START, copy_state

GAME = ID  # the id and seats are declared once, in game.py
MIN_SEATS, MAX_SEATS = SEATS


def new(num_seats: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """Deal a game: 4 cards each, elements in the centre, the first player (who draws) by ``first_player``."""
    if not isinstance(num_seats, int) or not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise ValueError(f"GETGEM needs {MIN_SEATS}–{MAX_SEATS} seats, not {num_seats!r}")
    opts = resolve_options(OPTIONS, options)  # max_turns ≥ 1 by its bounds
    cat = catalogue(opts)
    if len(cat) < HAND_START * num_seats + 1:
        raise ValueError("not enough cards for this many players")
    state: State = {
        "game": GAME,
        "n": num_seats,
        "opts": opts,
        "cat": cat,
        "rng": int(seed) & ((1 << 63) - 1),
        "game_no": 0,
        "turn": 0,
        "turn_no": 0,
        "phase": "action",
        "peeped": False,
        "deck": [],
        "discard": [],
        "hands": [[] for _ in range(num_seats)],
        "decl": [[] for _ in range(num_seats)],
        "elements": {g: None for g in ELEMENTS},
        "known": [[[] for _ in range(num_seats)] for _ in range(num_seats)],
        "pending": None,
        "endq": [],
        "endwin": [],
        "points": [0] * num_seats,
        "over": None,
        "log": [],
    }
    flow.new_game(state, flow.first_seat(state), [])
    return state


def apply(state: State, seat: int, action: Action) -> Transition:
    """Apply one click.  Never mutates ``state``; illegal input raises a RuleError."""
    if state["over"] is not None:
        raise GameOver()
    if seat not in to_act(state):
        raise NotYourTurn()
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a dict with a 'type'")
    for cand in legal(state, seat):
        if _same(cand, action):
            break
    else:
        raise why_illegal(state, seat, action)
    s = copy_state(state)
    ev: list[Event] = []
    HANDLERS[cand["type"]](s, seat, cand, ev)
    return Transition(s, tuple(ev))


def _same(cand: Action, action: Action) -> bool:
    """Exact match, types included (``True`` is not ``1``, a float is not a card id)."""
    return action.keys() == cand.keys() and all(type(action[k]) is type(v) and action[k] == v for k, v in cand.items())


def view(state: State, seat: int | None) -> View:
    """Public information, plus (for a seat) its own hand and what it has seen of others' hands.

    See :func:`cogs.getgem.views.build_view` for the shape.  A spectator
    (``None``) gets no hands and no knowledge.
    """
    return build_view(state, seat, to_act(state))


def result(state: State) -> Result | None:
    over = state["over"]
    if over is None:
        return None
    return Result(tuple(over["winners"]), tuple(float(x) for x in over["scores"]), over["reason"])


def timeout_action(state: State, seat: int) -> Action | None:
    """A Barrier prompt times out as 'no'; every other choice is left to the platform's AI."""
    p = state["pending"]
    if state["over"] is None and p is not None and p["kind"] == "barrier" and p["target"] == seat:
        return {"type": "barrier", "use": False}
    return None


def is_reaction(state: State, seat: int) -> bool:
    """The Barrier question is a reaction to a card played on ``seat``: "no" is its answer when time runs out."""
    p = state["pending"]
    return state["over"] is None and p is not None and p["kind"] == "barrier" and p["target"] == seat


def is_own_turn(state: State, seat: int) -> bool:
    """Is ``seat`` the turn player?  A declarer taking a card back in another's end phase is not.

    The take-back is a real choice the table waits for, so its timeout is
    answered (the normal AI picks the card) but is no AFK strike.
    """
    return state["over"] is None and seat == state["turn"]


def determinize(view: View, seat: int, seed: int) -> State:
    """A full state consistent with ``view`` (what ``seat`` knows), hidden cards dealt from ``seed``.

    Implemented in :func:`cogs.getgem.views.determinize_view`; see there for what is sampled.
    """
    return determinize_view(view, seat, seed)


__all__ = [
    "GAME",
    "MAX_SEATS",
    "MIN_SEATS",
    "OPTIONS",
    "apply",
    "determinize",
    "is_own_turn",
    "is_reaction",
    "legal",
    "new",
    "result",
    "timeout_action",
    "to_act",
    "view",
]
