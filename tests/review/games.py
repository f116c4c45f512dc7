"""Seeded games for the review tests: played by AI levels, logged as the store logs them."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bot.core import ai, games, replay
from bot.core.ai import Budget
from bot.core.review import decisions, score
from bot.core.review.score import Effort
from bot.core.store import SeatRecord

TINY = Budget(seconds=None, max_sims=24)
"""The strong players' think budget in these games: rollouts only, so the games are the same on any machine."""
QUICK = Effort(worlds=12, seconds=None)
"""The review's effort in tests: worlds only (machine-independent), few (a test's CPU share is small)."""


def play(game: str, levels: Sequence[str], seed: int, budget: Budget = TINY,
         options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A seeded game with ``levels[seat]`` at each seat; its action log as the store keeps it."""
    spec = games.get(game)
    rules = spec.rules
    state = rules.new(len(levels), seed, options)
    log: list[dict[str, Any]] = []
    while rules.result(state) is None:
        acting = rules.to_act(state)
        seat = acting[len(log) % len(acting)]
        action = ai.choose(spec, state, seat, levels[seat], seed * 7919 + len(log), budget)
        state = rules.apply(state, seat, action).state
        log.append({"version": len(log) + 1, "seat": seat, "payload": action})
    return log


def review(game: str, seats: int, seed: int, log: list[dict[str, Any]], seat: int,
           effort: Effort = QUICK, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The review of ``seat``'s decisions in a logged game, computed in this process."""
    spec = games.get(game)
    steps = replay.rebuild(spec.rules, seats, seed, options, log)
    found = decisions.decisions(spec, steps, seat)
    scores = [score.values(spec, d.view, seat, d.legal, decisions.seed_of(seed, d.step), effort) for d in found]
    return decisions.assemble(found, scores)


async def store_finished(store: Any, game: str, levels: Sequence[str], seed: int, user_id: int = 100) -> int:
    """A finished game stored as the session layer leaves it (log, state, end, result); seat 0 is user ``user_id``.

    The other seats are AIs of ``levels``.  Its session id.
    """
    rules = games.get(game).rules
    log = play(game, levels, seed)
    seats = [SeatRecord(seat=0, name="alice", user_id=user_id)]
    seats += [SeatRecord(seat=s, name=f"AI {s}", ai_level=levels[s]) for s in range(1, len(levels))]
    record = await store.create_session(game=game, guild_id=1, channel_id=10 + seed, host_id=user_id, seed=seed,
                                        options={}, locale="en", seats=seats)
    state = rules.new(len(levels), seed, {})
    record.status = "active"
    for row in log:
        state = rules.apply(state, row["seat"], row["payload"]).state
        record.state, record.version = state, row["version"]
        clicked = user_id if row["seat"] == 0 else None  # the player's own moves, the AIs' with no user
        await store.commit_action(record, seat=row["seat"], user_id=clicked, payload=row["payload"])
    record.status, record.end_reason, record.ended_at = "finished", "normal", time.time()
    result = rules.result(state)
    await store.finish(record, {"winners": list(result.winners), "scores": list(result.scores), "reason": ""})
    await store.mark_announced(record)  # shown long ago: a bot started on this database does not post it again
    return int(record.id)
