"""GETGEM turn flow (docs/rules/getgem.md §3): dealing, drawing, the end phase, victory checks, match points.

Everything here runs inside :func:`cogs.getgem.rules.apply` on a fresh copy
of the state, so mutating ``s`` in place is safe.
"""

from __future__ import annotations

from bot.engine import Event, State, draw_rng

from ..cards import CURSE, ELEMENTS, RAINBOW, shows_all, wild
from . import knowledge as K
from .state import HAND_LIMIT, HAND_START, elements_of, emit


def first_seat(s: State) -> int:
    """The first game's first player: drawn at random, or the host (seat 0) with ``first_player: host``."""
    if s["opts"].get("first_player", "random") == "host":
        return 0
    return draw_rng(s).randrange(s["n"])


def new_game(s: State, first: int, ev: list[Event]) -> None:
    """Shuffle all basic cards, deal 4 each from ``first``, put the elements in the centre, start ``first``'s turn."""
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
        endwin=[],
        turn_no=0,
        peeped=False,
        game_no=s["game_no"] + 1,
    )
    emit(s, ev, "new_game", game=s["game_no"], first=first)
    start_turn(s, first, ev)


def start_turn(s: State, seat: int, ev: list[Event]) -> None:
    """Begin ``seat``'s turn with its draw, unless the turn cap (``max_turns``) ends the game first."""
    if s["turn_no"] >= s["opts"]["max_turns"]:
        scores = s["points"][:] if s["opts"]["match_play"] else [0] * s["n"]
        finish(s, [], scores, "turn_cap")
        emit(s, ev, "turn_cap", turns=s["turn_no"])
        return
    s.update(turn_no=s["turn_no"] + 1, turn=seat, phase="action", peeped=False, pending=None, endq=[], endwin=[])
    emit(s, ev, "turn", seat=seat, turn=s["turn_no"])
    draw(s, seat, ev)


def _rebuild(s: State, ev: list[Event]) -> bool:
    """Shuffle the discard pile into a new deck; False if there is nothing to shuffle."""
    if not s["discard"]:
        return False
    s["deck"], s["discard"] = s["discard"], []
    draw_rng(s).shuffle(s["deck"])
    emit(s, ev, "reshuffle", count=len(s["deck"]))
    return True


def draw(s: State, seat: int, ev: list[Event]) -> None:
    """Draw 1.  The deck is rebuilt the moment a draw empties it (source: '山札がなくなったときは…').

    Rebuilding at once (not at the next draw) matters: otherwise an Excavation
    Arm could dig through a whole discard pile while the deck stands at 0.  The
    check before the draw only fires when the pile was empty at that moment.
    """
    if not s["deck"] and not _rebuild(s, ev):
        emit(s, ev, "no_draw", seat=seat)
        return
    card = s["deck"].pop()
    s["hands"][seat].append(card)
    emit(s, ev, "draw", seat=seat)
    emit(s, ev, "drew", (seat,), seat=seat, card=card)
    if not s["deck"]:
        _rebuild(s, ev)


def finish(s: State, winners: list[int], scores: list[int], reason: str) -> None:
    s.update(over={"winners": winners, "scores": scores, "reason": reason}, phase="over", pending=None, endq=[])


def over_limit(s: State, seat: int) -> bool:
    """Over the hand limit with something discardable (curses never are)."""
    hand = s["hands"][seat]
    return len(hand) > HAND_LIMIT and any(s["cat"][c] != CURSE for c in hand)


def begin_end(s: State, ev: list[Event]) -> None:
    """End phase after the (optional) declaration: take-backs from the turn player's left, then the hand limit."""
    n, t = s["n"], s["turn"]
    s["phase"] = "end"
    s["pending"] = None
    s["endq"] = [(t + i) % n for i in range(1, n) if s["decl"][(t + i) % n]]
    s["endwin"] = []
    continue_end(s, ev)


def _stop_at_first(s: State) -> bool:
    return s["opts"].get("same_phase_win", "shared") == "seat_order" and bool(s["endwin"])


def continue_end(s: State, ev: list[Event]) -> None:
    """Run the take-backs still owed; ask a declarer only when its choice is real.

    All declaring non-turn players take back "at the same time", so with
    ``same_phase_win: shared`` every one of them does, and all who pass their
    check win together; ``seat_order`` stops at the first.
    """
    cat = s["cat"]
    while s["endq"] and not _stop_at_first(s):
        who = s["endq"][0]
        d = s["decl"][who]
        if s["endwin"] and len(d) > 1:
            # the game is won in this end phase and this take-back leads to no check: the game ends without
            # it (no "takes back … (2 to go)" after the win, no question whose answer cannot matter)
            s["endq"].pop(0)
            continue
        if len({cat[c] for c in d}) > 1:
            s["pending"] = {"kind": "takeback", "seat": who}
            return
        s["endq"].pop(0)  # one kind left: the choice cannot matter, so it is made for them
        takeback(s, who, d[0], ev)
    if s["endwin"]:
        win(s, s["endwin"][:], ev)
        return
    if over_limit(s, s["turn"]):
        s["pending"] = {"kind": "limit"}
        return
    start_turn(s, (s["turn"] + 1) % s["n"], ev)


def takeback(s: State, who: int, card: int, ev: list[Event]) -> None:
    """Return one declaration card; the last one triggers the victory check (a pass joins ``endwin``)."""
    s["decl"][who].remove(card)
    s["hands"][who].append(card)
    K.public_add(s, who, [card])
    emit(s, ev, "takeback", seat=who, card=card, left=len(s["decl"][who]))
    if s["decl"][who]:
        return
    types = [s["cat"][c] for c in s["hands"][who]]
    won = shows_all(types, elements_of(s, who), wild(types))
    emit(s, ev, "reveal", seat=who, cards=sorted(s["hands"][who]), elems=elements_of(s, who), win=won)
    K.reveal(s, who)
    if won:
        s["endwin"].append(who)


def match_points(rainbows: int) -> int:
    """A win's match points: 10 − 3 × rainbows in the winning hand, no floor (house counts can go below 0)."""
    return 10 - 3 * rainbows


def win(s: State, winners: list[int], ev: list[Event]) -> None:
    """End the game with these winners (from the turn player's left); in match play, score and go on."""
    opts, n = s["opts"], s["n"]
    rainbows = {w: sum(1 for c in s["hands"][w] if s["cat"][c] == RAINBOW) for w in winners}
    if not opts["match_play"]:
        for w in winners:
            emit(s, ev, "win", seat=w, rainbows=rainbows[w], points=1, total=1, match=False, match_over=True)
        finish(s, winners, [1 if i in winners else 0 for i in range(n)], "victory_check")
        return
    for w in winners:
        s["points"][w] += match_points(rainbows[w])
    over = any(s["points"][w] >= opts["match_target"] for w in winners)
    for w in winners:
        pts = match_points(rainbows[w])
        emit(s, ev, "win", seat=w, rainbows=rainbows[w], points=pts, total=s["points"][w], match=True, match_over=over)
    if over:
        top = max(s["points"])
        finish(s, [i for i in range(n) if s["points"][i] == top], s["points"][:], "match")
    else:
        new_game(s, (winners[0] - 1) % n, ev)  # next game starts with the (first) winner's right
