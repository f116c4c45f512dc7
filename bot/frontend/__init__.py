"""The Discord-facing layer: what Discord calls into and what a player sees.

Click routing (``clicks``), the handlers behind buttons and commands (``interactions``,
``server_commands``, ``opening``), the shared game cog (``gamecog``), the presenter that shows a
committed change (``presenter``, ``turn_notices``, ``dm_screens``, ``delivery``), refusals (``answers``), shard
forwarding and gateway outages, and the messages themselves (``ui``: payloads, Components V2
screens, buttons, pictures).

May import: ``discord``, :mod:`bot.transport`, :mod:`bot.core` and everything below it.  Never
:mod:`bot.app` (it states what it needs as ``services.Services``) and never a game: games are
found through :mod:`bot.core.games`.
"""
