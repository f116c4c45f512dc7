"""After each committed change of a tutorial: the lines due for its learner (from their view alone).

Which steps have fired is kept in memory (:data:`TRACKER`); after a restart it is found again by
playing the tutorial's stored moves from its deal, silently (:func:`restore`), so a learner who
comes back is not told the first lines again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.core import replay
from bot.core.games import get
from bot.core.store import SessionRecord
from bot.core.tutorial.script import first_state, script_of
from bot.core.tutorial.steps import Line, Moment, Tracker, due
from bot.engine import Event, State

TRACKER = Tracker()
"""The steps fired by this process's live tutorials."""


class Actions(Protocol):
    """What :func:`restore` reads of the store: a session's action log."""

    async def actions(self, session_id: int) -> list[dict[str, Any]]: ...


def _moment(record: SessionRecord, script: Any, state: State, events: Sequence[Event], over: bool) -> Moment:
    """What the learner may know after a change: their view, and the events public or addressed to them."""
    rules = get(record.game).rules
    seat = script.LEARNER
    return Moment(
        view=rules.view(state, seat),
        events=tuple(e for e in events if e.to is None or seat in e.to),
        seat=seat,
        asked=not over and seat in rules.to_act(state),
        over=over,
    )


def due_lines(record: SessionRecord, events: list[Event]) -> tuple[int, list[Line]] | None:
    """``(learner's seat, lines due)`` after a committed change of a tutorial; None for an ordinary game."""
    script = script_of(record)
    if script is None or record.state is None:
        return None
    moment = _moment(record, script, record.state, events, over=record.status != "active")
    return script.LEARNER, TRACKER.lines(record.id, script.STEPS, moment, getattr(script, "PER_CHANGE", None))


async def restore(store: Actions, record: SessionRecord) -> None:
    """Find which steps a tutorial had fired before this process started: its moves played again, silently.

    Nothing to do for a tutorial this process has followed, or one at its start.  The moves before the
    current change are replayed from the deal, each change checked as it was live; the current change
    is then checked by :func:`due_lines` as usual.
    """
    script = script_of(record)
    if script is None or record.id in TRACKER.fired or record.version == 0:
        return
    rules = get(record.game).rules
    log = [row for row in await store.actions(record.id) if row["version"] < record.version]
    steps = replay.rebuild(rules, len(record.seats), record.seed, record.options, log, first=first_state(record))
    fired = TRACKER.fired.setdefault(record.id, set())
    limit = getattr(script, "PER_CHANGE", None)
    for step in steps:
        due(script.STEPS, fired, _moment(record, script, step.state, step.events, over=False), limit)
