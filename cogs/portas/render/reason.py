"""Why a PORTAS game ended as it did: each player's ports on the treasures they took (``GameRender.reason``).

A treasure scores only its taker's own cards on it, so "alice 20 : bob 11"
alone hides why: this line lists, per player, each treasure taken and the
ports that scored on it.  Everything is public (the final spectator view).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import View

from ..game import ID

Tr = Callable[..., str]  # a translator (bot.i18n's): this module, outside render, imports no further than the engine


def reason(view: View, names: list[str], tr: Tr) -> str | None:
    """ "alice 20: 13 (6 + 4 + 3 = 13), 11 (5 + 2 = 7) · bob 11: 15 (6 + 5 = 11)"; None before the end."""
    if view["result"] is None:
        return None
    parts = []
    for seat in (0, 1):
        name = names[seat] if seat < len(names) else f"#{seat + 1}"
        taken = [
            tr(f"{ID}.reason.treasure", value=t["value"],
               ports=tr(f"{ID}.reason.plus").join(str(c) for c in t["ports"][seat]) or "0", points=t["points"])
            for t in view["taken"][seat]
        ]
        detail = tr(f"{ID}.reason.sep").join(taken) if taken else tr(f"{ID}.reason.none")
        parts.append(tr(f"{ID}.reason.player", name=name, score=view["scores"][seat], detail=detail))
    return tr(f"{ID}.reason.line", players=tr(f"{ID}.reason.dot").join(parts))
