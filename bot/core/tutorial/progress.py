"""After each committed change of a tutorial: the lines due for its learner (from their view alone)."""

from __future__ import annotations

from bot.core.games import get
from bot.core.store import SessionRecord
from bot.core.tutorial.script import script_of
from bot.core.tutorial.steps import Line, Moment, Tracker
from bot.engine import Event

TRACKER = Tracker()
"""The steps fired by this process's live tutorials."""


def due_lines(record: SessionRecord, events: list[Event]) -> tuple[int, list[Line]] | None:
    """``(learner's seat, lines due)`` after a committed change of a tutorial; None for an ordinary game.

    The moment is built from the learner's view and the events they may see (public, or
    addressed to them): a line can only say what the learner could know anyway.
    """
    script = script_of(record)
    if script is None or record.state is None:
        return None
    spec = get(record.game)
    seat = script.LEARNER
    seen = tuple(e for e in events if e.to is None or seat in e.to)
    active = record.status == "active"
    moment = Moment(
        view=spec.rules.view(record.state, seat),
        events=seen,
        seat=seat,
        asked=active and seat in spec.rules.to_act(record.state),
        over=not active,
    )
    return seat, TRACKER.lines(record.id, script.STEPS, moment, getattr(script, "PER_CHANGE", None))
