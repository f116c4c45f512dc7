"""A game's pace and its durations in words: what the lobby, the board and the settings say.

Why here and not in each screen: the lobby, the board, ``/game settings`` and
``/game mine`` name a pace the same way, with its turn length.
"""

from __future__ import annotations

import time

from bot import i18n
from bot.core.names import shown
from bot.core.sessions.parts import absence
from bot.core.slow import pace
from bot.core.store import SessionRecord
from bot.i18n import Tr

_UNITS = ((pace.DAY, "pace.days"), (pace.HOUR, "pace.hours"), (60.0, "pace.minutes"))


def duration(tr: Tr, seconds: float) -> str:
    """``seconds`` in the largest whole unit that fits: "3 days", "12 hours", "2 minutes", "45 seconds"."""
    for size, key in _UNITS:
        if seconds >= size and seconds % size == 0:
            return i18n.counted(tr, key, int(seconds // size))
    for size, key in _UNITS:
        if seconds >= size:
            return i18n.counted(tr, key, round(seconds / size))
    return i18n.counted(tr, "pace.seconds", int(seconds))


def live_turn(record: SessionRecord) -> float:
    """The game's live turn timer: the server's when the lobby opened, else the bot's usual one."""
    return record.turn_timeout or pace.LIVE_REFERENCE


def label(tr: Tr, record: SessionRecord) -> str:
    """The pace with its turn length: "correspondence (3 days a turn)"."""
    p = pace.normal(record.pace)
    return tr(f"pace.{p}.long", turn=duration(tr, pace.turn_seconds(p, live_turn(record), record.pace_turn)))


def pace_line(tr: Tr, record: SessionRecord) -> str:
    """"Pace: relaxed (12 hours a turn)": the lobby's line."""
    return tr("pace.line", pace=label(tr, record))


def board_parts(tr: Tr, record: SessionRecord, now: float | None = None) -> list[str]:
    """What the board's status line adds: a slow game's pace, and who is away until when (a live game: as before)."""
    parts = [pace_line(tr, record)] if pace.is_slow(record.pace) else []
    for seat, until in absence.away_seats(record, time.time() if now is None else now):
        parts.append(tr("away.board", name=shown(record.seats[seat].name), when=deadline(tr, until)))
    return parts


def deadline(tr: Tr, ts: float) -> str:
    """A deadline as Discord timestamps: relative (a live countdown) and the full date, in the reader's zone."""
    return tr("deadline.when", ts=int(ts))
