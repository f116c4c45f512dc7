"""A game's pace and who hears of a turn: games that last minutes or days, and the notices that reach their players.

``pace`` (what a pace is: turn lengths, reminders; the server's pace for new lobbies and its
AFK limit are fields of :class:`bot.core.settings.ServerSettings`), ``notify`` (one ping per
turn for a human who must act, on a clock of its own) and ``notify_prefs`` (``/game notify``:
how each person wants to hear of a choice).
The session layer reads these (a turn's deadline follows the pace), so they import nothing of it;
the words a pace is shown with read the sessions and sit above them (:mod:`bot.core.pace_words`).
"""
