"""The normal GETGEM AI: a heuristic that reads only its seat's view.

Tactics (from the rules' incentives):
* Aim at fire, water and thunder; a pair of one kind buys that element card
  (it covers that gem for good, and taking it from a declarer can sink them).
* Declare as soon as a valid declaration exists: the three cards on the table
  are safe from steals, and the clock of three take-backs starts.
* Put the needed gems on the table and take back the least needed card first,
  so the cards a steal could take hurt least.
* Spend steals, pushes and exchanges on declarers close to their victory check
  (fewest declaration cards left), else on the biggest hand.  Push curses away.
* Bar steals, pushes and exchanges whenever holding a Barrier; let peeks through.
* Discard the least useful card; never hold on to surplus gems when a 3-gem steal is free.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.engine import Action, View

from .cards import (
    ARM,
    CURSE,
    ELEMENTS,
    EXCHANGE,
    PUSH_BARRIER,
    PUSH_PEEP,
    RAINBOW,
    STEAL,
)

_ACTION_VALUE = {STEAL: 4.0, PUSH_BARRIER: 5.0, PUSH_PEEP: 3.5, ARM: 2.5, EXCHANGE: 2.0}


def _mine(view: View, seat: int) -> list[str]:
    return [g for g in ELEMENTS if view["elements"][g] == seat]


def _value(t: str, counts: Counter[str], elems: list[str]) -> float:
    """How much one more/one fewer card of type ``t`` matters to this hand (higher = keep)."""
    if t == CURSE:
        return -5.0
    if t == RAINBOW:
        return 1.0 if counts[CURSE] else 7.0
    if t in ELEMENTS:
        if t in elems:
            return 0.5
        have = counts[t]
        return 10.0 if have <= 1 else (6.0 if have == 2 else 1.5)
    return _ACTION_VALUE.get(t, 1.0)


def _hand_value(view: View, seat: int) -> float:
    cat = view["cat"]
    counts = Counter(cat[c] for c in view["hand"] or [])
    elems = _mine(view, seat)
    return sum(_value(t, counts, elems) for t in counts.elements())


def _victim_order(view: View, seat: int, candidates: list[int]) -> list[int]:
    """Declarers nearest their victory check first, then the biggest hands."""

    def key(o: int) -> tuple[int, int]:
        left = len(view["decl"][o])
        return (left if left else 99, -view["hand_sizes"][o])

    return sorted(candidates, key=key)


def _pick_by_value(view: View, seat: int, legal: list[Action], lowest: bool, pool: list[int] | None = None) -> Action:
    """The pick whose card type is worth least (``lowest``) or most to this hand."""
    cat = view["cat"]
    hand = view["hand"] or []
    counts = Counter(cat[c] for c in hand)
    elems = _mine(view, seat)
    picks = [a for a in legal if a["type"] == "pick"]
    scored = sorted(picks, key=lambda a: _value(cat[a["card"]], counts, elems))
    return scored[0] if lowest else scored[-1]


def choose(view: View, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """One legal action for ``seat`` from its view (never the full state)."""
    if len(legal) == 1:
        return legal[0]
    p = view["pending"]
    kind = p["kind"] if p else None
    try:
        choice = _HANDLERS.get(kind, _main)(view, seat, legal, p or {})
    except (KeyError, ValueError, IndexError):
        choice = None
    return choice if choice in legal else rng.choice(legal)


def _main(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    cat = view["cat"]
    hand = view["hand"] or []
    counts = Counter(cat[c] for c in hand)
    elems = _mine(view, seat)
    by_effect: dict[str, Action] = {}
    for a in legal:
        if a["type"] == "play":
            t = cat[a["card"]]
            effect = a.get("mode") or {STEAL: "steal", EXCHANGE: "exchange", ARM: "arm"}[t]
            # prefer spending the Peeping Draw card on pushes; keep Barrier cards for defence
            if effect == "push" and "push" in by_effect and t == PUSH_BARRIER:
                continue
            by_effect.setdefault(effect, a)
    others = [o for o in range(view["n"]) if o != seat]
    declarers = [o for o in others if view["decl"][o]]

    if counts[CURSE] and "push" in by_effect:
        return by_effect["push"]
    if "exchange" in by_effect:
        near = [o for o in declarers if len(view["decl"][o]) <= 2 and view["hand_sizes"][o] >= 2]
        if near or (counts[CURSE] and max(view["hand_sizes"][o] for o in others) >= len(hand) - 1):
            return by_effect["exchange"]
    for effect in ("steal", "peep"):
        if effect in by_effect:
            return by_effect[effect]
    if "push" in by_effect:
        worst = min(_value(t, counts, elems) for t in counts)
        if worst <= 2.0 or declarers:
            return by_effect["push"]
    if "arm" in by_effect:
        best = max((_value(cat[c], counts, elems) for c in view["discard"]), default=0.0)
        worst = min((_value(t, counts, elems) for t in counts if t not in (CURSE, ARM)), default=99.0)
        if best >= 6.0 and worst <= 4.0:
            return by_effect["arm"]
    for a in legal:
        if a["type"] == "element":
            return a
    for a in legal:
        if a["type"] == "gem3":
            fodder = sum(counts[g] for g in elems) + sum(max(0, counts[g] - 1) for g in ELEMENTS if g not in elems)
            if counts[CURSE]:
                fodder += counts[RAINBOW]
            if fodder >= 3:
                return a
    for a in legal:
        if a["type"] == "declare":
            return a
    return next(a for a in legal if a["type"] == "end")


def _target(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    seats = [a["seat"] for a in legal if a["type"] == "target"]
    effect = p.get("effect")
    if effect == "exchange":
        near = [o for o in seats if view["decl"][o] and view["hand_sizes"][o] >= 2]
        best = _victim_order(view, seat, near)[0] if near else max(seats, key=lambda o: view["hand_sizes"][o])
    else:
        best = _victim_order(view, seat, seats)[0]
    return {"type": "target", "seat": best}


def _gem3(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    cat = view["cat"]
    hand = [c for c in view["hand"] or [] if c not in p.get("picked", [])]
    counts = Counter(cat[c] for c in hand)
    elems = _mine(view, seat)
    picks = [a for a in legal if a["type"] == "pick"]
    return min(picks, key=lambda a: _value(cat[a["card"]], counts, elems))


def _dig(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    return _pick_by_value(view, seat, legal, lowest=False)


def _discard(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    return _pick_by_value(view, seat, legal, lowest=True)


def _push(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    """Give the least useful card; with ``push_optional`` keep a hand that has nothing worth giving away."""
    give = _pick_by_value(view, seat, legal, lowest=True)
    if {"type": "skip"} in legal:
        cat = view["cat"]
        counts = Counter(cat[c] for c in view["hand"] or [])
        if _value(cat[give["card"]], counts, _mine(view, seat)) > 2.0:
            return {"type": "skip"}
    return give


def _barrier(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    use = {"type": "barrier", "use": True}
    effect = p.get("effect")
    if use in legal and (effect in ("steal", "push") or (effect == "exchange" and _hand_value(view, seat) >= 10.0)):
        return use
    return {"type": "barrier", "use": False}


def _declare(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    """Put needed gems on the table first (safe from steals), then the most valuable card."""
    cat = view["cat"]
    picked = [cat[c] for c in p.get("picked", [])]
    covered = set(_mine(view, seat)) | {t for t in picked if t in ELEMENTS}
    hand = view["hand"] or []
    counts = Counter(cat[c] for c in hand)
    elems = _mine(view, seat)
    picks = [a for a in legal if a["type"] == "pick"]

    def score(a: Action) -> float:
        t = cat[a["card"]]
        if t in ELEMENTS and t not in covered:
            return 100.0
        if t == RAINBOW and not counts[CURSE] and len(covered) < 3:
            return 50.0
        return _value(t, counts, elems)

    return max(picks, key=score)


def _takeback(view: View, seat: int, legal: list[Action], p: dict[str, Any]) -> Action:
    """Take back what the check needs least: cards already covered by the hand or elements."""
    cat = view["cat"]
    hand_types = {cat[c] for c in view["hand"] or []}
    covered = set(_mine(view, seat)) | (hand_types & set(ELEMENTS))
    picks = [a for a in legal if a["type"] == "pick"]

    def need(a: Action) -> float:
        t = cat[a["card"]]
        if t in ELEMENTS:
            return 0.0 if t in covered else 10.0
        if t == RAINBOW:
            return 5.0
        return -1.0

    return min(picks, key=need)


_HANDLERS = {
    None: _main,
    "target": _target,
    "gem3": _gem3,
    "dig": _dig,
    "arm_discard": _discard,
    "limit": _discard,
    "push": _push,
    "barrier": _barrier,
    "declare": _declare,
    "takeback": _takeback,
}
