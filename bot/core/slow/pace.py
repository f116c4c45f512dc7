"""A game's pace: how long its turns and its rule-defined windows last.

Why a pace and not only a timer: friends who look in twice a day cannot
play a table built for 20 minutes.  The lobby's host picks one of three:

- ``live``: the server's turn timer (``/game settings timer``), as before;
- ``relaxed``: :data:`RELAXED_TURN` per turn;
- ``correspondence``: :data:`CORRESPONDENCE_TURN` per turn (days; at most :data:`MAX_TURN`).

A rule-defined window (an Eminit declaration, a GETGEM Barrier question) and
a simultaneous hidden pick scale with the pace by the ratio of its turn to the
live reference turn (:data:`LIVE_REFERENCE`): a 30 s window becomes hours in a
correspondence game, never longer than half a turn.  The window still closes
as soon as everyone who may answer has answered (the engine says so, not the
clock), and silence is still the rules' answer when it runs out.

Pure: no clock, no Discord; the session code asks it for seconds.
"""

from __future__ import annotations

LIVE = "live"
RELAXED = "relaxed"
CORRESPONDENCE = "correspondence"
PACES = (LIVE, RELAXED, CORRESPONDENCE)
SLOW = (RELAXED, CORRESPONDENCE)

HOUR = 3600.0
DAY = 24 * HOUR
RELAXED_TURN = 12 * HOUR
CORRESPONDENCE_TURN = 3 * DAY
MAX_TURN = 7 * DAY
"""The longest turn any pace or server timer allows: a week."""
LIVE_REFERENCE = 120.0
"""The live turn the rule-defined windows were sized for (the bot's default turn timer)."""

_TURN = {RELAXED: RELAXED_TURN, CORRESPONDENCE: CORRESPONDENCE_TURN}
_scale = 1.0
TEST_SCALE_ENV = "KADO_TEST_PACE_SCALE"
"""Tests only: slow paces' turns and windows run this many times faster (an end-to-end game of days in seconds)."""


def set_test_scale(scale: float) -> None:
    """Compress the slow paces' durations by ``scale`` (tests only; 1 in production)."""
    global _scale
    _scale = max(1.0, float(scale))


def normal(pace: str | None) -> str:
    """A stored or given pace as one of :data:`PACES` (anything unknown, or none, is live)."""
    return pace if pace in PACES else LIVE


def is_slow(pace: str | None) -> bool:
    """Relaxed or correspondence: games where players are not expected to be online together."""
    return normal(pace) in SLOW


def next_pace(pace: str | None) -> str:
    """The pace after ``pace`` in the lobby's cycle (live → relaxed → correspondence → live)."""
    i = PACES.index(normal(pace))
    return PACES[(i + 1) % len(PACES)]


def turn_seconds(pace: str | None, live_turn: float) -> float:
    """A turn's length at ``pace``; ``live_turn`` is the server's (or the bot's) live timer."""
    p = normal(pace)
    return min(_TURN[p], MAX_TURN) / _scale if p in _TURN else min(live_turn, MAX_TURN)


def window_seconds(pace: str | None, live_window: float) -> float:
    """A rule-defined window (or a hidden pick) at ``pace``: ``live_window`` scaled like the turn, at most half of one.

    At live pace the window is the rule's as written (an option the server set).
    """
    p = normal(pace)
    if p == LIVE:
        return live_window
    turn = _TURN[p]
    return min(live_window * turn / LIVE_REFERENCE, turn / 2) / _scale


def idle_seconds(pace: str | None, live_idle: float) -> float:
    """How long a game may go without a human move before it is ended as abandoned.

    A slow game waits days for a move, and a player may be away a week
    (``/game away``) with their turns held: two turns and a week on top of
    the live limit, so that only a game everyone left is swept.
    """
    p = normal(pace)
    if p == LIVE:
        return live_idle
    return live_idle + MAX_TURN + 2 * _TURN[p] / _scale
