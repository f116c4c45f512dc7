"""The slash commands: ``/game`` (``commands``), each game's ``/<game>`` group (``gamecog``), ``/game help``.

Each command is a few lines that call a handler in :mod:`bot.frontend.inbound` or
:mod:`bot.frontend.server_commands`; the names and descriptions in every language come from
:mod:`bot.frontend.ui.slash`.
"""
