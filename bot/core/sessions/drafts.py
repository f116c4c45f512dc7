"""Copy-then-commit: a change is built on a draft and becomes the live session only once it is saved.

Why: the live record is what every click, timer and AI turn reads.  Changing
it first and rolling back by hand on a failed save (the old way) had to name
every field a change might touch, and missed some (a start left the session
"active" in memory while the database said "lobby"; later moves were lost
and the channel stayed broken).  Here nothing in memory changes until the
store said yes, whatever the change touched.

The live object itself stays the same object (:func:`adopt` copies the
draft's values into it): cogs, tests and the presenter hold on to records
and their seats, and identity checks (``by_id(id) is record``) tell a
session that ended and was replaced from one that moved on.
"""

from __future__ import annotations

import copy
import dataclasses

from bot.core.store import SeatRecord, SessionRecord

_SESSION_FIELDS = tuple(f.name for f in dataclasses.fields(SessionRecord) if f.name != "seats")
_SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(SeatRecord))


def draft(record: SessionRecord) -> SessionRecord:
    """A copy of ``record`` that a change may edit freely without touching the live one.

    The containers a change edits (seats, prompts, log, options) are copied;
    the game state is not: engines never mutate a state, they return a new one.
    """
    new = copy.copy(record)
    new.seats = [copy.copy(s) for s in record.seats]
    new.prompts = {k: list(v) for k, v in record.prompts.items()}
    new.log = list(record.log)
    new.options = dict(record.options)
    return new


def adopt(live: SessionRecord, saved: SessionRecord) -> None:
    """Make ``live`` hold what ``saved`` (a committed draft of it) holds, keeping every object's identity."""
    for name in _SESSION_FIELDS:
        setattr(live, name, getattr(saved, name))
    seats = live.seats
    for i, seat in enumerate(saved.seats):
        if i < len(seats):
            for name in _SEAT_FIELDS:
                setattr(seats[i], name, getattr(seat, name))
        else:
            seats.append(seat)
    del seats[len(saved.seats) :]
