"""What players see after a committed change: the channel board, each seat's DM, turn notices, the result.

``presenter`` is the Discord side of :class:`bot.core.sessions.Presenter`, the one object the
session layer reports to; it hands each part of a change to one module: ``dm_screens`` and
``delivery`` (each player's DM, edited in place), ``turn_notices``, ``board_position`` and
``buried`` (the board stays in view), ``hand_replies`` (a DM-closed player's "My hand"),
``results`` (the closing line), ``tutorial_lines`` and ``slow`` (DM notices of slow games).
"""
