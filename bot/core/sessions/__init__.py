"""Channel sessions: one lock per channel; load → engine.apply → commit → announce.

This package decides *what happens*; it knows no Discord.  The interaction
layer calls :class:`SessionManager` with plain ids, and every change is
reported to a :class:`Presenter` (the Discord side) only after it is
committed, so a crash between the two loses an announcement, never a move.
And every change is built on a copy of the session and becomes the live one
only once saved (:mod:`bot.core.sessions.drafts`), so a failed save changes
nothing.  What every part shares: ``base`` (refusals, the Presenter),
``drafts``, ``table`` (live records, locks, the commit), ``prompts`` (prompt
versions, deadlines).  The parts (``parts/``): ``lobby``, ``play``, ``clock``
(timers, reminders, AFK), ``ai_seats``, ``ending`` (forfeits, resets, expiry),
``absence``, ``announcing``; ``manager`` is the facade over them.
"""

from __future__ import annotations

from bot.core.sessions.base import EXPIRE_RETRY, LOG_KEEP, Answer, Player, Presenter, SessionError
from bot.core.sessions.manager import SessionManager
from bot.core.sessions.parts.announcing import LATE_ANNOUNCE_WINDOW

__all__ = [
    "EXPIRE_RETRY", "LATE_ANNOUNCE_WINDOW", "LOG_KEEP", "Answer", "Player", "Presenter", "SessionError",
    "SessionManager",
]
