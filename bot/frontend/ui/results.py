"""The closing line a game posts to its channel: who won, how, and the points when they say more than that."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot import i18n
from bot.core.games import GameSpec
from bot.core.names import shown, shown_names
from bot.core.ratings import Change
from bot.core.store import SessionRecord
from bot.frontend.ui import ratings
from bot.frontend.ui.components import Static
from bot.frontend.ui.payloads import game_name
from bot.frontend.ui.review_buttons import ReviewButton
from bot.i18n import Tr


def result_text(record: SessionRecord, spec: GameSpec, tr: Tr, result: Any, changes: Sequence[Change] = ()) -> str:
    """The closing line posted to the channel when a session ends; ``changes``: its players' rating changes."""
    names = shown_names(record)
    if result is None:
        if record.end_reason == "expired":
            return tr("result.expired")
        if record.end_reason == "reset" and record.ended_by:  # a mention shows their name; posts ping nobody named
            return tr("result.reset", name=f"<@{record.ended_by}>")
        return tr("lobby.cancelled") if record.status == "cancelled" else tr("result.abandoned")
    lines = []
    if record.end_reason == "forfeit" and record.ended_by is not None:
        leaver = next((shown(s.name) for s in record.seats if s.user_id == record.ended_by), "?")
        lines.append(tr("result.forfeit", name=leaver))
    if result.winners:
        lines.append(tr("result.winner", names=", ".join(names[w] for w in result.winners)))
    else:
        lines.append(tr("result.draw"))
    if _has_points(result):
        # winners first, then the others in seat order: "bob 8 pts · alice 0 pts" cannot be read backwards
        order = [*result.winners, *(s for s in range(len(result.scores)) if s not in result.winners)]
        scores = tr("words.dot").join(_points(names[s], result.scores[s], tr) for s in order)
        lines.append(tr("result.scores", scores=scores))
    rated = ratings.result_line(changes, names, tr)
    if rated is not None:
        lines.append(rated)
    return f"**{game_name(spec, tr)}** — " + "\n".join(lines)


def result_view(record: SessionRecord, result: Any, tr: Tr) -> Static | None:
    """The result's button: "Review" (each player's own review, privately) under a game that ended with a result."""
    if result is None or record.state is None or not any(s.user_id for s in record.seats):
        return None
    view = Static()
    view.add_item(ReviewButton(record.id, tr("review.button")))
    return view


def _has_points(result: Any) -> bool:
    """Whether the result's scores say more than who won.

    A game without points reports 0s, or (GETGEM) 1 for each winner and 0
    otherwise: a "Scores" row would only repeat the winner line, as points.
    """
    scores = list(result.scores)
    if not any(scores):
        return False
    return scores != [1.0 if seat in result.winners else 0.0 for seat in range(len(scores))]


def _points(name: str, points: float, tr: Tr) -> str:
    return i18n.counted(tr, "result.points", points, name=name, points=f"{points:g}")
