"""The closing line a game posts to its channel: who won, how, and the points when they say more than that."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot import i18n
from bot.core.names import shown, shown_names
from bot.core.ratings import Change
from bot.core.store import TUTORIAL, SessionRecord
from bot.frontend.ui import hint_text, ratings
from bot.frontend.ui.components import Static
from bot.frontend.ui.payloads import game_name
from bot.frontend.ui.review_buttons import ReviewButton
from bot.gamefacts import Game
from bot.i18n import Tr


def result_text(
    record: SessionRecord, spec: Game, tr: Tr, result: Any, changes: Sequence[Change] | None = ()
) -> str:
    """The closing line posted to the channel when a session ends; ``changes``: its players' rating changes
    (None: they could not be read, so neither they nor "not rated" are said)."""
    names = shown_names(record)
    if result is None:
        if record.end_reason == "expired":
            return tr("result.expired")
        if record.end_reason == "reset" and record.ended_by:  # a mention shows their name; posts ping nobody named
            return tr("result.reset", name=f"<@{record.ended_by}>")
        return tr("lobby.cancelled") if record.status == "cancelled" else tr("result.abandoned")
    lines = []
    if record.end_reason in ("forfeit", "kicked") and record.ended_by is not None:
        leaver = next((shown(s.name) for s in record.seats if s.user_id == record.ended_by), "?")
        lines.append(tr("result.forfeit" if record.end_reason == "forfeit" else "result.kicked", name=leaver))
    if result.winners:
        lines.append(tr("result.winner", names=", ".join(names[w] for w in result.winners)))
    else:
        lines.append(tr("result.draw"))
    if _has_points(result):
        # winners first, then the others by points (seat order among equals): a ranking reads top down
        order = sorted(range(len(result.scores)), key=lambda s: (s not in result.winners, -result.scores[s], s))
        scores = tr("words.dot").join(_points(names[s], result.scores[s], tr) for s in order)
        lines.append(tr("result.scores", scores=scores))
    reason = decisive_reason(record, spec, tr)
    if reason:
        lines.append(reason)
    if changes is not None:
        rated = ratings.result_line(changes, names, tr)
        lines.append(rated if rated is not None else ratings.unrated_line(tr))
    lines += [line for line in [hint_text.result_line(record, tr)] if line]
    return f"**{game_name(spec, tr)}** — " + "\n".join(lines)


def decisive_reason(record: SessionRecord, spec: Game, tr: Tr) -> str | None:
    """Why the game ended as it did, in one line: the game's own ``render.reason`` of its final public view."""
    reason = getattr(spec.render, "reason", None)
    if reason is None or not record.state or spec.rules.result(record.state) is None:
        return None
    return reason(spec.rules.view(record.state, None), shown_names(record), tr)


def result_view(record: SessionRecord, result: Any, tr: Tr) -> Static | None:
    """The result's button: "Review" (each player's own review, privately) under a game that ended with a result."""
    if result is None or record.state is None or not any(s.user_id for s in record.seats):
        return None
    if record.options.get(TUTORIAL):  # a guided first game keeps no result to review; it ends with "Play a real game"
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
