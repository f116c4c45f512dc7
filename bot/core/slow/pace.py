"""A game's pace: how long its turns and its rule-defined windows last.

Why a pace and not only a timer: friends who look in twice a day cannot
play a table built for 20 minutes.  The lobby's host picks one of three:

- ``live``: the server's turn timer (``/game settings timer``), as before;
- ``relaxed``: hours per turn (the host picks 4, 12 or 24; before that :data:`RANGES` says);
- ``correspondence``: days per turn (1, 3 or 7; at most :data:`MAX_TURN`).

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
NOTICE_DELAY = 600.0
"""How long a seat of a slow game may take before it is sent a DM notice (``SLOW_NOTICE_DELAY``)."""

_TURN = {RELAXED: RELAXED_TURN, CORRESPONDENCE: CORRESPONDENCE_TURN}
TURNS = {RELAXED: (4 * HOUR, RELAXED_TURN, 24 * HOUR), CORRESPONDENCE: (1 * DAY, CORRESPONDENCE_TURN, MAX_TURN)}
"""The turn lengths the lobby's host may pick at each slow pace."""
RANGES = {RELAXED: (HOUR, DAY), CORRESPONDENCE: (DAY, MAX_TURN)}
"""The turn lengths a slow pace takes: hours, or days.  Before the host picks, the game's turn is the
server's timer (``/game settings timer``, kept by the lobby) if it lies in its pace's range, else the
pace's default (:data:`RELAXED_TURN`, :data:`CORRESPONDENCE_TURN`)."""
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


def next_choice(pace: str | None, turn: float | None, server: float | None = None) -> tuple[str, float | None]:
    """The lobby button's next (pace, turn): live → relaxed 4, 12, 24 hours → correspondence 1, 3, 7 days → live.

    From a turn that is none of these (the server's timer), the next longer one.
    """
    p = normal(pace)
    if p == LIVE:
        return RELAXED, TURNS[RELAXED][0]
    now = _slow_turn(p, turn, server)
    longer = [t for t in TURNS[p] if t > now]
    if longer:
        return p, longer[0]
    after = SLOW.index(p) + 1
    return (SLOW[after], TURNS[SLOW[after]][0]) if after < len(SLOW) else (LIVE, None)


def _slow_turn(p: str, turn: float | None, server: float | None = None) -> float:
    """A slow pace's turn (unscaled): the host's pick, else the server's timer, if in the pace's range; else default."""
    low, high = RANGES[p]
    for length in (turn, server):
        if length is not None and low <= length <= high:
            return float(length)
    return _TURN[p]


def turn_seconds(pace: str | None, live_turn: float, turn: float | None = None) -> float:
    """A turn's length at ``pace``; ``live_turn``: the server's (or the bot's) timer; ``turn``: the host's pick."""
    p = normal(pace)
    return _slow_turn(p, turn, live_turn) / _scale if p in _TURN else min(live_turn, MAX_TURN)


def window_seconds(
    pace: str | None, live_window: float, turn: float | None = None, live_turn: float | None = None
) -> float:
    """A rule-defined window (or a hidden pick) at ``pace``: ``live_window`` scaled like the turn, at most half of one.

    At live pace the window is the rule's as written (an option the server set).
    """
    p = normal(pace)
    if p == LIVE:
        return live_window
    length = _slow_turn(p, turn, live_turn)
    return min(live_window * length / LIVE_REFERENCE, length / 2) / _scale


def notice_delay(
    pace: str | None, live_turn: float, delay: float = NOTICE_DELAY, turn: float | None = None
) -> float | None:
    """How long a seat waited for may take before its DM notice is posted; None at live pace (the ping's grace).

    Why a delay and not a DM every turn: a DM notice costs a bot-token post
    and a bot-token delete (a channel click's token cannot reach a DM, and a
    DM click's token is dead hours later), two requests per move where the
    budget is 1.2.  A player at the table answers within the delay and is sent
    nothing; one who is away is told.  Never later than a quarter of the turn,
    so the notice comes well before the half-time reminder.
    """
    p = normal(pace)
    if p == LIVE:
        return None
    return min(max(0.0, delay) / _scale, turn_seconds(p, live_turn, turn) / 4)


def idle_seconds(
    pace: str | None, live_idle: float, turn: float | None = None, live_turn: float | None = None
) -> float:
    """How long a game may go without a human move before it is ended as abandoned.

    A slow game waits days for a move, and a player may be away a week
    (``/game away``) with their turns held: two turns and a week on top of
    the live limit, so that only a game everyone left is swept.
    """
    p = normal(pace)
    if p == LIVE:
        return live_idle
    return live_idle + MAX_TURN + 2 * _slow_turn(p, turn, live_turn) / _scale
