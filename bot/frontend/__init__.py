"""The Discord-facing layer: what Discord calls into and what a player sees.

Its seams, each a package (each imports only those listed after it, and ``answers``/``services``):

- ``slash``: the slash commands (``/game``, each game's group, ``/game help``);
- ``inbound``: what a click or a game command does (``clicks`` routes, ``interactions`` handles);
- ``server_commands``: the handlers of server life (settings, stats, history, replays, data rights);
- ``gateway``: the connection to Discord and to the other processes (outages, forwarded clicks);
- ``presenting``: what players see after a committed change (``presenter``, DMs, notices, results);
- ``ui``: the messages themselves (buttons, layouts, screens, payloads);
- ``drawing``: pictures drawn off the click path (worker pool, jobs, cache).

Beside them: ``answers`` (refusals as answers, for every handler) and ``services`` (what the
handlers need of the running bot).

May import: ``discord``, :mod:`bot.transport`, :mod:`bot.core` and everything below it.  Never
:mod:`bot.app` (it states what it needs as ``services.Services``) and never a game: games are
found through :mod:`bot.core.games`.
"""
