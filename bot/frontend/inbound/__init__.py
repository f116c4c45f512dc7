"""What a click or a game command does: route it, check it, call the session, answer the user.

``clicks`` routes every button kind to its handler; ``interactions`` holds the handlers behind the
game's buttons and commands (a move, "My hand", rematch); ``opening``, ``learn``, ``leaving``,
``rules_pages``, ``review`` and ``hint_answers`` each answer one feature (``review_answers`` finishes a
"Reviewing…" answer, across a restart too); ``cooldowns`` keeps public commands from flooding a channel.
Nothing here shows a committed change: the session layer reports it to :mod:`bot.frontend.presenting`.
"""
