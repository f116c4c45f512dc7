"""Timers and tasks of a session's own, armed in a fresh context rather than a copy of the click's.

Why: ``loop.call_later`` and ``loop.create_task`` copy the current context,
and a click's context holds what marks that click: the message it was on
(``bot.transport.edits``) and its clock (``bot.runtime.metrics``).  When it
also held the click's answer, and through it the interaction, a turn's
deadline armed by a move kept the move's click alive for the whole turn (two
minutes by default), in every live game, and an AI's move kept it for its
visible pause.  At 500 games and 100 clicks/s ~670 such interactions sat in
the collector's young generations, each surviving into the older ones only
to be traversed there (docs/performance-journal.md, "The collector's pauses
at 100 clicks a second").
A session's timer or AI needs nothing of the click that armed it: after a
restart the same timers are armed with no click at all.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def call_later(delay: float, callback: Callable[[], object]) -> asyncio.TimerHandle:
    """``loop.call_later``, the callback run in an empty context."""
    return asyncio.get_running_loop().call_later(delay, callback, context=contextvars.Context())


def create_task(coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
    """``loop.create_task``, the task run in an empty context."""
    return asyncio.get_running_loop().create_task(coroutine, context=contextvars.Context())
