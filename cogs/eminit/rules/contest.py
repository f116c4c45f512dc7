"""The scramble (争奪戦): flips, hidden declarations, resolution, acquired effects.

This is the half of the game the source text describes, so every sentence of
``originals/bluehour-interrupts.txt`` is enforced here:

* declarations resolve clockwise from the flipper, each overriding the last
  (②③④ all Suck → ④ receives; the flipper's right-hand neighbour has the
  last word);
* Nullify cancels everything resolved after it, a later Nullify included,
  and False Info too;
* False Info queues extra flips in resolution order; ones declared during an
  extra flip join the end of the queue (② ④ then ③); Time Skip never skips
  an extra flip, and two Time Skips at once skip one turn;
* an interrupt card flipped from the field is discarded and the flipper
  flips another; any other card declared is a bluff and does nothing;
* effects that cannot be carried out in full are done as far as possible.

Steps: ``flip`` (actor: the flipper), ``declare`` (simultaneous: every seat
whose answer is not done), ``name`` (Big Release acquired) and
``supply_discard`` (Supply acquired), both for the receiver.  The last two are
always asked, even with one possible answer or none (then a single "done"):
an automatic answer would tell the table what the hand holds (docs/rules/eminit.md §4,
"Choices stay the player's, and stay private").

Option ``declarations``: ``live`` (default) makes each declaration public as
a face-down card the moment it is made and re-opens the choice of every seat
that had said Done (answer reset to None: it is asked again, so its legal
list and prompt change); ``sealed`` is the hidden simultaneous reading.  Each
seat declares at most once per contest, so re-openings are bounded by the
number of seats and the window always closes.

``state["contest"]["answers"][seat]`` is ``None`` (not answered), or
``{"card": id | None, "seat": s | None, "slot": n | None, "done": bool}``:
``card`` None is "declare nothing"; ``done`` False means the card is chosen
but its target (Reflect: a player, False Info: a field card) is not yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Action, State

from .. import cards
from .state import Ctx, discard_from_hand, find_slot, finish, tick

STEPS = ("flip", "declare", "name", "supply_discard")
PASS: Action = {"type": "pass"}
DONE: Action = {"type": "done"}
"""The single answer when a choice has nothing to choose from (asked all the same)."""


def start_scramble(ctx: Ctx, seat: int) -> None:
    ctx.s["phase"] = "scramble"
    ctx.emit("scramble", seat=seat, count=len(ctx.s["field"]))
    begin_turn(ctx, seat)


def begin_turn(ctx: Ctx, seat: int) -> None:
    """Start ``seat``'s scramble turn; a pending Time Skip makes them flip nothing."""
    s = ctx.s
    while True:
        s["seat"] = seat
        if not tick(ctx):
            return
        if s["skip"][seat]:
            s["skip"][seat] = False
            ctx.emit("skipped", seat=seat, phase="scramble")
            seat = ctx.next_seat(seat)
            continue
        s["step"] = {"kind": "flip", "seat": seat}
        return


_next_phase: dict[str, Callable[[Ctx, int], None]] = {}


def then_gathering(begin_turn: Callable[[Ctx, int], None]) -> None:
    """Register the gathering turn that follows a scramble.

    :mod:`.gathering` starts scrambles, so it imports this module; importing it
    back would be an import cycle.  It hands its ``begin_turn`` over instead,
    when it is imported (``rules`` imports both).
    """
    _next_phase["gathering"] = begin_turn


def _end_scramble(ctx: Ctx) -> None:
    """Field empty: the game ends if the deck is empty, else gather from the next player."""
    s = ctx.s
    s["contest"] = None
    s["queue"] = []
    nxt = ctx.next_seat(s["seat"])
    ctx.emit("scramble_end", next=nxt if s["deck"] else None)
    if not s["deck"]:
        finish(ctx, "deck_empty")
        return
    s["next_slot"] = 1
    _next_phase["gathering"](ctx, nxt)


def _reveal(ctx: Ctx, index: int, extra: bool, by: int | None) -> None:
    """Take field card ``index`` face up and open its contest."""
    s = ctx.s
    entry = s["field"].pop(index)
    flipper = s["seat"]
    card = entry["card"]
    ctx.emit("flipped", seat=flipper, slot=entry["slot"], card=card, placed_by=entry["by"], extra=extra, by=by)
    if cards.is_interrupt(card):
        # Source: an interrupt flipped from the field is discarded and the
        # flipper flips another card.
        s["discard"].append(card)
        # ``again``: whether a card is left to flip (the last one leaves the flipper nothing to flip)
        ctx.emit("interrupt_flipped", seat=flipper, slot=entry["slot"], card=card, again=bool(s["field"]))
        if s["field"]:
            s["step"] = {"kind": "flip", "seat": flipper}
        else:
            _after_contest(ctx)
        return
    answers: list[dict | None] = [None] * s["n"]
    for seat, hand in enumerate(s["hands"]):
        if not hand:  # nothing to declare with: answered "nothing" at once
            answers[seat] = {"card": None, "seat": None, "slot": None, "done": True}
    s["contest"] = {
        "flipper": flipper,
        "slot": entry["slot"],
        "card": card,
        "placed_by": entry["by"],
        "extra": extra,
        "by": by,
        "answers": answers,
    }
    s["step"] = {"kind": "declare"}
    if all(a is not None and a["done"] for a in answers):
        _resolve(ctx)


