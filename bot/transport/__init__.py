"""How a request reaches Discord, under the Discord-facing layer.

Interaction-token requests on discord.py's session (``wire``), message edits through a click's
token while it lives (``edits``), a move click's one answer (``acks``), turn notices as followups
(``followups``) and the rate-limit buckets' upkeep (``buckets``).  A new rule about *how* a request
is made (which token, which route, when to defer) goes here; *what* is sent is the frontend's.

May import: ``discord``, :mod:`bot.core` and everything below it.  Never :mod:`bot.frontend`.
"""
