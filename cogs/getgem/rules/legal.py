"""GETGEM legal-move lists and the reasons a refused move gets (docs/rules/getgem.md §3).

``legal`` runs on every step of every AI rollout, so the action-phase list
is built in one pass over the hand.  Cards of one type are interchangeable:
a list offers one action per type (lowest id).
"""

from __future__ import annotations

from typing import Any

from bot.engine import Action, IllegalAction, RuleError, State

from ..cards import (
    ACTION_TYPES,
    ARM,
    CURSE,
    ELEMENTS,
    EXCHANGE,
    PUSH_BARRIER,
    PUSH_PEEP,
    RAINBOW,
    SPENDABLE_GEMS,
    STEAL,
    can_complete,
    wild,
)
from .state import elements_of, first_of_type

CANCEL: Action = {"type": "cancel"}


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


def targets(state: State, me: int, need_cards: bool) -> list[int]:
    """The other seats from ``me``'s left; only those holding cards when the effect needs one."""
    n = state["n"]
    others = [(me + i) % n for i in range(1, n)]
    return [o for o in others if state["hands"][o]] if need_cards else others


def needs_cards(state: State, effect: str) -> bool:
    """Must the target hold a card?  A steal does; a push only when ``push_onto_empty`` is off."""
    if effect == "push":
        return not state["opts"].get("push_onto_empty", True)
    return effect in ("steal", "gem3")


def can_declare(state: State, me: int) -> bool:
    """Could ``me`` start a declaration now (3 hand cards + elements showing all three gems)?"""
    hand = state["hands"][me]
    if len(hand) < 3 or (state["decl"][me] and not state["opts"].get("redeclare", False)):
        return False
    cat = state["cat"]
    types = {cat[c] for c in hand}
    missing = [g for g in ELEMENTS if state["elements"][g] != me]
    naturals = sum(1 for g in missing if g in types)
    rainbows = 0 if CURSE in types else sum(1 for c in hand if cat[c] == RAINBOW)
    return min(3, naturals + rainbows) >= len(missing)


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
    push_targets = victims or not needs_cards(state, "push")
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
        arm_ok = t == ARM and (state["discard"] or state["opts"].get("arm_self", False))
        if (t == STEAL and victims) or t == EXCHANGE or arm_ok:
            out.append({"type": "play", "card": cid})
        elif t == PUSH_PEEP:
            if push_targets:
                out.append({"type": "play", "card": cid, "mode": "push"})
            if not state["peeped"]:
                out.append({"type": "play", "card": cid, "mode": "peep"})
        elif t == PUSH_BARRIER and push_targets:
            out.append({"type": "play", "card": cid, "mode": "push"})
    if victims and sum(counts.get(g, 0) for g in SPENDABLE_GEMS) >= 3:
        out.append({"type": "gem3"})
    elements = state["elements"]
    for g in ELEMENTS:
        if counts.get(g, 0) >= 2 and elements[g] != me:
            out.append({"type": "element", "elem": g})
    if can_declare(state, me):
        out.append({"type": "declare"})
    out.append({"type": "end"})
    return out


def _legal_target(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    seats = targets(state, me, needs_cards(state, p["effect"]))
    return [{"type": "target", "seat": o} for o in seats] + [dict(CANCEL)]


def _picks(state: State, ids: list[int], skip: tuple[int, ...] = (), allow=lambda t: True) -> list[Action]:
    return [{"type": "pick", "card": c} for t, c in first_of_type(ids, state["cat"], skip) if allow(t)]


def _legal_gem3(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    picks = _picks(state, state["hands"][me], tuple(p["picked"]), lambda t: t in SPENDABLE_GEMS)
    return [*picks, dict(CANCEL)]


def _legal_dig(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    """The discard pile; with ``arm_self`` the Arm itself too (it is in the pile "at once" when played)."""
    pile = state["discard"] + [p["card"]] if state["opts"].get("arm_self", False) else state["discard"]
    return [*_picks(state, pile), dict(CANCEL)]


def _legal_discard_one(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    return _picks(state, state["hands"][me], allow=lambda t: t != CURSE)


def _legal_push(state: State, me: int, p: dict[str, Any]) -> list[Action]:
    taken = p.get("taken")
    out = _picks(state, state["hands"][me], (taken,) if taken is not None else ())
    if state["opts"].get("push_optional", False):
        out.append({"type": "skip"})
    return out


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
    elems = elements_of(state, me)
    out: list[Action] = []
    for t, c in first_of_type(rest_ids, cat):
        rest = [cat[x] for x in rest_ids if x != c]
        if can_complete([*picked, t], rest, elems, rainbows_wild):
            out.append({"type": "pick", "card": c})
    return [*out, dict(CANCEL)]


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


def why_illegal(state: State, seat: int, action: Action) -> RuleError:
    """A specific, translatable reason where one helps the player (a stale button); else illegal_action."""
    kind = action.get("type")
    p = state["pending"]
    cat = state["cat"]
    card = action.get("card")
    is_card = type(card) is int and 0 <= card < len(cat)
    if kind in ("play", "declare", "gem3", "element") and p is not None:
        return RuleError("finish_first")
    if kind == "play":
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
        redeclare = state["opts"].get("redeclare", False)
        return RuleError("already_declared" if state["decl"][seat] and not redeclare else "cannot_declare")
    elif kind == "element":
        held = action.get("elem") in ELEMENTS and state["elements"][action["elem"]] == seat
        return RuleError("element_held" if held else "need_pair")
    elif kind == "target":
        return RuleError("bad_target")
    elif kind == "barrier" and action.get("use") is True:
        return RuleError("no_barrier")
    return IllegalAction(f"not a legal action now: {action!r}")
