"""What a database backend gives the shared store methods: connections in three modes, and its dialect.

Why: the store's methods (``base.py``, ``server_life.py``) are written once
against :class:`Connection`; SQLite (``sqlite.py``) and PostgreSQL
(``postgres.py``) differ only in how they hand out a connection, commit, and
spell a few statements (:class:`~bot.core.store.sql.Dialect`).
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, ClassVar, Protocol

from bot.core.store.rows import Row
from bot.core.store.sql import Dialect


class Connection(Protocol):
    """One database connection as the shared methods use it; every statement has ``?`` placeholders."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it touched."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per parameter tuple."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        ...

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None."""
        ...

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or None."""
        ...

    async def insert_returning_id(self, sql: str, params: Sequence[Any]) -> int:
        """Run an INSERT; the id the database gave the new row."""
        ...


class Backend(abc.ABC):
    """The primitives a backend provides; the store's methods are built on these alone."""

    dialect: ClassVar[Dialect]

    @abc.abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Connection]:
        """A connection inside one write transaction: committed on exit (durably), rolled back on any error."""

    @abc.abstractmethod
    def _writing(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for one self-committing write, never inside another coroutine's transaction."""

    @abc.abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for reads (several queries of one method run on the same connection)."""

    def _shard_filter(self) -> tuple[str, tuple[Any, ...]]:
        """A condition on ``sessions`` meaning "this process's own sessions", and its parameters.

        Empty unless several processes share the database (PostgreSQL with shards).
        """
        return "", ()
