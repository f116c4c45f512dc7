"""Why an Eminit game ended as it did: every player's points by treasure kind, in rank order.

One line for the result post and each player's last DM (``GameRender.reason``),
and the order every end text lists the players in (:func:`ranked`): highest
score first, equal scores in seat order, so the board, the result and the end
picture rank alike.  Treasures are face up, so the final spectator view holds
all of it.
"""

from __future__ import annotations

from collections import Counter

from bot.engine import View
from bot.i18n import Tr

from .. import cards
from ..game import ID
from .words import who


def ranked(scores: list[int]) -> list[int]:
    """Seats by score, highest first; equal scores keep seat order."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def reason(view: View, names: list[str], tr: Tr) -> str | None:
    """ "Points by card: ② bob: Ancient Treasure ×2 (6) = 6 · ① alice: …", top score first; None before the end."""
    result = view["result"]
    if result is None:
        return None
    scores = result["scores"]
    parts = []
    for seat in ranked(scores):
        kinds = Counter(cards.kind(c) for c in view["treasures"][seat])
        each = [
            tr(f"{ID}.reason.kind" if kinds[kind] > 1 else f"{ID}.reason.kind_one", card=tr(f"{ID}.card.{kind}"),
               n=kinds[kind],
               points=kinds[kind] * int(view["options"][cards.POINT_OPTION[kind]]))
            for kind in cards.TREASURES
            if kinds[kind]
        ]
        detail = tr(f"{ID}.reason.plus").join(each) if each else tr(f"{ID}.reason.none")
        parts.append(tr(f"{ID}.reason.player", who=who(seat, names), score=scores[seat], detail=detail))
    key = f"{ID}.reason.cap" if result["reason"] == "turn_cap" else f"{ID}.reason.line"
    return tr(key, players=tr("words.dot").join(parts))
