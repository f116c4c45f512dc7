"""The step machinery: after each committed change, which of a tutorial's lines are due for its learner.

A step is a condition on what the learner may know -- their own view and the events they may see
(public ones and those addressed to them) -- never on the hidden state, so a line cannot tell
more than the rules show.  Each step fires once, the first time its condition holds (steps are
checked in their declared order, so a line that explains a thing comes before one that builds on
it).  A step may carry a *recap*: the line said at the end when its moment never came (a learner
who played otherwise than the script expected still hears every rule once).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.gameui import Line, Moment, Step

__all__ = ["Line", "Moment", "Step", "Tracker", "due", "explained"]


def due(steps: Sequence[Step], fired: set[str], moment: Moment, limit: int | None = None) -> list[Line]:
    """The lines due at ``moment``; each step fired is added to ``fired`` (so it never fires again).

    ``limit``: at most so many steps fire in one change (a newcomer reads a few lines, not a page);
    the others wait for the next change, checked again then.  At the end, every step still due
    fires, then the recap of every step that never fired.
    """
    out: list[Line] = []
    for step in steps:
        if limit is not None and len(out) >= limit and not moment.over:
            break
        if step.key not in fired and step.when(moment):
            fired.add(step.key)
            out.append(Line(step.key, dict(step.fields(moment)) if step.fields else {}))
    if moment.over:
        for step in steps:
            if step.key not in fired and step.recap is not None:
                fired.add(step.key)
                out.append(Line(step.recap))
    return out


def explained(steps: Iterable[Step], fired: Iterable[str]) -> set[str]:
    """The first-page statements the fired steps (or their recaps) explained."""
    done = set(fired)
    return {s for step in steps if step.key in done for s in step.explains}


class Tracker:
    """Which steps each live tutorial has fired, in memory (a restart may say a line once more)."""

    def __init__(self) -> None:
        self.fired: dict[int, set[str]] = {}

    def lines(self, session_id: int, steps: Sequence[Step], moment: Moment, limit: int | None = None) -> list[Line]:
        """The lines due in one session at ``moment`` (:func:`due`); forgotten once the game is over."""
        fired = self.fired.setdefault(session_id, set())
        out = due(steps, fired, moment, limit)
        if moment.over:
            self.fired.pop(session_id, None)
        return out

    def forget(self, session_id: int) -> None:
        """A tutorial ended without its last change shown as one (a forfeit, a reset): its steps are dropped."""
        self.fired.pop(session_id, None)
