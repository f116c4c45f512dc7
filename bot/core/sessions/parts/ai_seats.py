"""AI seats: play them one move at a time, with a visible pause, until a human must act.

Three promises beyond choosing a move:

* **Its timing tells nothing.**  The time from the prompt to the AI's
  committed answer is the same whatever it holds: thinking runs during the
  pause, and the answer waits until ``ai_delay`` plus its level's think
  budget (:data:`THINK_TIME`) have passed, also when it had one choice and
  did not search.  Without it a strong AI answered a Barrier question
  after its search when it held a Barrier and at once when it did not.
* **Its search does not slow the clicks.**  With a pool of worker
  processes (``AI_WORKERS``, :mod:`bot.core.ai.pool`, set by the app) a strong
  search runs there, holding neither the bot's GIL nor one of its threads;
  without one (``AI_WORKERS=0``, and tests that replace :attr:`AiSeats.think`)
  it runs in a thread, as before the pool.
* **A failed save is tried again** (after ``retry_delay``), as the timer path
  does: a locked database for a moment must not stop the AI for good
  ("AI 1 is thinking…" forever, since nobody else may move its seat).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core import ai
from bot.core.ai.pool import ThinkPool
from bot.core.sessions import prompts
from bot.core.sessions.parts.play import Play
from bot.core.sessions.table import Table, log
from bot.core.store import SessionRecord
from bot.engine import Action, State
from bot.gamefacts import Game
from bot.runtime import detached

THINK_TIME: dict[str, float] = {"strong": ai.DEFAULT_BUDGET.seconds or 0.0}
"""Seconds a level's answer takes beyond ``ai_delay``, whatever it had to think about (0 when not named).

The strong level's search budget; the easy and normal levels answer in
milliseconds, well inside the pause, which hides them."""

Think = Callable[[Game, State, int, str, int], Action]


class AiSeats:
    def __init__(self, table: Table, play: Play) -> None:
        self.table = table
        self.play = play
        self.tasks: dict[int, asyncio.Task[None]] = {}
        # what a test replaces to time the AI without a clock on the wall
        self.think: Think = ai.choose
        self.pool: ThinkPool | None = None  # strong searches in worker processes (the app's, AI_WORKERS)
        self.monotonic: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep

    def schedule(self, record: SessionRecord) -> None:
        """Start the session's AI task if an AI seat is to act and none runs."""
        if self.table.closing or record.status != "active" or record.state is None:
            return
        to_act = self.table.spec(record).rules.to_act(record.state)
        if any(record.seats[s].is_ai for s in to_act):
            task = self.tasks.get(record.id)
            if task is None or task.done():
                self.tasks[record.id] = detached.create_task(self.run(record.id))  # not the click's

    def stop(self, session_id: int) -> None:
        """The session ended: its AI stops (unless the AI is the one ending it, mid-move)."""
        task = self.tasks.pop(session_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def close(self) -> None:
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def answer(self, spec: Game, state: State, seat: int, level: str, seed: int) -> Action:
        """The AI's move, after the same visible time whatever the position (see the module's note)."""
        due = self.monotonic() + self.table.settings.ai_delay + THINK_TIME.get(level, 0.0)
        # Think outside the channel's turn (states are never mutated, so this one stays as it is):
        # a strong AI's second of search holds no work slot and no lock.
        if self.pool is not None and self.think is ai.choose:  # a test's stand-in thinks in a thread
            # The search may run until the answer is due (a job queued behind other tables' searches
            # uses the visible pause), on the real clock the worker reads.
            answer_at = time.monotonic() + (due - self.monotonic())
            action = await self.pool.choose(spec, state, seat, level, seed, due=answer_at)
        else:
            action = await asyncio.to_thread(self.think, spec, state, seat, level, seed)
        rest = due - self.monotonic()
        if rest > 0:
            await self.sleep(rest)
        return action

    async def run(self, session_id: int) -> None:
        """Play this session's AI seats until none is to act; a failure is logged and tried again."""
        t = self.table
        while not t.closing:
            record = t.by_id(session_id)
            if record is None or record.status != "active" or record.state is None:
                return
            try:
                if not await self._one_move(record):
                    return
            except asyncio.CancelledError:
                raise
            except Exception:  # SessionError("not_saved") from a locked database, or a bug on the way
                delay = t.settings.retry_delay
                log.exception("AI turn failed in session %s; trying again in %.0f s", session_id, delay)
                await self.sleep(delay)

    async def _one_move(self, record: SessionRecord) -> bool:
        """One AI answer; False when no AI seat is to act (the task may end)."""
        t = self.table
        spec = t.spec(record)
        assert record.state is not None
        seat = next((s for s in spec.rules.to_act(record.state) if record.seats[s].is_ai), None)
        if seat is None:
            return False
        state, version = record.state, record.version
        prompt = prompts.prompt_version(record, seat)
        level = record.seats[seat].ai_level or ai.DEFAULT_LEVEL
        action = await self.answer(spec, state, seat, level, record.seed ^ (version * 7919 + seat))
        async with t.lock(record.channel_id, ai_move=True):  # behind every click in hand (bot.core.turns)
            if t.by_id(record.id) is not record or record.status != "active":
                return False
            if prompts.prompt_version(record, seat) != prompt or not record.seats[seat].is_ai:
                return True  # its choices changed meanwhile (or a player took the seat back): look again
            await self.play.apply(record, seat, None, action)
        return True
