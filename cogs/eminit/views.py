"""What each seat may see of an Eminit state, and random full states that fit a view.

Split from ``rules`` by concern: ``view`` masks, ``sample`` deals the unseen
cards back for the search AI.  A contest's declarations are shown as
docs/rules/eminit.md §4 says: with ``declarations: live`` everyone sees *who* has a
face-down card out, who is still deciding and who is done, never *which*
card; with ``sealed`` only who has answered.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import State, View

from . import cards
from .game import ID as GAME  # the id is declared once, in game.py

DECIDING, DECLARED, DONE, ANSWERED = "deciding", "declared", "done", "answered"
"""A seat's public state in a contest (``answered`` only in sealed mode)."""


def live(state_or_view: dict) -> bool:
    return state_or_view["options"].get("declarations", "live") == "live"


def seat_states(s: State) -> list[str]:
    """Each seat's public contest state; a card chosen but not yet aimed is still deciding."""
    out = []
    sealed = not live(s)
    for a in s["contest"]["answers"]:
        if a is None or not a["done"]:
            out.append(DECIDING)
        elif sealed:
            out.append(ANSWERED)
        else:
            out.append(DONE if a["card"] is None else DECLARED)
    return out


def view(state: State, seat: int | None, to_act: list[int], quota: int, scores: list[int]) -> View:
    """Public information, plus ``seat``'s hand, known field cards and own declaration.

    ``to_act``, ``quota`` and ``scores`` are the engine's (:mod:`.rules`), which imports this module.

    Sealed: hand sizes count a declared-but-unrevealed card as still in hand,
    so the view tells who has *answered* but not whether they declared.
    Live: a made declaration lies face down in front of its owner (out of the
    hand count); a card chosen but not yet aimed still counts as in hand.
    """
    n = state["n"]
    sizes = [len(h) for h in state["hands"]]
    c = state["contest"]
    contest_view = None
    if c is not None:
        states = seat_states(state)
        for i, a in enumerate(c["answers"]):
            if a is not None and a["card"] is not None and states[i] != DECLARED:
                sizes[i] += 1
        contest_view = {
            "flipper": c["flipper"],
            "slot": c["slot"],
            "card": c["card"],
            "placed_by": c["placed_by"],
            "extra": c["extra"],
            "by": c.get("by"),
            "answered": [st != DECIDING for st in states],
            "seats": states,
            "mine": dict(c["answers"][seat]) if seat is not None and c["answers"][seat] is not None else None,
        }
    return {
        "game": GAME,
        "version": state["version"],
        "n": n,
        "seat": seat,
        "options": dict(state["options"]),
        "phase": state["phase"],
        "turn_seat": state["seat"],
        "turn": state["turn"],
        "cast": state["cast"],
        "step": dict(state["step"]),
        "to_act": to_act,
        "hand": sorted(state["hands"][seat]) if seat is not None else None,
        "hand_sizes": sizes,
        "field": [
            {
                "slot": e["slot"],
                "by": e["by"],
                "known": list(e["known"]),
                "card": e["card"] if seat is not None and seat in e["known"] else None,
            }
            for e in state["field"]
        ],
        "next_slot": state["next_slot"],
        "quota": quota,
        "deck_size": len(state["deck"]),
        "discard": list(state["discard"]),
        "treasures": [list(t) for t in state["treasures"]],
        "scores": scores,
        "skip": list(state["skip"]),
        "contest": contest_view,
        "queue": [dict(q) for q in state["queue"]],
        "last_contest": state["last_contest"],
        "log": list(state["log"]),
        "result": state["result"],
    }


DEAL_TRIES = 200


