"""Eminit's log lines: one event in words, for the board's log, a seat's DM and replays."""

from __future__ import annotations

from bot.engine import Event
from bot.i18n import Tr

from ..game import ID
from .reason import ranked as _ranked
from .words import card as _card
from .words import card_list as _cards
from .words import mark as _mark
from .words import who as _who


def revealed_line(args: dict, flipped: int, names: list[str], tr: Tr) -> str:
    """What one declaration did when the contest resolved (its log line, and the board's last contest)."""
    return tr(
        f"{ID}.event.revealed.{args['effect']}",
        who=_who(args["seat"], names),
        decl=_card(args["card"], tr),
        card=_card(flipped, tr),
        receiver=_who(args["receiver"], names),
        slot=args.get("target_slot"),
    )


def event(event: Event, names: list[str], tr: Tr, seat: int | None = None) -> str:
    """One log line.  ``revealed`` lines name the declared card's effect only."""
    a = event.args
    kind = event.kind
    who = _who(a.get("seat"), names) if "seat" in a else ""
    if kind == "start":
        return tr(f"{ID}.event.start", who=_who(a["first"], names))
    # private lines say which turn (and a draw, why): two draws of one card must not read alike
    if kind == "drew_cards":
        key = f"{ID}.event.drew_cards.supply" if a.get("why") == "supply" else f"{ID}.event.drew_cards"
        return tr(key, cards=_cards(a["cards"], tr), turn=a["turn"])
    if kind == "saw_dropped":
        return tr(f"{ID}.event.saw_dropped", cards=_cards(a["cards"], tr), turn=a["turn"])
    if kind == "saw":
        return tr(f"{ID}.event.saw", slot=a["slot"], card=_card(a["card"], tr), turn=a["turn"])
    if kind == "switched_cards":
        took, gave = _card(a["took"], tr), _card(a["gave"], tr)
        return tr(f"{ID}.event.switched_cards", slot=a["slot"], took=took, gave=gave, turn=a["turn"])
    if kind == "dropped":
        if a["discarded"]:
            return tr(f"{ID}.event.dropped_discard", who=who, cards=_cards(a["discarded"], tr))
        return tr(f"{ID}.event.dropped", who=who, count=len(a["slots"]))
    if kind == "discarded":
        return tr(f"{ID}.event.discarded", who=who, cards=_cards(a["cards"], tr))
    if kind == "flipped":
        key = f"{ID}.event.flipped_extra" if a.get("extra") else f"{ID}.event.flipped"
        return tr(key, who=who, slot=a["slot"], card=_card(a["card"], tr), by=_who(a.get("by"), names))
    if kind == "declared":
        text = tr(f"{ID}.event.declared", who=who)
        if a.get("reopened"):
            text += " " + tr(f"{ID}.event.reopened", seats=" ".join(_mark(i) for i in a["reopened"]))
        return text
    if kind == "interrupt_flipped" and not a.get("again", True):
        return tr(f"{ID}.event.interrupt_flipped_last", who=who, card=_card(a["card"], tr))
    if kind in ("interrupt_flipped", "no_effect", "cast", "released_interrupt"):
        return tr(f"{ID}.event.{kind}", who=who, card=_card(a["card"], tr))
    if kind == "revealed":
        return revealed_line(a, a["flipped"], names, tr)
    if kind == "received":
        return tr(f"{ID}.event.received.{a['outcome']}", who=who, card=_card(a["card"], tr), points=a.get("points", 0))
    if kind == "named":
        return tr(f"{ID}.event.named", who=who, card=tr(f"{ID}.card.{a['kind']}"), count=len(a["cards"]))
    if kind == "false_info_gone":
        return tr(f"{ID}.event.false_info_gone", slot=a["slot"], by=_who(a["by"], names))
    if kind == "scramble_end":
        if a["next"] is None:
            return tr(f"{ID}.event.scramble_end_last")
        return tr(f"{ID}.event.scramble_end", who=_who(a["next"], names))
    if kind == "game_over":
        ranked = _ranked(a["scores"])  # the final standings, top first
        each = (tr(f"{ID}.reason.score", who=_who(i, names), score=a["scores"][i]) for i in ranked)
        scores = tr("list.sep").join(each)
        return tr(f"{ID}.event.game_over", scores=scores)
    key = f"{ID}.event.{kind}"
    text = tr(key, who=who, **{k: v for k, v in a.items() if k != "seat"})
    return text if text != key else tr(f"{ID}.event.unknown", kind=kind)
