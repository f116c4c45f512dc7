"""Reviews through the store: computed once, kept across a restart (a pending one resumed), pruned with the moves."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from bot.core.review import score
from bot.core.review.runner import ReviewRunner, effort_from
from bot.core.store import Store
from tests.review.games import QUICK, play, review, store_finished

SEED = 11


async def _finished_game(store: Store) -> int:
    return await store_finished(store, "portas", ["easy", "strong"], SEED)


class Counted:
    """The runner's job, in this process, counting decisions scored; ``gate`` holds them to stop midway."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.calls = 0
        self.gate = gate

    async def __call__(self, payload: dict[str, Any]) -> dict[str, list[float | None]]:
        self.calls += 1
        if self.gate is not None and self.calls > 2:
            await self.gate.wait()  # the bot stops while this review is half done
        return score.run_job(payload)


async def test_a_restart_between_request_and_answer_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "kado.sqlite3"
    store = await Store.open(path)
    sid = await _finished_game(store)
    stopped = Counted(gate=asyncio.Event())
    runner = ReviewRunner(store, stopped, QUICK)
    assert await runner.request(sid, 0) is None  # queued: "Reviewing…"
    while stopped.calls <= 2:
        await asyncio.sleep(0)
    await runner.close()  # the bot stops mid-review
    await store.close()
    assert stopped.calls == 3

    store = await Store.open(path)  # the next start
    assert await store.review(sid, 0) == ("pending", None)
    resumed = Counted()
    runner = ReviewRunner(store, resumed, QUICK)
    assert await runner.resume() == 1
    done = await runner.wait(sid, 0)
    expected = review("portas", 2, SEED, play("portas", ["easy", "strong"], SEED), 0)
    assert done == expected  # the same review as one never interrupted
    assert await store.review(sid, 0) == ("done", expected)
    assert resumed.calls >= len(expected["decisions"])
    counted = Counted()
    again = ReviewRunner(store, counted, QUICK)
    assert await again.request(sid, 0) == expected  # computed once: asking again reads it
    assert counted.calls == 0
    await store.close()


async def test_a_review_is_pruned_with_the_moves(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "kado.sqlite3")
    sid = await _finished_game(store)
    runner = ReviewRunner(store, Counted(), QUICK)
    await runner.request(sid, 0)
    assert await runner.wait(sid, 0) is not None
    assert await store.prune_history(time.time() + 1) == 1
    assert await store.review(sid, 0) is None
    await store.close()


def test_the_effort_comes_from_the_environment_and_a_bad_value_keeps_the_default() -> None:
    assert effort_from({}) == score.Effort()
    assert effort_from({"KADO_REVIEW_WORLDS": "6", "KADO_REVIEW_SECONDS": "0"}) == score.Effort(6, None)
    assert effort_from({"KADO_REVIEW_WORLDS": "many"}) == score.Effort()
    assert effort_from({"KADO_REVIEW_WORLDS": "0"}) == score.Effort()


async def test_moves_the_ai_made_in_the_players_seat_are_not_judged(tmp_path: Path) -> None:
    """While a player is away the AI plays their seat (logged without a user): the review judges only their clicks."""
    store = await Store.open(tmp_path / "kado.sqlite3")
    sid = await store_finished(store, "portas", ["easy", "strong"], SEED)
    mine = [row["version"] for row in await store.actions(sid) if row["seat"] == 0]
    away = set(mine[len(mine) // 2:])  # the second half of the player's moves: the AI stood in
    store.actions = _without_user(store.actions, away)  # type: ignore[method-assign]
    runner = ReviewRunner(store, Counted(), QUICK)
    await runner.request(sid, 0)
    done = await runner.wait(sid, 0)
    assert done is not None and done["decisions"]
    assert all(d["step"] not in away for d in done["decisions"])
    full = review("portas", 2, SEED, play("portas", ["easy", "strong"], SEED), 0)
    assert any(d["step"] in away for d in full["decisions"])  # there were stand-in moves to leave out
    assert [d for d in full["decisions"] if d["step"] not in away] == done["decisions"]
    await store.close()


def _without_user(actions: Any, away: set[int]) -> Any:
    """The store's action rows with no user on the versions in ``away`` (as the AI's stand-in moves are logged)."""

    async def rows(session_id: int) -> list[dict[str, Any]]:
        return [dict(r, user_id=None) if r["version"] in away else r for r in await actions(session_id)]

    return rows
