"""GETGEM's steals, Barriers, swaps and checks told to the players they touched, in their DMs; and why a game ended.

``outcome`` (``GameRender.outcome``): the channel's log says "🛡️ bob uses a
Barrier"; the player whose Steal it stopped should read it where their
buttons are, worded for them ("bob's Barrier cancelled your ✋ Steal").  A
steal's or push's card is already told to its taker and victim by their
private log lines (:mod:`.events`); these lines cover the public events
that touched a seat.  Built from public events only (and the reader's own).

``reason`` (``GameRender.reason``): who declared first and was checked first,
read from the final spectator view (declaration cards still out are public).
"""

from __future__ import annotations

from bot.engine import Event, View

from ..game import ID
from .words import Tr, card_name, card_names
from .words import effect_name as _effect
from .words import seat_name as _name


def outcome(events: list[Event], seat: int, names: list[str], tr: Tr) -> list[str]:
    """``seat``'s lines for the public events of one change that touched it, in order."""
    lines: list[str] = []
    for event in events:
        if event.to is not None:
            continue
        line = _line(event.kind, event.args, seat, names, tr)
        if line:
            lines.append(line)
    return lines


def _line(kind: str, a: dict, seat: int, names: list[str], tr: Tr) -> str | None:
    if kind == "barrier" and seat in (a["seat"], a["by"]):
        mine = a["seat"] == seat
        key = f"{ID}.outcome.barrier_mine" if mine else f"{ID}.outcome.barrier_theirs"
        return tr(key, name=_name(names, a["by"] if mine else a["seat"], tr), effect=_effect(tr, a["effect"]))
    if kind == "exchange" and a["target"] == seat:
        return tr(f"{ID}.outcome.exchange", name=_name(names, a["seat"], tr))
    if kind == "element" and a.get("holder") == seat:
        return tr(f"{ID}.outcome.element", name=_name(names, a["seat"], tr), elem=card_name(tr, a["elem"]),
                  cards=card_names(tr, a["card_types"]))
    if kind == "steal_none" and a["victim"] == seat:
        return tr(f"{ID}.outcome.steal_none", name=_name(names, a["seat"], tr))
    if kind == "takeback" and a["seat"] == seat and a["left"]:
        return tr(f"{ID}.outcome.takeback", card=card_name(tr, a["card_type"]), left=a["left"])
    if kind == "reveal" and a["seat"] == seat:
        key = f"{ID}.outcome.check_passed" if a.get("win") else f"{ID}.outcome.check_failed"
        return tr(key, cards=card_names(tr, a["card_types"]))
    return None


def reason(view: View, names: list[str], tr: Tr) -> str | None:
    """Why it ended so: whose check came first, and who was still waiting for theirs; None before the end."""
    over = view["result"]
    if over is None:
        return None
    winners = over["winners"]
    if not winners:
        return tr(f"{ID}.reason.turn_cap")
    who = tr("list.sep").join(_name(names, w, tr) for w in winners)
    if over["reason"] == "match":
        return tr(f"{ID}.reason.match", name=who, target=view["opts"].get("match_target", 10))
    waiting = [s for s in range(view["n"]) if view["decl"][s] and s not in winners]
    if len(winners) > 1:
        return tr(f"{ID}.reason.shared", names=who)
    if not waiting:
        return tr(f"{ID}.reason.alone", name=who)
    later = tr("list.sep").join(tr(f"{ID}.reason.left", name=_name(names, s, tr), left=len(view["decl"][s]))
                                for s in waiting)
    return tr(f"{ID}.reason.first", name=who, others=later)
