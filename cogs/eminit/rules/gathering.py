"""The gathering phase (宝集め): draw, maybe cast one magic card, place one card.

This half of the game is our reconstruction (docs/rules/eminit.md §4); every number in it
is a rule option.  Each choice is one action through a sub-step in
``state["step"]`` so every click is a single button.

Steps (actor = ``step["seat"]``, the gathering player):

``main``            cast a magic card, or place a card (ends the turn)
``skip_target``     Time Skip: choose the player whose next turn is skipped
``switch_look``     Switch: choose the face-down field card to look at
``switch_exchange`` Switch: choose the hand card that replaces it (no backing out)
``release``         Big Release: place cards one at a time (interrupts go to the
                    discard pile instead), then ``done``; option ``big_release:
                    whole_hand`` does it for the whole hand at once
``clair``           Clairvoyance: look at field cards one at a time, or ``done``
``place``           after a cast: place one card (ends the turn)
``limit``           hand over the limit at the end of the turn: discard one at a time
"""

from __future__ import annotations

from bot.engine import Action, State

from .. import cards
from .contest import start_scramble, then_gathering
from .state import Ctx, discard_from_hand, find_slot, finish, placeable_in_hand, quota, tick

STEPS = ("main", "skip_target", "switch_look", "switch_exchange", "release", "clair", "place", "limit")


def anyone_can_place(s: State) -> bool:
    return any(cards.placeable(c) for hand in s["hands"] for c in hand)


def begin_turn(ctx: Ctx, seat: int) -> None:
    """Start ``seat``'s gathering turn, running through skipped turns."""
    s = ctx.s
    while True:
        s["phase"] = "gathering"
        s["seat"] = seat
        s["cast"] = False
        if not s["deck"] and not anyone_can_place(s):
            # docs/rules/eminit.md: deck empty and nobody can place -> scramble what is there,
            # or the game ends if the field is empty too.
            ctx.emit("nobody_can_place")
            if s["field"]:
                start_scramble(ctx, seat)
            else:
                finish(ctx, "deck_empty")
            return
        if not tick(ctx):
            return
        if s["skip"][seat]:
            s["skip"][seat] = False
            ctx.emit("skipped", seat=seat, phase="gathering")
            seat = ctx.next_seat(seat)
            continue
        break
    count = min(int(ctx.opt["draw_per_turn"]), len(s["deck"]))
    if count:
        drawn = [s["deck"].pop() for _ in range(count)]
        s["hands"][seat].extend(drawn)
        ctx.emit("drew", seat=seat, count=count)
        ctx.emit("drew_cards", to=(seat,), seat=seat, cards=drawn, turn=s["turn"], why="turn")
    if placeable_in_hand(s["hands"][seat]):
        s["step"] = {"kind": "main", "seat": seat}
    else:
        ctx.emit("passed", seat=seat)
        end_turn(ctx)


def _to_place(ctx: Ctx) -> None:
    """After a cast: place one card, or pass if there is none to place."""
    s = ctx.s
    seat = s["seat"]
    if placeable_in_hand(s["hands"][seat]):
        s["step"] = {"kind": "place", "seat": seat}
    else:
        ctx.emit("passed", seat=seat)
        end_turn(ctx)


def end_turn(ctx: Ctx) -> None:
    """Hand limit, then the scramble if the quota is met, else the next player."""
    s = ctx.s
    seat = s["seat"]
    if len(s["hands"][seat]) > int(ctx.opt["hand_limit"]):
        s["step"] = {"kind": "limit", "seat": seat}
        return
    nxt = ctx.next_seat(seat)
    if len(s["field"]) >= quota(s):
        ctx.emit("quota_reached", count=len(s["field"]), quota=quota(s))
        start_scramble(ctx, nxt)
    else:
        begin_turn(ctx, nxt)


def _unknown_slots(s: State, seat: int) -> list[int]:
    return [e["slot"] for e in s["field"] if seat not in e["known"]]


