"""Slow games on Discord: a game's pace in words, DM notices of a choice waiting, and ``/game mine``.

Apart from the frontend's other modules because they serve one feature, games
that last hours or days (:mod:`bot.core.slow.pace`), and grow together.
"""