def waiting(s: State) -> list[int]:
    """Seats that still owe an answer in the current contest."""
    return [i for i, a in enumerate(s["contest"]["answers"]) if a is None or not a["done"]]


def legal(s: State, seat: int) -> list[Action]:
    kind = s["step"]["kind"]
    hand = s["hands"][seat]
    if kind == "flip":
        return [{"type": "flip", "slot": e["slot"]} for e in s["field"]]
    if kind == "declare":
        answer = s["contest"]["answers"][seat]
        if answer is None:
            return [PASS] + [{"type": "declare", "card": c} for c in cards.one_per_kind(hand)]
        if answer["done"]:
            return []
        if cards.kind(answer["card"]) == "reflect":  # any player, yourself included (docs/rules/eminit.md)
            aims: list[Action] = [{"type": "aim", "seat": t} for t in range(s["n"])]
        else:
            aims = [{"type": "aim", "slot": e["slot"]} for e in s["field"]]
        return [*aims, {"type": "back"}, PASS]
    if kind == "name":
        return [{"type": "name", "kind": k} for k in held_interrupts(hand)] or [dict(DONE)]
    if kind == "supply_discard":
        return [{"type": "discard", "card": c} for c in cards.one_per_kind(hand)] or [dict(DONE)]
    return []


def held_interrupts(hand: list[int]) -> list[str]:
    present = {cards.kind(c) for c in hand}
    return [k for k in cards.INTERRUPTS if k in present]


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    """Carry out one legal scramble action (already validated by ``rules``)."""
    s = ctx.s
    t = action["type"]
    if t == "flip":
        index = find_slot(s, action["slot"])
        assert index is not None
        _reveal(ctx, index, extra=False, by=None)
    elif t in ("declare", "aim", "back", "pass"):
        _answer(ctx, seat, action)
    elif t == "name":
        _name(ctx, seat, action["kind"])
        _after_contest(ctx)
    elif t == "discard":
        discard_from_hand(ctx, seat, action["card"])
        ctx.emit("discarded", seat=seat, cards=[action["card"]], why="supply")
        _supply_discard(ctx, seat, s["step"]["left"] - 1)
    elif t == "done":  # nothing to name / discard: the effect does nothing (source)
        ctx.emit("no_effect", seat=seat, card=s["last_contest"]["card"])
        _after_contest(ctx)
    else:  # pragma: no cover - rules validated the action against legal()
        raise AssertionError(action)


def _answer(ctx: Ctx, seat: int, action: Action) -> None:
    s = ctx.s
    answers = s["contest"]["answers"]
    old = answers[seat]
    t = action["type"]
    if t in ("back", "pass") and old is not None:
        s["hands"][seat].append(old["card"])  # the card chosen before its target
    if t == "back":
        answers[seat] = None
        return
    if t == "pass":
        answers[seat] = {"card": None, "seat": None, "slot": None, "done": True}
    elif t == "declare":
        card = action["card"]
        s["hands"][seat].remove(card)
        kind = cards.kind(card)
        needs_aim = kind == "reflect" or (kind == "false_info" and bool(s["field"]))
        answers[seat] = {"card": card, "seat": None, "slot": None, "done": not needs_aim}
    else:  # aim
        answers[seat] = {**old, "seat": action.get("seat"), "slot": action.get("slot"), "done": True}
    if not answers[seat]["done"]:
        return
    if s["options"].get("declarations", "live") != "live":
        ctx.emit("answered", seat=seat)
    elif answers[seat]["card"] is None:
        ctx.emit("done", seat=seat)
    else:
        # Re-open everyone who said Done (and has a card to declare with).
        reopened = [
            i for i, a in enumerate(answers) if i != seat and a is not None and a["card"] is None and s["hands"][i]
        ]
        for i in reopened:
            answers[i] = None
        ctx.emit("declared", seat=seat, reopened=reopened)
    if not waiting(s):
        _resolve(ctx)


