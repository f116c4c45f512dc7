"""Guided first games (``/<game> learn``): a session on a curated deal, against scripted or seeded AI
seats, whose steps say one short line at the moment each rule first matters.

Discord-free, like the rest of :mod:`bot.core`.  A tutorial is an ordinary session with a flag in
its stored options (:data:`FLAG`): it is played, committed and shown as any other, but its result is
neither rated nor counted in stats (the store skips it), and the presenter shows its step lines
where the learner acts.  Each game declares its tutorial in ``cogs/<game>/tutorial.py`` (the deal,
the AI's level and seed, the steps, the first rules page's statements) with its lines in
``cogs/<game>/strings/tutorial.py``; :mod:`.script` finds it, :mod:`.steps` decides which step's
line is due after each committed change, :mod:`.start` opens the session.
"""

from __future__ import annotations

from bot.core.tutorial.script import (
    FLAG,
    available,
    first_state,
    help_keys,
    help_line,
    is_tutorial,
    load,
    script_of,
)
from bot.core.tutorial.steps import Line, Moment, Step, Tracker, due

__all__ = [
    "FLAG", "Line", "Moment", "Step", "Tracker", "available", "due", "first_state", "help_keys", "help_line",
    "is_tutorial", "load", "script_of",
]
