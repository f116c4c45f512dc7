"""Reviews queued, computed in the AI workers a bounded number at a time, and stored once.

Why here and how:

* **off the click path**: a request stores a ``pending`` row and returns; the
  review is computed by a task of this runner, decision by decision, each
  decision one job in the AI pool (:mod:`bot.core.ai.pool`: worker processes at
  ``SCHED_IDLE`` whose rollouts pause while a click is handled);
* **bounded**: :data:`AT_ONCE` reviews at once, each with one decision in the
  pool at a time, so a review holds at most one AI worker, and a live game's
  strong search queued behind it waits one decision's effort at most
  (:class:`bot.core.review.score.Effort`); further requests wait their turn;
* **computed once, kept**: the review is stored with the game; asking again
  reads it; a request pending when the bot stops is resumed at the next start
  (:meth:`ReviewRunner.resume`), from the stored moves, so nothing is lost;
* a game whose moves are gone (pruned, ``HISTORY_DAYS``) cannot be reviewed:
  its request is dropped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.core import games, replay
from bot.core.ai.pool import ThinkPool
from bot.runtime.workers import Unavailable

from . import decisions
from .score import Effort, job, run_job

log = logging.getLogger(__name__)
AT_ONCE = 1
"""Reviews computed at the same time.  One: reviews are a luxury, the AI seats of live games come first."""

Job = Callable[[dict[str, Any]], Awaitable[dict[str, list[float | None]]]]
"""Runs one decision's :func:`bot.core.review.score.run_job` somewhere (the AI pool; a thread without one)."""


class ReviewStore(Protocol):
    """What the runner needs of the store."""

    async def get_session(self, session_id: int) -> Any: ...
    async def actions(self, session_id: int) -> list[dict[str, Any]]: ...
    async def request_review(self, session_id: int, seat: int, at: float | None = None) -> None: ...
    async def save_review(self, session_id: int, seat: int, data: dict[str, Any]) -> None: ...
    async def drop_review(self, session_id: int, seat: int) -> None: ...
    async def review(self, session_id: int, seat: int) -> tuple[str, dict[str, Any] | None] | None: ...
    async def pending_reviews(self) -> list[tuple[int, int]]: ...


class NotReviewable(Exception):
    """The game cannot be reviewed: not finished, never started, or its moves were pruned."""


class ReviewRunner:
    """Takes review requests, computes them :data:`AT_ONCE` at a time through ``run``, stores them."""

    def __init__(self, store: ReviewStore, run: Job, effort: Effort | None = None, at_once: int = AT_ONCE) -> None:
        self.store = store
        self.run = run
        self.effort = effort or Effort()
        self.slots = asyncio.Semaphore(at_once)
        self.tasks: dict[tuple[int, int], asyncio.Task[dict[str, Any] | None]] = {}

    async def request(self, session_id: int, seat: int) -> dict[str, Any] | None:
        """The stored review, or None after queueing it (:meth:`wait` then gives it)."""
        found = await self.store.review(session_id, seat)
        if found is not None and found[0] == "done":
            return found[1]
        if found is None:
            await self.store.request_review(session_id, seat)
        self._start(session_id, seat)
        return None

    async def wait(self, session_id: int, seat: int) -> dict[str, Any] | None:
        """The review once computed (None if it could not be); the stored one if done already."""
        task = self.tasks.get((session_id, seat))
        if task is not None:
            return await asyncio.shield(task)
        found = await self.store.review(session_id, seat)
        return found[1] if found is not None and found[0] == "done" else None

    async def resume(self) -> int:
        """Queue every request a stop left pending (at start); how many."""
        pending = await self.store.pending_reviews()
        for session_id, seat in pending:
            self._start(session_id, seat)
        if pending:
            log.info("resuming %d review(s) asked for before the restart", len(pending))
        return len(pending)

    async def close(self) -> None:
        """Stop computing (the bot stops): unfinished requests stay pending in the store, for :meth:`resume`."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _start(self, session_id: int, seat: int) -> None:
        key = (session_id, seat)
        if key not in self.tasks:
            task = asyncio.create_task(self._compute(session_id, seat), name=f"review {session_id}/{seat}")
            self.tasks[key] = task
            task.add_done_callback(lambda _t: self.tasks.pop(key, None))

    async def _compute(self, session_id: int, seat: int) -> dict[str, Any] | None:
        async with self.slots:
            try:
                spec, steps, record = await load(self.store, session_id)
            except NotReviewable:
                await self.store.drop_review(session_id, seat)
                return None
            clicked = {row["version"] for row in await self.store.actions(session_id) if row["user_id"] is not None}
            found = await asyncio.to_thread(decisions.decisions, spec, steps, seat, clicked)  # views: off the loop
            scores = []
            for decision in found:  # one at a time: a review holds one AI worker at most
                payload = job(spec.id, decision.view, seat, decision.legal,
                              decisions.seed_of(record.seed, decision.step), self.effort)
                scores.append(await self.run(payload))
            review = decisions.assemble(found, scores)
            await self.store.save_review(session_id, seat, review)
            return review


async def load(store: ReviewStore, session_id: int) -> tuple[games.Game, list[replay.Step], Any]:
    """A finished game's spec, replayed steps and record; :class:`NotReviewable` if it has nothing to review.

    A game that ended early with a result (a forfeit) is reviewed as far as it went.
    """
    record = await store.get_session(session_id)
    if record is None or record.status != "finished" or record.state is None or record.pruned_at is not None:
        raise NotReviewable(session_id)
    spec = games.get(record.game)
    log = await store.actions(session_id)
    try:  # a long game's replay takes tens of milliseconds: in a thread, so clicks are not held up behind it
        steps = await asyncio.to_thread(replay.rebuild, spec.rules, len(record.seats), record.seed, record.options, log)
    except replay.ReplayError as exc:
        raise NotReviewable(session_id) from exc
    return spec, steps, record


def in_pool(pool: ThinkPool | None) -> Job:
    """Decisions scored in the AI pool's workers (idle priority, pausing for clicks); in a thread without one.

    The thread is the fallback of ``AI_WORKERS=0`` (or a pool given up), as for
    the strong AI's own searches: a review is never lost to a missing worker.
    """

    async def run(payload: dict[str, Any]) -> dict[str, list[float | None]]:
        if pool is not None and pool.executor is not None:
            try:
                return await pool.run(run_job, payload)
            except Unavailable:
                pass
        return await asyncio.to_thread(run_job, payload)

    return run


def effort_from(environ: dict[str, str]) -> Effort:
    """The per-decision effort: ``KADO_REVIEW_WORLDS`` worlds, ``KADO_REVIEW_SECONDS`` CPU seconds at most.

    Tests set few worlds and no time limit (``KADO_REVIEW_SECONDS=0``), so their reviews are quick and the
    same on any machine.  A value that is not a number (or out of range) is said once in the log and the
    default is used: a review is not worth refusing to start over.
    """
    try:
        worlds = int(environ.get("KADO_REVIEW_WORLDS", Effort.worlds))
        seconds = float(environ.get("KADO_REVIEW_SECONDS", Effort.seconds or 0))
        return Effort(worlds=worlds, seconds=seconds if seconds > 0 else None)
    except ValueError:
        log.warning("KADO_REVIEW_WORLDS must be a whole number of at least 1 and KADO_REVIEW_SECONDS a number of "
                    "seconds (0: no limit); using the defaults (%d worlds, %g s)", Effort.worlds, Effort.seconds)
        return Effort()
