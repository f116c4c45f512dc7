"""The Discord-free core: what a game session *is*, whatever shows it.

Sessions (one lock per channel; a change is live only once committed), the store (SQLite or
PostgreSQL), the AI players, work slots (``turns``), server settings, stats, replays, data rights,
pruning, turn-notice timing and the games' registry.

May import: :mod:`bot.gameui`, :mod:`bot.pictures`, :mod:`bot.i18n`, :mod:`bot.engine`,
:mod:`bot.runtime`.  Never ``discord``, never anything above it (transport, frontend, the app) —
where it needs them it states a Protocol (``sessions.Presenter``) that the app fills.
"""
