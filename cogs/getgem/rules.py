"""GETGEM rules engine (RULES.md §3), satisfying :class:`bot.engine.Engine`.

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
* ``push`` — turn player gives a card (not the one taken): ``pick`` {card}.
* ``declare`` — turn player picks card 1..3: ``pick`` {card}, ``cancel``.
* ``takeback`` — a *declarer*, out of turn: ``pick`` {declaration card}.
* ``limit`` — turn player discards down to 6, one at a time: ``pick`` {card}.

Cards of one type are interchangeable, so a list offers one action per type
(lowest id).  ``known[k][o]`` is what seat ``k`` has seen of seat ``o``'s hand
(see :mod:`cogs.getgem.knowledge`); views are built in :mod:`cogs.getgem.views`.
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
    RuleError,
    RuleOption,
    State,
    Transition,
    View,
    draw_rng,
    resolve_options,
)
from cogs.getgem import knowledge as K
from cogs.getgem.cards import (
    ACTION_TYPES,
    ARM,
    COUNT_OPTIONS,
    CURSE,
    EFFECT_OF_MODE,
    ELEMENTS,
    EXCHANGE,
    PUSH_BARRIER,
    PUSH_PEEP,
    RAINBOW,
    SPENDABLE_GEMS,
    STEAL,
    TYPES,
    can_complete,
    catalogue,
    shows_all,
    wild,
)
from cogs.getgem.views import build_view, determinize_view

GAME = "getgem"
MIN_SEATS = 2
MAX_SEATS = 5
HAND_START = 4
HAND_LIMIT = 6
LOG_KEEP = 12

OPTIONS: tuple[RuleOption, ...] = (
    *COUNT_OPTIONS,
    RuleOption(
        "barrier_timeout_s",
        20,
        "Seconds a Barrier prompt waits before answering 'no' (read by the platform; the engine has no clock)",
        (5, 10, 15, 20, 30, 45, 60, 90, 120),
    ),
    RuleOption(
        "max_turns", 200, "Turns after which the game (in match play: the match) ends as a draw", bounds=(1, 2000)
    ),
    RuleOption("match_play", False, "Play a match of games: 10 − 3 × rainbows per win", (False, True)),
    RuleOption("match_target", 10, "Match points that win the match", (5, 10, 15, 20, 30)),
)

# --------------------------------------------------------------------------- setup


def new(num_seats: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """Deal a game: 4 cards each, elements in the centre, random first player (who draws)."""
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
        "points": [0] * num_seats,
        "over": None,
        "log": [],
    }
    first = draw_rng(state).randrange(num_seats)
    _new_game(state, first, [])
    return state


def _new_game(s: State, first: int, ev: list[Event]) -> None:
    n = s["n"]
    deck = list(range(len(s["cat"])))
    draw_rng(s).shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(n)]
    for _ in range(HAND_START):
        for i in range(n):
            hands[(first + i) % n].append(deck.pop())
    s.update(
        deck=deck,
        discard=[],
        hands=hands,
        decl=[[] for _ in range(n)],
        elements={g: None for g in ELEMENTS},
        known=[[[] for _ in range(n)] for _ in range(n)],
        pending=None,
        endq=[],
        turn_no=0,
        peeped=False,
        game_no=s["game_no"] + 1,
    )
    _emit(s, ev, "new_game", game=s["game_no"], first=first)
    _start_turn(s, first, ev)


# --------------------------------------------------------------------------- queries


def to_act(state: State) -> list[int]:
    """Who answers now: the Barrier-prompted target, a declarer taking back, else the turn player."""
    if state["over"] is not None:
        return []
    p = state["pending"]
    if p is not None:
        if p["kind"] == "barrier":
            return [p["target"]]
        if p["kind"] == "takeback":
            return [p["seat"]]
    return [state["turn"]]


def _first_of_type(ids: list[int], cat: list[str], skip: tuple[int, ...] = ()) -> list[tuple[str, int]]:
    """(type, lowest id) per type present, in catalogue order.

    Cards of one type are interchangeable, so legal lists offer one action per
    type (keeps every list short); the lowest id is the canonical representative.
    """
    best: dict[str, int] = {}
    for c in ids:
        if c in skip:
            continue
        t = cat[c]
        if t not in best or c < best[t]:
            best[t] = c
    return [(t, best[t]) for t in TYPES if t in best]


def _elements_of(state: State, seat: int) -> list[str]:
    return [g for g in ELEMENTS if state["elements"][g] == seat]


def _targets(state: State, me: int, need_cards: bool) -> list[int]:
    n = state["n"]
    others = [(me + i) % n for i in range(1, n)]
    return [o for o in others if state["hands"][o]] if need_cards else others


def legal(state: State, seat: int) -> list[Action]:
    """The actions ``seat`` may take now (empty if it is not theirs to act); ≤ 25 always."""
    if state["over"] is not None or seat not in to_act(state):
        return []
    p = state["pending"]
    if p is None:
        return _legal_main(state, seat)
    return _LEGAL[p["kind"]](state, seat, p)


def _legal_main(state: State, me: int) -> list[Action]:
    """Action-phase choices.  One pass over the hand: this runs on every step of every rollout."""
    cat = state["cat"]
    hand = state["hands"][me]
    hands = state["hands"]
    victims = any(hands[o] for o in range(state["n"]) if o != me)
    best: dict[str, int] = {}
    counts: dict[str, int] = {}
    for c in hand:
        t = cat[c]
        counts[t] = counts.get(t, 0) + 1
        if t not in best or c < best[t]:
            best[t] = c
    out: list[Action] = []
    for t in ACTION_TYPES:
        cid = best.get(t)
        if cid is None:
            continue
        if (t == STEAL and victims) or t == EXCHANGE or (t == ARM and state["discard"]):
            out.append({"type": "play", "card": cid})
        elif t == PUSH_PEEP:
            if victims:
                out.append({"type": "play", "card": cid, "mode": "push"})
            if not state["peeped"]:
                out.append({"type": "play", "card": cid, "mode": "peep"})
        elif t == PUSH_BARRIER and victims:
            out.append({"type": "play", "card": cid, "mode": "push"})
    if victims and sum(counts.get(g, 0) for g in SPENDABLE_GEMS) >= 3:
        out.append({"type": "gem3"})
    elements = state["elements"]
    for g in ELEMENTS:
        if counts.get(g, 0) >= 2 and elements[g] != me:
            out.append({"type": "element", "elem": g})
    if len(hand) >= 3 and not state["decl"][me]:
        # can_complete([], hand, elements, wild) in closed form
        missing = [g for g in ELEMENTS if elements[g] != me]
        naturals = sum(1 for g in missing if g in counts)
        rainbows = 0 if CURSE in counts else counts.get(RAINBOW, 0)
        if min(3, naturals + rainbows) >= len(missing):
            out.append({"type": "declare"})
    out.append({"type": "end"})
    return out


_CANCEL: Action = {"type": "cancel"}


def _legal_target(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    need_cards = p["effect"] in ("steal", "push", "gem3")
    return [{"type": "target", "seat": o} for o in _targets(state, me, need_cards)] + [dict(_CANCEL)]


def _picks(state: State, ids: list[int], skip: tuple[int, ...] = (), allow=lambda t: True) -> list[Action]:
    return [{"type": "pick", "card": c} for t, c in _first_of_type(ids, state["cat"], skip) if allow(t)]


def _legal_gem3(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    picks = _picks(state, state["hands"][me], tuple(p["picked"]), lambda t: t in SPENDABLE_GEMS)
    return [*picks, dict(_CANCEL)]


def _legal_dig(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    return [*_picks(state, state["discard"]), dict(_CANCEL)]


def _legal_discard_one(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    return _picks(state, state["hands"][me], allow=lambda t: t != CURSE)


def _legal_push(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    taken = p.get("taken")
    return _picks(state, state["hands"][me], (taken,) if taken is not None else ())


def _legal_barrier(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    out: list[Action] = [{"type": "barrier", "use": False}]
    if any(state["cat"][c] == PUSH_BARRIER for c in state["hands"][me]):
        out.append({"type": "barrier", "use": True})
    return out


def _legal_declare(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    cat = state["cat"]
    hand = state["hands"][me]
    rainbows_wild = wild(cat[c] for c in hand)
    picked = [cat[c] for c in p["picked"]]
    rest_ids = [c for c in hand if c not in p["picked"]]
    elems = _elements_of(state, me)
    out: list[Action] = []
    for t, c in _first_of_type(rest_ids, cat):
        rest = [cat[x] for x in rest_ids if x != c]
        if can_complete([*picked, t], rest, elems, rainbows_wild):
            out.append({"type": "pick", "card": c})
    return [*out, dict(_CANCEL)]


def _legal_takeback(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    return _picks(state, state["decl"][me])


_LEGAL = {
    "target": _legal_target,
    "gem3": _legal_gem3,
    "dig": _legal_dig,
    "arm_discard": _legal_discard_one,
    "limit": _legal_discard_one,
    "push": _legal_push,
    "barrier": _legal_barrier,
    "declare": _legal_declare,
    "takeback": _legal_takeback,
}


# --------------------------------------------------------------------------- apply


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
        raise _why_illegal(state, seat, action)
    s = _copy(state)
    ev: list[Event] = []
    _HANDLERS[cand["type"]](s, seat, cand, ev)
    return Transition(s, tuple(ev))


def _same(cand: Action, action: Action) -> bool:
    """Exact match, types included (``True`` is not ``1``, a float is not a card id)."""
    return action.keys() == cand.keys() and all(type(action[k]) is type(v) and action[k] == v for k, v in cand.items())


def _why_illegal(state: State, seat: int, action: Action) -> RuleError:
    """A specific, translatable reason where one helps the player; else illegal_action."""
    kind = action.get("type")
    p = state["pending"]
    cat = state["cat"]
    card = action.get("card")
    is_card = type(card) is int and 0 <= card < len(cat)
    if kind == "play":
        if p is not None:
            return RuleError("finish_first")
        if not is_card or card not in state["hands"][seat]:
            return RuleError("not_in_hand")
        if action.get("mode") == "peep" and state["peeped"]:
            return RuleError("peep_used")
    elif kind == "pick" and p is not None:
        if is_card and cat[card] == CURSE and p["kind"] in ("gem3", "arm_discard", "limit"):
            return RuleError("curse_discard")
        if p["kind"] == "declare":
            return RuleError("cannot_declare")
        if p["kind"] != "dig" and (not is_card or card not in state["hands"][seat] + state["decl"][seat]):
            return RuleError("not_in_hand")
    elif kind == "declare":
        return RuleError("already_declared" if state["decl"][seat] else "cannot_declare")
    elif kind == "element":
        return RuleError("need_pair")
    elif kind == "target":
        return RuleError("bad_target")
    elif kind == "barrier" and action.get("use") is True:
        return RuleError("no_barrier")
    return IllegalAction(f"not a legal action now: {action!r}")


def _copy(s: State) -> State:
    """Copy exactly the containers ``apply`` may change (cheap; no deepcopy).

    ``opts``, ``cat``, ``over`` and log entries are never mutated once built,
    so they are shared.
    """
    c = dict(s)
    c["deck"] = s["deck"][:]
    c["discard"] = s["discard"][:]
    c["hands"] = [h[:] for h in s["hands"]]
    c["decl"] = [d[:] for d in s["decl"]]
    c["known"] = [[k[:] for k in row] for row in s["known"]]
    c["elements"] = dict(s["elements"])
    p = s["pending"]
    c["pending"] = None if p is None else {k: (v[:] if isinstance(v, list) else v) for k, v in p.items()}
    c["endq"] = s["endq"][:]
    c["points"] = s["points"][:]
    c["log"] = s["log"][:]
    return c


def _emit(s: State, ev: list[Event], kind: str, to: tuple[int, ...] | None = None, **args: Any) -> None:
    """Record an event; public ones also go to the state's short log (for the board).

    Card ids get their types alongside (``card_type`` / ``card_types``) so a
    renderer can name them without the catalogue.
    """
    cat = s["cat"]
    if args.get("card") is not None:
        args["card_type"] = cat[args["card"]]
    if "cards" in args:
        args["cards"] = list(args["cards"])
        args["card_types"] = [cat[c] for c in args["cards"]]
    ev.append(Event(kind, args, to))
    if to is None:
        log = s["log"]
        log.append({"kind": kind, "args": args})
        if len(log) > LOG_KEEP:
            del log[: len(log) - LOG_KEEP]


def _move_to_discard(s: State, seat: int, cards: list[int]) -> None:
    hand = s["hands"][seat]
    for c in cards:
        hand.remove(c)
    s["discard"].extend(cards)
    K.forget(s, seat, cards)


# turn flow -------------------------------------------------------------------


def _start_turn(s: State, seat: int, ev: list[Event]) -> None:
    if s["turn_no"] >= s["opts"]["max_turns"]:
        scores = s["points"][:] if s["opts"]["match_play"] else [0] * s["n"]
        _finish(s, [], scores, "turn_cap")
        _emit(s, ev, "turn_cap", turns=s["turn_no"])
        return
    s.update(turn_no=s["turn_no"] + 1, turn=seat, phase="action", peeped=False, pending=None, endq=[])
    _emit(s, ev, "turn", seat=seat, turn=s["turn_no"])
    _draw(s, seat, ev)


def _draw(s: State, seat: int, ev: list[Event]) -> None:
    """Draw 1; an empty deck is rebuilt from the shuffled discard pile first."""
    if not s["deck"]:
        if not s["discard"]:
            _emit(s, ev, "no_draw", seat=seat)
            return
        s["deck"], s["discard"] = s["discard"], []
        draw_rng(s).shuffle(s["deck"])
        _emit(s, ev, "reshuffle", count=len(s["deck"]))
    card = s["deck"].pop()
    s["hands"][seat].append(card)
    _emit(s, ev, "draw", seat=seat)
    _emit(s, ev, "drew", (seat,), seat=seat, card=card)


def _finish(s: State, winners: list[int], scores: list[int], reason: str) -> None:
    s.update(over={"winners": winners, "scores": scores, "reason": reason}, phase="over", pending=None, endq=[])


def _begin_end(s: State, ev: list[Event]) -> None:
    """End phase after the (optional) declaration: take-backs in seat order, then the hand limit."""
    n, t = s["n"], s["turn"]
    s["phase"] = "end"
    s["pending"] = None
    s["endq"] = [(t + i) % n for i in range(1, n) if s["decl"][(t + i) % n]]
    _continue_end(s, ev)


def _continue_end(s: State, ev: list[Event]) -> None:
    cat = s["cat"]
    while s["endq"]:
        who = s["endq"][0]
        d = s["decl"][who]
        if len({cat[c] for c in d}) > 1:
            s["pending"] = {"kind": "takeback", "seat": who}
            return
        s["endq"].pop(0)  # one kind left: the choice cannot matter, so it is made for them
        if _takeback(s, who, d[0], ev):
            return
    if _over_limit(s, s["turn"]):
        s["pending"] = {"kind": "limit"}
        return
    _start_turn(s, (s["turn"] + 1) % s["n"], ev)


def _over_limit(s: State, seat: int) -> bool:
    hand = s["hands"][seat]
    return len(hand) > HAND_LIMIT and any(s["cat"][c] != CURSE for c in hand)


def _takeback(s: State, who: int, card: int, ev: list[Event]) -> bool:
    """Return one declaration card; the last one triggers the victory check.  True if the game ended."""
    s["decl"][who].remove(card)
    s["hands"][who].append(card)
    K.public_add(s, who, [card])
    _emit(s, ev, "takeback", seat=who, card=card, left=len(s["decl"][who]))
    if s["decl"][who]:
        return False
    types = [s["cat"][c] for c in s["hands"][who]]
    won = shows_all(types, _elements_of(s, who), wild(types))
    _emit(s, ev, "reveal", seat=who, cards=sorted(s["hands"][who]), win=won)
    K.reveal(s, who)
    if won:
        _win(s, who, ev)
    return won


def _win(s: State, w: int, ev: list[Event]) -> None:
    rainbows = sum(1 for c in s["hands"][w] if s["cat"][c] == RAINBOW)
    opts = s["opts"]
    if not opts["match_play"]:
        _emit(s, ev, "win", seat=w, rainbows=rainbows, points=1, total=1, match=False, match_over=True)
        _finish(s, [w], [1 if i == w else 0 for i in range(s["n"])], "victory_check")
        return
    pts = max(1, 10 - 3 * rainbows)  # floor of 1 only matters with >3 rainbows (non-default counts)
    s["points"][w] += pts
    over = s["points"][w] >= opts["match_target"]
    _emit(s, ev, "win", seat=w, rainbows=rainbows, points=pts, total=s["points"][w], match=True, match_over=over)
    if over:
        _finish(s, [w], s["points"][:], "match")
    else:
        _new_game(s, (w - 1) % s["n"], ev)  # next game starts with the winner's right


# effects ----------------------------------------------------------------------


def _random_steal(s: State, taker: int, victim: int, ev: list[Event]) -> int:
    hv = s["hands"][victim]
    card = hv.pop(draw_rng(s).randrange(len(hv)))
    s["hands"][taker].append(card)
    K.blur(s, victim, (taker, victim))
    known = s["known"]
    if card in known[taker][victim]:
        known[taker][victim].remove(card)
    known[victim][taker].append(card)
    _emit(s, ev, "steal", seat=taker, victim=victim)
    _emit(s, ev, "stolen", (taker, victim), seat=taker, victim=victim, card=card)
    return card


def _exchange(s: State, a: int, b: int, ev: list[Event]) -> None:
    hands = s["hands"]
    ha, hb = hands[a], hands[b]
    hands[a], hands[b] = hb, ha
    K.exchange(s, a, b, ha, hb)
    _emit(s, ev, "exchange", seat=a, target=b)


def _resolve(s: State, me: int, target: int, effect: str, ev: list[Event]) -> None:
    """The effect of an action card that was not barred."""
    if effect == "steal":
        _random_steal(s, me, target, ev)
    elif effect == "exchange":
        _exchange(s, me, target, ev)
    elif effect == "peep":
        cards = sorted(s["hands"][target])
        s["known"][me][target] = s["hands"][target][:]
        _emit(s, ev, "peep", seat=me, target=target)
        _emit(s, ev, "peeked", (me,), seat=me, target=target, cards=cards)
        _draw(s, me, ev)
    elif effect == "push":
        taken = _random_steal(s, me, target, ev)
        if any(c != taken for c in s["hands"][me]):
            s["pending"] = {"kind": "push", "by": me, "target": target, "taken": taken}


def _do_play(s: State, me: int, a: Action, ev: list[Event]) -> None:
    card = a["card"]
    effect = EFFECT_OF_MODE[(s["cat"][card], a.get("mode"))]
    if effect == "arm":
        s["pending"] = {"kind": "dig", "card": card}
    else:
        s["pending"] = {"kind": "target", "card": card, "effect": effect, "mode": a.get("mode")}


def _do_gem3(s: State, me: int, a: Action, ev: list[Event]) -> None:
    s["pending"] = {"kind": "gem3", "picked": []}


def _do_declare(s: State, me: int, a: Action, ev: list[Event]) -> None:
    s["pending"] = {"kind": "declare", "picked": []}


def _do_cancel(s: State, me: int, a: Action, ev: list[Event]) -> None:
    s["pending"] = None


def _do_end(s: State, me: int, a: Action, ev: list[Event]) -> None:
    _emit(s, ev, "end_actions", seat=me)
    _begin_end(s, ev)


def _do_element(s: State, me: int, a: Action, ev: list[Event]) -> None:
    g = a["elem"]
    pair = sorted(c for c in s["hands"][me] if s["cat"][c] == g)[:2]
    _move_to_discard(s, me, pair)
    holder = s["elements"][g]
    s["elements"][g] = me
    _emit(s, ev, "element", seat=me, elem=g, holder=holder, cards=pair)


def _do_target(s: State, me: int, a: Action, ev: list[Event]) -> None:
    p, target = s["pending"], a["seat"]
    s["pending"] = None
    if p["effect"] == "gem3":
        _move_to_discard(s, me, p["picked"])
        _emit(s, ev, "gem3", seat=me, cards=p["picked"], target=target)
        _random_steal(s, me, target, ev)
        return
    card, effect = p["card"], p["effect"]
    _move_to_discard(s, me, [card])
    if effect == "peep":
        s["peeped"] = True  # a barred Peeping Draw still counts as this turn's one
    _emit(s, ev, "play", seat=me, card=card, effect=effect, target=target)
    if s["hands"][target]:
        # Asked whether or not they hold a Barrier, so the question reveals nothing.
        # (An empty hand is public knowledge, so skipping that prompt reveals nothing either.)
        s["pending"] = {"kind": "barrier", "card": card, "effect": effect, "by": me, "target": target}
        _emit(s, ev, "barrier_ask", seat=target, by=me, effect=effect)
    else:
        _resolve(s, me, target, effect, ev)


def _do_barrier(s: State, me: int, a: Action, ev: list[Event]) -> None:
    p = s["pending"]
    s["pending"] = None
    if a["use"]:
        barrier = min(c for c in s["hands"][me] if s["cat"][c] == PUSH_BARRIER)
        _move_to_discard(s, me, [barrier])
        _emit(s, ev, "barrier", seat=me, by=p["by"], card=barrier, effect=p["effect"])
    else:
        _emit(s, ev, "no_barrier", seat=me, by=p["by"])
        _resolve(s, p["by"], me, p["effect"], ev)


def _do_pick(s: State, me: int, a: Action, ev: list[Event]) -> None:
    p, card = s["pending"], a["card"]
    kind = p["kind"]
    if kind == "gem3":
        p["picked"].append(card)
        if len(p["picked"]) == 3:
            s["pending"] = {"kind": "target", "effect": "gem3", "picked": p["picked"]}
    elif kind == "declare":
        p["picked"].append(card)
        if len(p["picked"]) == 3:
            for c in p["picked"]:
                s["hands"][me].remove(c)
            K.forget(s, me, p["picked"])
            s["decl"][me] = p["picked"]
            _emit(s, ev, "declare", seat=me, cards=p["picked"])
            _begin_end(s, ev)
    elif kind == "dig":
        arm = p["card"]
        _move_to_discard(s, me, [arm])
        _emit(s, ev, "play", seat=me, card=arm, effect="arm", target=None)
        s["discard"].remove(card)
        s["hands"][me].append(card)
        K.public_add(s, me, [card])
        _emit(s, ev, "dig", seat=me, card=card)
        s["pending"] = {"kind": "arm_discard", "dug": card}
    elif kind == "arm_discard":
        s["pending"] = None
        _move_to_discard(s, me, [card])
        _emit(s, ev, "discard", seat=me, cards=[card], why="arm")
    elif kind == "push":
        target = p["target"]
        s["pending"] = None
        s["hands"][me].remove(card)
        s["hands"][target].append(card)
        K.blur(s, me, (me, target))
        known = s["known"]
        if card in known[target][me]:
            known[target][me].remove(card)
        known[me][target].append(card)
        _emit(s, ev, "push", seat=me, target=target)
        _emit(s, ev, "pushed", (me, target), seat=me, target=target, card=card)
    elif kind == "takeback":
        s["endq"].pop(0)
        s["pending"] = None
        if not _takeback(s, me, card, ev):
            _continue_end(s, ev)
    elif kind == "limit":
        _move_to_discard(s, me, [card])
        _emit(s, ev, "discard", seat=me, cards=[card], why="limit")
        if not _over_limit(s, me):
            s["pending"] = None
            _start_turn(s, (me + 1) % s["n"], ev)


_HANDLERS = {
    "play": _do_play,
    "gem3": _do_gem3,
    "declare": _do_declare,
    "cancel": _do_cancel,
    "end": _do_end,
    "element": _do_element,
    "target": _do_target,
    "barrier": _do_barrier,
    "pick": _do_pick,
}


# --------------------------------------------------------------------------- views


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
    "legal",
    "new",
    "result",
    "timeout_action",
    "to_act",
    "view",
]
