"""The DM's "what happened to you" line: your field cards' moves in the last resolved round.

The channel log tells the table's story in the third person; a player's DM
answers the question they actually have after a reveal ("what did *I* get?")
in one line, from the public log in their own view.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr

from ..game import ID
from .words import card, name

_OWN_MOVES = ("raise", "down_move", "wild")


def last_round_line(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``""`` before any reveal; else the last revealed round's changes to ``seat``'s field, or that none."""
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e["kind"] == "revealed"), default=None)
    if start is None:
        return ""
    moves: list[str] = []
    for e in log[start + 1:]:
        k, a = e["kind"], e["args"]
        if k in _OWN_MOVES and a.get("seat") == seat:
            moves.append(f"{card(a['suit'], a['old'])} → {card(a['suit'], a['new'])}")
        elif k == "change" and a.get("seat") == seat:
            moves.append(f"{card(a['suit'], a['gave'])} → {card(a['suit'], a['took'])}")
        elif k == "change" and a.get("target") == seat:
            moves.append(tr(f"{ID}.private.you_changed_by", old=card(a["suit"], a["took"]),
                            new=card(a["suit"], a["gave"]), name=name(names, a["seat"])))
    if not moves:
        return tr(f"{ID}.private.you_none")
    return tr(f"{ID}.private.you_moves", moves=tr("list.sep").join(moves))
