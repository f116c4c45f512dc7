"""The bot's connection to Discord and to its other processes: start-up, outages, vanished channels, forwarded clicks.

``starting`` waits for Discord's API and gateway, ``gateway_events`` feeds connection events to
``outages`` (no turn runs out while a shard is down), ``vanished`` ends games whose channel was
deleted while the bot was stopped, and ``forwarding`` carries DM clicks (moves, hints: their payload is
``forwarded_click``) to the process that owns the game.
"""
