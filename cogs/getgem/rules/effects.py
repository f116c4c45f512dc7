"""GETGEM move handlers: what each accepted click does to the (copied) state (docs/rules/getgem.md §3).

One handler per action ``type``; ``pick`` dispatches on the pending sub-step.
The handlers trust that :func:`cogs.getgem.rules.legal.legal` offered the action.
"""

from __future__ import annotations

from bot.engine import Action, Event, State, draw_rng

from ..cards import EFFECT_OF_MODE, PUSH_BARRIER
from . import flow
from . import knowledge as K
from .legal import can_declare
from .state import emit, move_to_discard


def _random_steal(s: State, taker: int, victim: int, ev: list[Event]) -> int:
    hv = s["hands"][victim]
    card = hv.pop(draw_rng(s).randrange(len(hv)))
    s["hands"][taker].append(card)
    K.blur(s, victim, (taker, victim))
    known = s["known"]
    if card in known[taker][victim]:
        known[taker][victim].remove(card)
    known[victim][taker].append(card)
    emit(s, ev, "steal", seat=taker, victim=victim)
    emit(s, ev, "stolen", (taker, victim), seat=taker, victim=victim, card=card)
    return card


def _exchange(s: State, a: int, b: int, ev: list[Event]) -> None:
    hands = s["hands"]
    ha, hb = hands[a], hands[b]
    hands[a], hands[b] = hb, ha
    K.exchange(s, a, b, ha, hb)
    emit(s, ev, "exchange", seat=a, target=b)


def _resolve(s: State, me: int, target: int, effect: str, ev: list[Event]) -> None:
    """The effect of an action card that was not barred."""
    if effect == "steal":
        _random_steal(s, me, target, ev)
    elif effect == "exchange":
        _exchange(s, me, target, ev)
    elif effect == "peep":
        cards = sorted(s["hands"][target])
        s["known"][me][target] = s["hands"][target][:]
        emit(s, ev, "peep", seat=me, target=target)
        emit(s, ev, "peeked", (me,), seat=me, target=target, cards=cards)
        flow.draw(s, me, ev)
    elif effect == "push":
        taken: int | None = None
        if s["hands"][target]:
            taken = _random_steal(s, me, target, ev)
        else:  # push_onto_empty: nothing to take, the push still happens
            emit(s, ev, "steal_none", seat=me, victim=target)
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


def _limit_first(s: State, me: int, then: str) -> bool:
    """With ``limit_first``, discard down to 6 before declaring or ending; True if that step was opened."""
    if s["opts"].get("limit_first", False) and flow.over_limit(s, me):
        s["pending"] = {"kind": "limit", "then": then}
        return True
    return False


def _do_declare(s: State, me: int, a: Action, ev: list[Event]) -> None:
    if not _limit_first(s, me, "declare"):
        s["pending"] = {"kind": "declare", "picked": []}


def _do_cancel(s: State, me: int, a: Action, ev: list[Event]) -> None:
    s["pending"] = None


def _do_end(s: State, me: int, a: Action, ev: list[Event]) -> None:
    emit(s, ev, "end_actions", seat=me)
    if not _limit_first(s, me, "end"):
        flow.begin_end(s, ev)


def _do_element(s: State, me: int, a: Action, ev: list[Event]) -> None:
    g = a["elem"]
    pair = sorted(c for c in s["hands"][me] if s["cat"][c] == g)[:2]
    move_to_discard(s, me, pair)
    holder = s["elements"][g]
    s["elements"][g] = me
    emit(s, ev, "element", seat=me, elem=g, holder=holder, cards=pair)


def _do_target(s: State, me: int, a: Action, ev: list[Event]) -> None:
    p, target = s["pending"], a["seat"]
    s["pending"] = None
    if p["effect"] == "gem3":
        move_to_discard(s, me, p["picked"])
        emit(s, ev, "gem3", seat=me, cards=p["picked"], target=target)
        _random_steal(s, me, target, ev)
        return
    card, effect = p["card"], p["effect"]
    move_to_discard(s, me, [card])
    if effect == "peep":
        s["peeped"] = True  # used up; a barred one gives it back unless `peep_barred_counts` (default on)
    emit(s, ev, "play", seat=me, card=card, effect=effect, target=target)
    # Asked whether or not they hold a Barrier, so the question reveals nothing -- an empty hand
    # too (docs/rules/getgem.md §3 "Barrier prompts": every targeted player is asked; its only answer is no).
    s["pending"] = {"kind": "barrier", "card": card, "effect": effect, "by": me, "target": target}
    emit(s, ev, "barrier_ask", seat=target, by=me, effect=effect)


