"""The store's methods beside a game's session, one topic each: ratings, reviews, server life, slow games.

Each is a mixin of :class:`~bot.core.store.base.BaseStore`, written once over
:class:`~bot.core.store.backend.Connection` for SQLite and PostgreSQL alike.
"""
