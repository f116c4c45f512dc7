"""GETGEM's log lines: one event as one sentence, for the board's log, the summary and each seat's DM.

Split from :mod:`.render`, which shows them (and re-exports :func:`event`).
Free of ``bot.i18n`` like :mod:`.words`: a translator is only a callable here.
A public event's arguments hold no hidden card, so a line built from them
cannot name one; a private event (sent ``to`` some seats) carries its card.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Event

from ..cards import EMOJI
from ..game import ID
from .words import Tr, card_name, element_name
from .words import effect_name as _effect
from .words import seat_name as _name

_SECOND_PERSON = {
    ("stolen", "seat"),
    ("stolen", "victim"),
    ("pushed", "seat"),
    ("pushed", "target"),
    ("peeked", "seat"),
}
"""Private events worded for their reader: (kind, the arg naming the reader) -> ``<id>.event.<kind>.you_<arg>``."""


def event(event: Event, names: list[str], tr: Tr, seat: int | None = None) -> str:
    """One log line.  Private events carry their card; public ones never name a hidden card.

    ``seat`` reads the line in its DM: a private event about that seat says "you"
    ("bob took a card from you: 💧 Water") instead of naming the reader in the third person.
    """
    a: dict[str, Any] = dict(event.args)
    kind = event.kind
    if seat is not None and event.to is not None and seat in event.to:
        for arg in ("seat", "victim", "target"):
            if (kind, arg) in _SECOND_PERSON and a.get(arg) == seat:
                kind = f"{kind}.you_{arg}"
                break
    fmt: dict[str, Any] = {}
    for key in ("seat", "victim", "target", "by", "first"):
        if key in a:
            fmt["name" if key == "seat" else key] = _name(names, a[key], tr) if a[key] is not None else ""
    if "holder" in a:
        fmt["holder"] = _name(names, a["holder"], tr)
    for key in ("turn", "turns", "game", "left", "points", "total", "rainbows", "count"):
        if key in a:
            fmt[key] = a[key]
    if "card_types" in a:
        fmt["cards"] = tr("list.sep").join(card_name(tr, t) for t in a["card_types"]) or "—"
    if "card_type" in a:
        fmt["card"] = card_name(tr, a["card_type"])
    if "effect" in a:
        fmt["effect"] = _effect(tr, a["effect"])
    if "elem" in a:
        fmt["elem"] = element_name(tr, a["elem"])
    if kind == "play" and a.get("target") is None:
        kind = "play_arm"
    if kind == "element" and a.get("holder") is None:
        kind = "element_centre"
    if kind == "reveal":
        kind = "reveal_win" if a.get("win") else "reveal_fail"
        if a.get("elems"):  # the check counts the element cards too: "all three gems!" must show where Water is
            held = " ".join(EMOJI[g] for g in a["elems"])
            fmt["cards"] = tr(f"{ID}.event.with_elements", cards=fmt.get("cards", "—"), elems=held)
    if kind == "win" and a.get("match"):
        kind = "win_match_over" if a.get("match_over") else "win_match"
    if kind == "discard":
        kind = f"discard_{a.get('why', 'arm')}"
    return tr(f"{ID}.event.{kind}", **fmt)
