"""Log lines: one line per public (or private) event, in the reader's language."""

from __future__ import annotations

from bot.engine import Event
from bot.i18n import Tr

from ..game import ID
from ..rules.postcard import SPECIAL_NAME, SUIT_SYMBOL
from .words import card, name, names_text, pair, with_skipped


def event(ev: Event, names: list[str], tr: Tr, seat: int | None = None) -> str:
    """One log line per event, in the reader's language."""
    a = ev.args
    k = ev.kind
    n = name(names, a["seat"]) if isinstance(a.get("seat"), int) else ""
    if k in ("row_suit", "named"):
        return tr(f"{ID}.event.{k}", name=n, suit=SUIT_SYMBOL[a["suit"]],
                  suit_name=tr(f"{ID}.suit.{a['suit']}"))
    if k == "dealt":
        cards = tr("list.sep").join(f"{name(names, s)} {card(a['suit'], v)}" for s, v in a["cards"])
        return tr(f"{ID}.event.dealt", cards=cards)
    if k == "round":
        return tr(f"{ID}.event.round", round=a["round"], name=name(names, a["parent"]))
    if k in ("oriented", "spin"):
        return tr(f"{ID}.event.{k}", name=n, faces=_faces(a["sides"], names, tr))
    if k == "turned":
        key = f"{ID}.event.turned" if a["turned"] else f"{ID}.event.not_turned"
        return tr(key, name=n, faces=_faces(a["sides"], names, tr))
    if k == "picked":
        return tr(f"{ID}.event.picked", name=n)
    if k == "pick":
        # the round makes each round's line its own: "row 4" four times read as one stuck message
        key = f"{ID}.event.pick_changed" if a.get("changed") else f"{ID}.event.pick"
        if isinstance(a.get("round"), int):
            return tr(f"{key}_round", row=a["row"], round=a["round"])
        return tr(key, row=a["row"])
    if k == "revealed":
        picks = tr("list.sep").join(tr(f"{ID}.event.revealed_one", name=name(names, s), row=p)
                          for s, p in enumerate(a["picks"]))
        return tr(f"{ID}.event.revealed", picks=picks)
    if k == "revealed_row1":
        return tr(f"{ID}.event.revealed_row1", names=names_text(names, a["seats"], tr))
    if k in ("special", "special_missed"):
        return tr(f"{ID}.event.{k}", name=n, special=SPECIAL_NAME[a["special"]], order=a["order"])
    if k == "await":
        return tr(f"{ID}.wait.choose.{a['kind']}", name=n)
    if k in ("down_move", "raise", "wild"):
        line = tr(f"{ID}.event.{k}", name=n, old=card(a["suit"], a["old"]), new=card(a["suit"], a["new"]),
                  row=a.get("row", ""))
        return with_skipped(line, a["skipped"], names, tr)
    if k in ("down_none", "raise_none"):
        return tr(f"{ID}.event.{k}", name=n, card=card(a["suit"], a["value"]), row=a.get("row", ""))
    if k == "wild_none":
        return tr(f"{ID}.event.wild_none", name=n)
    if k == "change":
        return tr(f"{ID}.event.change", name=n, target=name(names, a["target"]),
                  took=card(a["suit"], a["took"]), gave=card(a["suit"], a["gave"]))
    if k == "row":
        picks = tr("list.sep").join(f"{name(names, s)} {pair(p)}" for s, p in zip(a["seats"], a["suits"], strict=True))
        line = tr(f"{ID}.event.row", row=a["row"], picks=picks)
        for suit, seats in a["clashes"]:
            line += " " + tr(f"{ID}.event.clash", suit=SUIT_SYMBOL[suit], names=names_text(names, seats, tr))
        return line
    if k == "king":
        return tr(f"{ID}.event.king", names=names_text(names, a["seats"], tr))
    if k == "round_end":
        return tr(f"{ID}.event.round_end", round=a["round"])
    if k == "draw":
        return tr(f"{ID}.event.draw", rounds=a["rounds"])
    return k


def _faces(sides: list[int], names: list[str], tr: Tr) -> str:
    return tr("list.sep").join(f"{name(names, s)} {chr(ord('A') + side)}" for s, side in enumerate(sides))