def _do_barrier(s: State, me: int, a: Action, ev: list[Event]) -> None:
    p = s["pending"]
    s["pending"] = None
    if a["use"]:
        barrier = min(c for c in s["hands"][me] if s["cat"][c] == PUSH_BARRIER)
        move_to_discard(s, me, [barrier])
        emit(s, ev, "barrier", seat=me, by=p["by"], card=barrier, effect=p["effect"])
        if p["effect"] == "peep" and not s["opts"].get("peep_barred_counts", True):
            s["peeped"] = False  # the barred Peeping Draw did not count: another may be played this turn
    else:
        emit(s, ev, "no_barrier", seat=me, by=p["by"], effect=p["effect"])
        _resolve(s, p["by"], me, p["effect"], ev)


def _do_skip(s: State, me: int, a: Action, ev: list[Event]) -> None:
    """``push_optional``: the push of a Steal & Push is left out."""
    target = s["pending"]["target"]
    s["pending"] = None
    emit(s, ev, "push_skip", seat=me, target=target)


def _pick_push(s: State, me: int, p: dict, card: int, ev: list[Event]) -> None:
    target = p["target"]
    s["pending"] = None
    s["hands"][me].remove(card)
    s["hands"][target].append(card)
    K.blur(s, me, (me, target))
    known = s["known"]
    if card in known[target][me]:
        known[target][me].remove(card)
    known[me][target].append(card)
    emit(s, ev, "push", seat=me, target=target)
    emit(s, ev, "pushed", (me, target), seat=me, target=target, card=card)


def _pick_limit(s: State, me: int, p: dict, card: int, ev: list[Event]) -> None:
    move_to_discard(s, me, [card])
    emit(s, ev, "discard", seat=me, cards=[card], why="limit")
    if flow.over_limit(s, me):
        return
    then = p.get("then")
    s["pending"] = None
    if then == "declare" and can_declare(s, me):
        s["pending"] = {"kind": "declare", "picked": []}
    elif then in ("declare", "end"):
        flow.begin_end(s, ev)
    else:
        flow.start_turn(s, (me + 1) % s["n"], ev)


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
            s["decl"][me] = s["decl"][me] + p["picked"]  # more than 3 only with `redeclare`
            emit(s, ev, "declare", seat=me, cards=p["picked"], left=len(s["decl"][me]))
            flow.begin_end(s, ev)
    elif kind == "dig":
        arm = p["card"]
        move_to_discard(s, me, [arm])
        emit(s, ev, "play", seat=me, card=arm, effect="arm", target=None)
        s["discard"].remove(card)
        s["hands"][me].append(card)
        K.public_add(s, me, [card])
        emit(s, ev, "dig", seat=me, card=card)
        s["pending"] = {"kind": "arm_discard", "dug": card}
    elif kind == "arm_discard":
        s["pending"] = None
        move_to_discard(s, me, [card])
        emit(s, ev, "discard", seat=me, cards=[card], why="arm")
    elif kind == "push":
        _pick_push(s, me, p, card, ev)
    elif kind == "takeback":
        s["endq"].pop(0)
        s["pending"] = None
        flow.takeback(s, me, card, ev)
        flow.continue_end(s, ev)
    elif kind == "limit":
        _pick_limit(s, me, p, card, ev)


HANDLERS = {
    "play": _do_play,
    "gem3": _do_gem3,
    "declare": _do_declare,
    "cancel": _do_cancel,
    "end": _do_end,
    "element": _do_element,
    "target": _do_target,
    "barrier": _do_barrier,
    "pick": _do_pick,
    "skip": _do_skip,
}
