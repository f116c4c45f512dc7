"""The parts of :class:`~bot.core.sessions.manager.SessionManager`, one job each, over the shared table.

``lobby`` (open, join, start), ``play`` (a move), ``clock`` (deadlines), ``ending`` (forfeits,
resets, expiry), ``ai_seats`` (AI turns), ``absence`` (``/game away``) and ``announcing`` (ends a
crash kept from being shown).  Each works through :class:`~bot.core.sessions.table.Table` and
what every part shares (``base``, ``drafts``, ``prompts``); of each other, only ``play`` is used
(the clock's timeout moves and the AI's moves are moves).
"""
