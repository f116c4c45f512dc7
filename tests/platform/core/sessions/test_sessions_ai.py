"""AI seats (bot.core.sessions.parts.ai_seats): a failed save is tried again; the answer's timing hides the hand.

a transient database failure while an AI committed stopped
that AI for good ("AI 1 is thinking…" forever).  Item 7: the strong AI
searched only when it had more than one choice, so how long it took to
answer a Barrier question told whether it held a Barrier.  The timing tests
run on a fake clock: deterministic, no wall-clock measurement.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.core import ai
from bot.core.games import get
from bot.core.sessions import SessionManager
from bot.core.sessions.parts.ai_seats import THINK_TIME
from bot.core.store import SessionRecord, Store
from bot.engine import Event
from bot.gamefacts import Game
from tests.platform.core.sessions.test_sessions import ALICE, Recorder
from tests.platform.core.sessions.waiting import until


class FakeTime:
    """A monotonic clock that only sleeping (and the fake think below) moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def _hand_dependent_think(clock: FakeTime, per_choice: float = 0.2) -> Any:
    """A think that takes longer the more choices there are (as the real search did: none for one choice)."""

    def think(spec: Game, state: Any, seat: int, level: str, seed: int) -> Any:
        legal = spec.rules.legal(state, seat)
        clock.now += 0.0 if len(legal) == 1 else per_choice * len(legal)
        return ai.choose(spec, state, seat, "easy", seed)

    return think


def _positions(game: str, seats: int) -> tuple[Any, Any]:
    """A (state, seat) with one legal action and one with several, from seeded random play."""
    spec = get(game)
    rng = random.Random(1)
    one = many = None
    state = spec.rules.new(seats, 1, spec.resolve_options(None))
    while one is None or many is None:
        if spec.rules.result(state) is not None:
            state = spec.rules.new(seats, rng.getrandbits(62), spec.resolve_options(None))
        seat = spec.rules.to_act(state)[0]
        legal = spec.rules.legal(state, seat)
        if len(legal) == 1:
            one = one or (state, seat)
        elif len(legal) <= 4:  # inside the strong level's think budget at 0.2 s a choice
            many = many or (state, seat)
        state = spec.rules.apply(state, seat, rng.choice(legal)).state
    return one, many


@pytest.mark.parametrize("level", ["strong", "normal"])
async def test_the_answer_takes_as_long_with_one_choice_as_with_many(tmp_path: Path, level: str) -> None:
    m = SessionManager(await Store.open(tmp_path / "k.sqlite3"), Recorder(), ai_delay=1.0)  # type: ignore[arg-type]
    clock = FakeTime()
    m.ai.monotonic, m.ai.sleep = clock.monotonic, clock.sleep
    m.ai.think = _hand_dependent_think(clock, per_choice=0.2 if level == "strong" else 0.05)
    spec = get("getgem")
    took = []
    for state, seat in _positions("getgem", 3):
        start = clock.now
        await m.ai.answer(spec, state, seat, level, 1)
        took.append(clock.now - start)
    assert took == pytest.approx([1.0 + THINK_TIME.get(level, 0.0)] * 2, abs=1e-9)
    assert THINK_TIME["strong"] == ai.DEFAULT_BUDGET.seconds  # the strong level is padded to its search budget
    await m.store.close()


class Timed(Recorder):
    def __init__(self, clock: FakeTime) -> None:
        super().__init__()
        self.clock = clock
        self.shown: list[float] = []

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        await super().game_changed(record, events, answer)
        self.shown.append(self.clock.now)


async def test_every_ai_move_of_a_game_comes_after_the_same_time(tmp_path: Path) -> None:
    """Through the session's AI task: from each prompt to each committed AI answer, ai_delay + the budget."""
    clock = FakeTime()
    presenter = Timed(clock)
    m = SessionManager(await Store.open(tmp_path / "k.sqlite3"), presenter, ai_delay=1.0, seed=2)  # type: ignore[arg-type]
    m.ai.monotonic, m.ai.sleep = clock.monotonic, clock.sleep
    m.ai.think = _hand_dependent_think(clock, per_choice=0.05)
    record = await m.new_lobby("getgem", guild_id=1, channel_id=10, host=ALICE, locale="en")
    await m.add_ai(record.id, ALICE, "strong")
    await m.add_ai(record.id, ALICE, "strong")
    await m.start(record.id, ALICE)
    gaps = []
    for _ in range(30):
        await until(lambda: record.status != "active" or 0 in m.spec(record).rules.to_act(record.state))
        if record.status != "active":
            break
        shown = len(presenter.shown)
        await m.act(record.id, ALICE.user_id, m.prompt_version(record, 0), 0)
        await until(lambda: record.status != "active" or 0 in m.spec(record).rules.to_act(record.state))
        times = presenter.shown[shown:]
        gaps += [b - a for a, b in itertools.pairwise(times)]
    assert len(gaps) >= 8
    assert gaps == pytest.approx([1.0 + THINK_TIME["strong"]] * len(gaps), abs=1e-9)
    await m.close()
    await m.store.close()


async def test_an_ai_move_whose_save_fails_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = SessionManager(await Store.open(tmp_path / "k.sqlite3"), Recorder(), ai_delay=0, retry_delay=0.05)  # type: ignore[arg-type]
    record = await m.new_lobby("portas", guild_id=1, channel_id=10, host=ALICE, locale="en")
    await m.add_ai(record.id, ALICE, "easy")
    real_commit = m.store.commit_action
    failures: list[int] = []

    async def ai_commit_failing_once(record: SessionRecord, **kwargs: Any) -> None:
        if kwargs["user_id"] is None and not failures:
            failures.append(record.version)
            raise sqlite3.OperationalError("database is locked")
        await real_commit(record, **kwargs)

    monkeypatch.setattr(m.store, "commit_action", ai_commit_failing_once)
    await m.start(record.id, ALICE)
    for _ in range(20):  # play until the AI has had a move, and one of its saves failed
        await until(lambda: record.status != "active" or 0 in m.spec(record).rules.to_act(record.state))
        if failures or record.status != "active":
            break
        await m.act(record.id, ALICE.user_id, m.prompt_version(record, 0), 0)
    assert failures
    await until(lambda: record.version >= failures[0] and (record.status != "active"
                                                            or 0 in m.spec(record).rules.to_act(record.state)))
    actions = await m.store.actions(record.id)
    assert len(actions) == record.version and actions[failures[0] - 1]["user_id"] is None  # the AI's move, saved
    await m.close()
    await m.store.close()