def can_cast(s: State, seat: int, card: int) -> bool:
    """Switch needs a field card and another magic/treasure card in hand (source)."""
    if cards.kind(card) == "switch":
        return bool(s["field"]) and any(cards.placeable(c) and c != card for c in s["hands"][seat])
    return cards.category(card) == "magic"


def legal(s: State, seat: int) -> list[Action]:
    step = s["step"]
    kind = step["kind"]
    hand = s["hands"][seat]
    if kind == "main":
        casts = [
            {"type": "cast", "card": c}
            for c in cards.one_per_kind(c for c in hand if cards.category(c) == "magic")
            if can_cast(s, seat, c)
        ]
        return casts + [{"type": "place", "card": c} for c in placeable_in_hand(hand)]
    if kind == "place":
        return [{"type": "place", "card": c} for c in placeable_in_hand(hand)]
    if kind == "skip_target":
        # Any player, yourself included (docs/rules/eminit.md §4).
        return [{"type": "skip_target", "seat": t} for t in range(s["n"])]
    if kind == "switch_look":
        return [{"type": "look", "slot": e["slot"]} for e in s["field"]]
    if kind == "switch_exchange":
        return [{"type": "exchange", "card": c} for c in placeable_in_hand(hand)]
    if kind == "release":
        return [{"type": "place", "card": c} for c in cards.one_per_kind(hand)] + [{"type": "done"}]
    if kind == "clair":
        return [{"type": "look", "slot": n} for n in _unknown_slots(s, seat)] + [{"type": "done"}]
    if kind == "limit":
        return [{"type": "discard", "card": c} for c in cards.one_per_kind(hand)]
    return []


def _place(ctx: Ctx, seat: int, card: int) -> int:
    s = ctx.s
    s["hands"][seat].remove(card)
    slot = s["next_slot"]
    s["next_slot"] = slot + 1
    s["field"].append({"slot": slot, "card": card, "by": seat, "known": [seat]})
    return slot


def _look(ctx: Ctx, seat: int, slot: int) -> None:
    """``seat`` looks at a field card: the act is public, the face private."""
    s = ctx.s
    i = find_slot(s, slot)
    assert i is not None
    entry = s["field"][i]
    if seat not in entry["known"]:
        s["field"][i] = {**entry, "known": sorted([*entry["known"], seat])}
    ctx.emit("looked", seat=seat, slot=slot)
    ctx.emit("saw", to=(seat,), seat=seat, slot=slot, card=entry["card"], turn=s["turn"])