def _resolve(ctx: Ctx) -> None:
    """Reveal and resolve every declaration clockwise from the flipper."""
    s = ctx.s
    contest = s["contest"]
    n = s["n"]
    flipper = contest["flipper"]
    receiver = flipper
    nullified_by: int | None = None
    order = []
    for i in range(n):
        seat = (flipper + i) % n
        answer = contest["answers"][seat]
        card = answer["card"]
        if card is None:
            continue
        kind = cards.kind(card)
        target_seat, target_slot = answer["seat"], answer["slot"]
        if nullified_by is not None:
            effect = "nullified"
        elif kind == "suck":
            receiver, effect = seat, "suck"
        elif kind == "reflect":
            receiver, effect = target_seat, "reflect"
        elif kind == "nullify":
            nullified_by, effect = seat, "nullify"
        elif kind == "false_info" and target_slot is not None:
            s["queue"].append({"slot": target_slot, "by": seat})
            effect = "false_info"
        elif kind == "false_info":
            effect = "no_target"
        else:
            effect = "bluff"
        s["discard"].append(card)
        line = {
            "seat": seat,
            "card": card,
            "effect": effect,
            "target_seat": target_seat,
            "target_slot": target_slot,
            "receiver": receiver,
        }
        order.append(line)
        ctx.emit("revealed", flipped=contest["card"], **line)
    if not order:
        ctx.emit("no_declarations")
    card = contest["card"]
    s["last_contest"] = {
        "flipper": flipper,
        "card": card,
        "slot": contest["slot"],
        "extra": contest["extra"],
        "by": contest.get("by"),
        "order": order,
        "receiver": receiver,
    }
    s["contest"] = None
    # which contest this closes, so its public summary (render.moment) can name it from this event alone
    about = {"slot": contest["slot"], "flipper": flipper, "extra": contest["extra"], "by": contest.get("by")}
    _receive(ctx, receiver, card, about)


def _receive(ctx: Ctx, seat: int, card: int, about: dict[str, Any]) -> None:
    """The receiver gets the flipped card: scored, to hand, or its acquired effect."""
    s = ctx.s
    kind = cards.kind(card)
    if cards.category(card) == "treasure":
        s["treasures"][seat].append(card)
        ctx.emit("received", seat=seat, card=card, outcome="scored", points=cards.points(card, ctx.opt), **about)
    elif kind not in cards.ACQUIRED_EFFECT:
        s["hands"][seat].append(card)
        ctx.emit("received", seat=seat, card=card, outcome="hand", **about)
    else:
        s["discard"].append(card)
        owed = int(ctx.opt["supply_discard"]) if kind == "supply" else 0
        ctx.emit("received", seat=seat, card=card, outcome="effect", discard=owed, **about)
        if kind == "time_skip":
            # A bool, not a counter: skips never stack (source).
            s["skip"][seat] = True
            ctx.emit("skip_set", seat=seat, by=None)
        elif kind == "big_release":
            # Always asked, even holding one interrupt kind or none (docs/rules/eminit.md §4).
            s["step"] = {"kind": "name", "seat": seat}
            return
        elif kind == "supply":
            if owed > 0:
                s["step"] = {"kind": "supply_discard", "seat": seat, "left": owed}
                return
            ctx.emit("no_effect", seat=seat, card=card)
    _after_contest(ctx)


def _name(ctx: Ctx, seat: int, kind: str) -> None:
    """Big Release acquired: discard every card of the named interrupt from hand."""
    s = ctx.s
    gone = sorted(c for c in s["hands"][seat] if cards.kind(c) == kind)
    for c in gone:
        discard_from_hand(ctx, seat, c)
    ctx.emit("named", seat=seat, kind=kind, cards=gone)


def _supply_discard(ctx: Ctx, seat: int, left: int) -> None:
    """After one discard: ask for the next while some are owed and the hand has any.

    Source: told to discard 2 with 1 in hand, discard 1; with none, ignore it.
    Every discard is the player's click, even when the hand leaves no choice
    (docs/rules/eminit.md §4): the first ask happens in ``_receive`` whatever the hand is.
    """
    s = ctx.s
    if left > 0 and s["hands"][seat]:
        s["step"] = {**s["step"], "left": left}
        return
    _after_contest(ctx)


def _after_contest(ctx: Ctx) -> None:
    """Next extra flip from the False Info queue, else the next flipper, else the end."""
    s = ctx.s
    while s["queue"]:
        item, *rest = s["queue"]
        s["queue"] = rest
        index = find_slot(s, item["slot"])
        if index is None:
            ctx.emit("false_info_gone", slot=item["slot"], by=item["by"])
            continue
        _reveal(ctx, index, extra=True, by=item["by"])
        return
    if not s["field"]:
        _end_scramble(ctx)
        return
    begin_turn(ctx, ctx.next_seat(s["seat"]))
