"""Shared Discord UI, for the handlers and the presenter alike: buttons, layouts, screens, payloads.

``components`` (buttons that keep working across restarts, routed by custom id), ``layout`` and
``screens`` (Components V2 cards), ``payloads`` (what a lobby, board or private view says),
``seat_status``, ``hint_text``, ``ratings``, ``review_buttons``, ``legend``, ``slash`` (command
names in every language) and ``cycles`` (freeing discord.py's UI objects).
"""