def _cast(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    discard_from_hand(ctx, seat, card)
    s["cast"] = True
    kind = cards.kind(card)
    ctx.emit("cast", seat=seat, card=card)
    if kind == "time_skip":
        s["step"] = {"kind": "skip_target", "seat": seat}
    elif kind == "switch":
        s["step"] = {"kind": "switch_look", "seat": seat}
    elif kind == "big_release":
        if ctx.opt["big_release"] == "whole_hand":
            for c in sorted(s["hands"][seat]):
                _release_one(ctx, seat, c)
            _to_place(ctx)
        elif s["hands"][seat]:  # an empty hand is public: nothing to ask
            s["step"] = {"kind": "release", "seat": seat}
        else:
            _to_place(ctx)
    elif kind == "clairvoyance":
        left = int(ctx.opt["clairvoyance_looks"])
        if left > 0 and _unknown_slots(s, seat):
            s["step"] = {"kind": "clair", "seat": seat, "left": left}
        else:
            _to_place(ctx)
    elif kind == "supply":
        count = min(int(ctx.opt["supply_draw"]), len(s["deck"]))
        drawn = [s["deck"].pop() for _ in range(count)]
        s["hands"][seat].extend(drawn)
        ctx.emit("drew", seat=seat, count=count)
        if drawn:
            ctx.emit("drew_cards", to=(seat,), seat=seat, cards=drawn, turn=s["turn"], why="supply")
        _to_place(ctx)
    elif kind == "drop":
        _drop(ctx, seat)
        _to_place(ctx)
    else:  # pragma: no cover - catalogue and can_cast agree
        raise AssertionError(kind)


def _release_one(ctx: Ctx, seat: int, card: int) -> None:
    """Big Release puts ``card`` face down, or, an interrupt, on the discard pile (source)."""
    if cards.is_interrupt(card):
        discard_from_hand(ctx, seat, card)
        ctx.emit("released_interrupt", seat=seat, card=card)
    else:
        slot = _place(ctx, seat, card)
        ctx.emit("placed", seat=seat, slot=slot, release=True)


def _drop(ctx: Ctx, seat: int) -> None:
    """Top cards of the deck face down; an interrupt among them is discarded (source)."""
    s = ctx.s
    slots: list[int] = []
    thrown: list[int] = []
    seen = bool(ctx.opt["drop_seen"])
    for _ in range(min(int(ctx.opt["drop_count"]), len(s["deck"]))):
        card = s["deck"].pop()
        if cards.is_interrupt(card):
            s["discard"].append(card)
            thrown.append(card)
            continue
        slot = s["next_slot"]
        s["next_slot"] = slot + 1
        s["field"].append({"slot": slot, "card": card, "by": seat, "known": [seat] if seen else []})
        slots.append(slot)
    ctx.emit("dropped", seat=seat, slots=slots, discarded=thrown)
    if seen and slots:
        ctx.emit(
            "saw_dropped",
            to=(seat,),
            seat=seat,
            cards=[s["field"][find_slot(s, n)]["card"] for n in slots],  # type: ignore[index]
            slots=slots,
            turn=s["turn"],
        )


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    """Carry out one legal gathering action (already validated by ``rules``)."""
    s = ctx.s
    kind = s["step"]["kind"]
    t = action["type"]
    if t == "cast":
        _cast(ctx, seat, action["card"])
    elif t == "place" and kind == "release":
        _release_one(ctx, seat, action["card"])
        if not s["hands"][seat]:  # the hand size is public: no more to ask
            _to_place(ctx)
    elif t == "place":
        slot = _place(ctx, seat, action["card"])
        ctx.emit("placed", seat=seat, slot=slot, release=False)
        end_turn(ctx)
    elif t == "done":
        _to_place(ctx)
    elif t == "skip_target":
        s["skip"][action["seat"]] = True
        ctx.emit("skip_set", seat=action["seat"], by=seat)
        _to_place(ctx)
    elif t == "look" and kind == "switch_look":
        _look(ctx, seat, action["slot"])
        s["step"] = {"kind": "switch_exchange", "seat": seat, "slot": action["slot"]}
    elif t == "look":
        _look(ctx, seat, action["slot"])
        left = s["step"]["left"] - 1
        if left > 0 and _unknown_slots(s, seat):
            s["step"] = {**s["step"], "left": left}
        else:
            _to_place(ctx)
    elif t == "exchange":
        slot = s["step"]["slot"]
        i = find_slot(s, slot)
        assert i is not None
        took = s["field"][i]["card"]
        gave = action["card"]
        s["hands"][seat].remove(gave)
        s["hands"][seat].append(took)
        s["field"][i] = {"slot": slot, "card": gave, "by": seat, "known": [seat]}
        ctx.emit("switched", seat=seat, slot=slot)
        ctx.emit("switched_cards", to=(seat,), seat=seat, slot=slot, took=took, gave=gave, turn=s["turn"])
        _to_place(ctx)
    elif t == "discard":
        discard_from_hand(ctx, seat, action["card"])
        ctx.emit("discarded", seat=seat, cards=[action["card"]], why="hand_limit")
        end_turn(ctx)
    else:  # pragma: no cover - rules validated the action against legal()
        raise AssertionError(action)


then_gathering(begin_turn)  # a scramble's end starts the next gathering turn (see contest.then_gathering)
