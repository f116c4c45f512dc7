"""Timers and tasks of a session's own run in a fresh context (bot/runtime/detached.py): nothing of a click kept."""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from pathlib import Path

from bot.runtime import detached
from tests.platform.core.sessions.test_sessions import Clock, _manager, _mover, _two_player_game

_held: contextvars.ContextVar[object | None] = contextvars.ContextVar("test_held", default=None)


class Click:
    """Stands in for what a click's context holds (its answer, the interaction, the message)."""


async def test_a_detached_timer_and_task_see_none_of_the_callers_context() -> None:
    _held.set(Click())
    seen: list[object | None] = []
    fired = asyncio.Event()

    def timer() -> None:
        seen.append(_held.get())
        fired.set()

    async def task() -> None:
        seen.append(_held.get())

    detached.call_later(0, timer)
    await detached.create_task(task())
    await fired.wait()
    assert seen == [None, None]
    assert _held.get() is not None  # the caller's own context is untouched


async def test_a_turns_deadline_armed_by_a_move_keeps_nothing_of_the_click(tmp_path: Path) -> None:
    """The move's turn timer lives minutes; the click's objects must go as soon as its handler ends."""
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=Clock(), turn_timeout=600)
    record = await _two_player_game(m)
    gone: list[weakref.ref[Click]] = []

    async def click() -> None:
        held = Click()
        gone.append(weakref.ref(held))
        _held.set(held)
        del held
        player, version = _mover(m, record)
        await m.act(record.id, player.user_id, version, 0)

    version = record.version
    try:
        handler = asyncio.create_task(click())  # a click's handler runs in a task (and context) of its own
        await handler
        del handler
        await asyncio.sleep(0)  # the loop lets go of the finished task
        assert record.version == version + 1 and record.id in m.clock_.timers  # the next turn's deadline is armed
        assert gone[0]() is None  # freed by reference counting: no timer holds the click's context
    finally:
        await m.close()
        await m.store.close()
