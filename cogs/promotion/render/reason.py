"""Why a Promotion game ended as it did: who reached a King, and by which move (``GameRender.reason``).

"👑 King for bob!" says who; a player who lost wants the how: row 3 raised
bob's ♥12 to the King with no clash, or bob's Wild! did.  Read from the final
spectator view: its public log holds the move that made each King.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr

from ..game import ID
from ..rules.state import KING
from .words import card, name

RAISES = ("raise", "wild")
"""The moves that take a field card up: a row of 2–4 without a clash, or the Wild! special."""


def reason(view: View, names: list[str], tr: Tr) -> str | None:
    """One line per King's maker; the draw's own line; None before the end."""
    if view["result"] is None:
        return None
    winners = view["result"]["winners"]
    if not winners:
        return tr(f"{ID}.reason.draw", rounds=view["round"])
    how = [_how(view, seat, names, tr) for seat in winners]
    return tr(f"{ID}.reason.line", how=tr("words.dot").join(how))


def _how(view: View, seat: int, names: list[str], tr: Tr) -> str:
    who = name(names, seat)
    for entry in reversed(view["log"]):
        a = entry["args"]
        if entry["kind"] in RAISES and a.get("seat") == seat and a.get("new") == KING:
            key = f"{ID}.reason.{entry['kind']}"
            return tr(key, name=who, old=card(a["suit"], a["old"]), king=card(a["suit"], KING), row=a.get("row"))
    suits = [s for s, v in view["field"][seat].items() if v == KING]
    return tr(f"{ID}.reason.king", name=who, king=card(suits[0], KING) if suits else "K")