def determinize(view: View, seat: int, seed: int, plausible: Callable[[State], bool]) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random.

    Unknown field cards get magic/treasure cards first (interrupts never reach
    the field in legal play); other hands and the deck get the rest.  In
    sealed mode another seat that has answered declared a random card from its
    dealt hand half the time, else nothing; in live mode the view says which
    seats have a card out, and that card is dealt from the unseen pool.
    """
    rng = random.Random(seed)
    c = view["contest"]
    mine = c["mine"] if c is not None else None
    seen = set(view["hand"]) | set(view["discard"])
    seen.update(card for t in view["treasures"] for card in t)
    seen.update(e["card"] for e in view["field"] if e["card"] is not None)
    if c is not None:
        seen.add(c["card"])
        if mine is not None and mine["card"] is not None:
            seen.add(mine["card"])
    unseen = [card for card in range(cards.DECK_SIZE) if card not in seen]
    state: State = {}
    for _ in range(DEAL_TRIES):
        state = _deal(view, seat, rng, unseen, seed)
        if plausible(state):
            break
    return state


def _aim(card: int, seat: int, n: int, field: list[dict], rng: random.Random) -> tuple[int | None, int | None]:
    if cards.kind(card) == "reflect":
        return rng.randrange(n), None
    if cards.kind(card) == "false_info" and field:
        return None, rng.choice(field)["slot"]
    return None, None


def _deal(view: View, seat: int, rng: random.Random, unseen: list[int], seed: int) -> State:
    """One random deal of the ``unseen`` cards into the places ``view`` cannot see."""
    n = view["n"]
    c = view["contest"]
    mine = c["mine"] if c is not None else None
    pool = list(unseen)
    rng.shuffle(pool)
    fits = [card for card in pool if cards.placeable(card)]
    rest = [card for card in pool if not cards.placeable(card)]
    field = []
    for e in view["field"]:
        card = e["card"]
        if card is None:
            card = fits.pop() if fits else rest.pop()
        field.append({"slot": e["slot"], "card": card, "by": e["by"], "known": list(e["known"])})
    pool = fits + rest
    rng.shuffle(pool)
    out_cards: dict[int, int] = {}  # live mode: face-down declarations, dealt before the hands
    if c is not None:
        for i, st in enumerate(c["seats"]):
            if i != seat and st == DECLARED:
                out_cards[i] = pool.pop()
    hands: list[list[int]] = []
    for i in range(n):
        if i == seat:
            hands.append(list(view["hand"]))
        else:
            hands.append([pool.pop() for _ in range(view["hand_sizes"][i])])
    answers = None
    if c is not None:
        answers = []
        for i, st in enumerate(c["seats"]):
            none = {"card": None, "seat": None, "slot": None, "done": True}
            if i == seat:
                answers.append(dict(mine) if mine is not None else None)
            elif st == DECIDING:
                answers.append(None)
            elif st == DONE:
                answers.append(none)
            elif st == DECLARED or (hands[i] and rng.random() < 0.5):
                card = out_cards[i] if st == DECLARED else hands[i].pop(rng.randrange(len(hands[i])))
                aim_seat, aim_slot = _aim(card, i, n, field, rng)
                answers.append({"card": card, "seat": aim_seat, "slot": aim_slot, "done": True})
            else:
                answers.append(none)
    contest_state = None
    if c is not None:
        contest_state = {
            "flipper": c["flipper"],
            "slot": c["slot"],
            "card": c["card"],
            "placed_by": c["placed_by"],
            "extra": c["extra"],
            "by": c.get("by"),
            "answers": answers,
        }
    return {
        "game": GAME,
        "version": view["version"],
        "n": n,
        "options": dict(view["options"]),
        "rng": int(seed),
        "deck": pool,
        "hands": hands,
        "field": field,
        "next_slot": view["next_slot"],
        "discard": list(view["discard"]),
        "treasures": [list(t) for t in view["treasures"]],
        "skip": list(view["skip"]),
        "phase": view["phase"],
        "seat": view["turn_seat"],
        "turn": view["turn"],
        "cast": view["cast"],
        "step": dict(view["step"]),
        "contest": contest_state,
        "queue": [dict(q) for q in view["queue"]],
        "last_contest": view["last_contest"],
        "log": list(view["log"]),
        "result": view["result"],
    }
