"""Channel sessions: one lock per channel; load → engine.apply → commit → announce.

This package decides *what happens*; it knows no Discord.  The interaction
layer calls :class:`SessionManager` with plain ids, and every change is
reported to a :class:`Presenter` (the Discord side) only after it is
committed, so a crash between the two loses an announcement, never a move.
And every change is built on a copy of the session and becomes the live one
only once saved (:mod:`bot.core.sessions.drafts`), so a failed save changes
nothing.  The parts: ``table`` (live records, locks, the commit), ``lobby``,
``play``, ``prompts`` (prompt versions, deadlines), ``clock`` (timers,
reminders, AFK), ``ai_seats``, ``ending`` (forfeits, resets, expiry),
``announcing``; ``manager`` is the facade over them.
"""

from __future__ import annotations

from bot.core.sessions.announcing import LATE_ANNOUNCE_WINDOW
from bot.core.sessions.base import EXPIRE_RETRY, LOG_KEEP, Player, Presenter, SessionError
from bot.core.sessions.manager import SessionManager

__all__ = ["EXPIRE_RETRY", "LATE_ANNOUNCE_WINDOW", "LOG_KEEP", "Player", "Presenter", "SessionError", "SessionManager"]
