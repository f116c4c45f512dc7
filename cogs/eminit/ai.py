"""The "normal" Eminit's Treasure player: a heuristic that reads only its view.

Tactics it follows (from the source's hints and docs/rules/eminit.md):

* Treasures score only when received in a contest, so a treasure in hand is
  worth nothing until placed; the AI places treasures it can flip itself and
  flips field cards it knows are treasures first.
* Cards with a harmful acquired effect (Time Skip, Supply, Big Release) are
  good to place: the AI knows where they are and avoids flipping them, and
  points False Info at them when someone else flips.
* In a contest, later declarations override earlier ones, so a flipper with
  Nullify can protect a good card (it resolves first); other seats Suck a
  treasure; a flipper stuck with a harmful card Reflects it to the leader.
* It casts Supply, Clairvoyance and Time Skip (on the leader) when useful.
"""

from __future__ import annotations

import random

from bot.engine import Action, View

from . import cards

HARMFUL = ("big_release", "time_skip", "supply")
"""Acquired effects that hurt the receiver: cards to place, not to flip."""


def _value(card: int, view: View) -> float:
    """What receiving ``card`` is worth to a player."""
    kind = cards.kind(card)
    if cards.category(card) == "treasure":
        return float(cards.points(card, view["options"]))
    if kind in HARMFUL:
        return -1.5
    return 0.4


def _leader(view: View, seat: int) -> int:
    """The best-scoring opponent; ties go to whoever acts soonest after ``seat``."""
    n = view["n"]
    others = [(seat + i) % n for i in range(1, n)]
    return max(others, key=lambda s: (view["scores"][s], -others.index(s)))


def _pick(legal: list[Action], **match: object) -> Action | None:
    for action in legal:
        if all(action.get(k) == v for k, v in match.items()):
            return action
    return None


def _by_kind(legal: list[Action], t: str) -> dict[str, Action]:
    return {cards.kind(a["card"]): a for a in legal if a["type"] == t}


def _place_choice(view: View, legal: list[Action]) -> Action | None:
    """Harmful magic first, then the best treasure, then other magic."""
    places = _by_kind(legal, "place")
    for kind in HARMFUL:
        if kind in places:
            return places[kind]
    for kind in reversed(cards.TREASURES):
        if kind in places:
            return places[kind]
    for kind in ("drop", "switch", "clairvoyance"):
        if kind in places:
            return places[kind]
    return None


def _discard_choice(legal: list[Action]) -> Action:
    return min(legal, key=lambda a: (cards.KEEP_RANK[cards.kind(a["card"])], a["card"]))


def _flip_choice(view: View, seat: int, legal: list[Action]) -> Action:
    field = {e["slot"]: e for e in view["field"]}

    def score(action: Action) -> float:
        entry = field[action["slot"]]
        if entry["card"] is not None:
            return _value(entry["card"], view) + 1.0
        return 0.9 if entry["by"] != seat else 0.8

    return max(legal, key=score)


def _declare_choice(view: View, seat: int, legal: list[Action]) -> Action:
    contest = view["contest"]
    flipped = contest["card"]
    value = _value(flipped, view)
    held = _by_kind(legal, "declare")
    hand = view["hand"] or []
    count = {k: sum(cards.kind(c) == k for c in hand) for k in cards.INTERRUPTS}
    pass_ = {"type": "pass"}
    if contest["flipper"] == seat:
        if value >= 3 and "nullify" in held:
            return held["nullify"]
        if value < 0 and "reflect" in held:
            return held["reflect"]
        return pass_
    if value >= 3 and "suck" in held:
        return held["suck"]
    if value > 0 and cards.category(flipped) == "treasure" and count["suck"] >= 2:
        return held["suck"]
    if "false_info" in held and _harmful_known_slot(view) is not None:
        return held["false_info"]
    return pass_


def _harmful_known_slot(view: View) -> int | None:
    for e in view["field"]:
        if e["card"] is not None and cards.kind(e["card"]) in HARMFUL:
            return e["slot"]
    return None


def choose(view: View, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """One legal action for ``seat``, from what ``view`` shows and nothing else."""
    if len(legal) == 1:
        return legal[0]
    kind = view["step"]["kind"]
    if kind in ("main", "place"):
        casts = _by_kind(legal, "cast")
        unknown = [e for e in view["field"] if e["card"] is None]
        if "supply" in casts and view["deck_size"] >= 2:
            return casts["supply"]
        if "clairvoyance" in casts and unknown:
            return casts["clairvoyance"]
        if "time_skip" in casts:
            return casts["time_skip"]
        choice = _place_choice(view, legal)
        return choice or rng.choice(legal)
    if kind == "skip_target":
        return _pick(legal, seat=_leader(view, seat)) or legal[0]
    if kind in ("switch_look", "clair"):
        looks = [a for a in legal if a["type"] == "look"]
        if not looks:
            return legal[-1]
        field = {e["slot"]: e for e in view["field"]}
        return max(looks, key=lambda a: (field[a["slot"]]["by"] != seat, -a["slot"]))
    if kind == "switch_exchange":
        return min(legal, key=lambda a: (_value(a["card"], view), a["card"]))
    if kind == "release":
        places = _by_kind(legal, "place")
        for k in HARMFUL:
            if k in places:
                return places[k]
        return {"type": "done"}
    if kind in ("limit", "supply_discard"):
        return _discard_choice(legal)
    if kind == "flip":
        return _flip_choice(view, seat, legal)
    if kind == "declare":
        mine = view["contest"]["mine"]
        if mine is None:
            return _declare_choice(view, seat, legal)
        if cards.kind(mine["card"]) == "reflect":
            return _pick(legal, type="aim", seat=_leader(view, seat)) or legal[0]
        slot = _harmful_known_slot(view)
        return (_pick(legal, type="aim", slot=slot) if slot is not None else None) or legal[0]
    if kind == "name":
        hand = view["hand"] or []
        return min(legal, key=lambda a: sum(cards.kind(c) == a["kind"] for c in hand))
    return rng.choice(legal)
