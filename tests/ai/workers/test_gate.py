"""The AI workers' searches pause while a player's click is handled (bot/core/ai/gate.py).

In-process here (the gate's two sides share one process, a thread standing in
for the worker); tests/ai/workers/test_pool.py checks that a real worker obeys it.
"""

from __future__ import annotations

import itertools
import multiprocessing
import threading
import time
from collections.abc import Iterator

import pytest

from bot.core import ai
from bot.core.ai import Budget, gate, search

from ..helpers import positions, spec


@pytest.fixture
def shared() -> Iterator[gate.ClickGate]:
    """A gate whose workers' side is installed in this process (as a worker's start installs it)."""
    g = gate.ClickGate(multiprocessing.get_context("spawn"))
    before = search.pause_point
    gate.install(*g.worker_args())
    try:
        yield g
    finally:
        search.pause_point = before
        gate._waited_out = 0


def _timed_wait() -> float:
    started = time.perf_counter()
    gate.wait_while_closed()
    return time.perf_counter() - started


def test_held_shuts_the_gate_until_the_last_holder_leaves(shared: gate.ClickGate) -> None:
    (stretch,) = shared.worker_args()
    assert not shared.closed and stretch.value == 0
    with shared.held():
        first = stretch.value
        assert shared.closed and first
        with shared.held():  # two clicks in hand at once
            assert stretch.value == first
        assert shared.closed and stretch.value == first, "one click still in hand"
    assert not shared.closed and stretch.value == 0
    with shared.held():
        assert stretch.value not in (0, first), "a new closed stretch has a new number"


def test_an_exception_in_the_click_opens_the_gate(shared: gate.ClickGate) -> None:
    with pytest.raises(RuntimeError), shared.held():
        raise RuntimeError("the click's handler failed")
    assert not shared.closed and shared.worker_args()[0].value == 0


# Times below tell "did not wait" from "waited out LONGEST_PAUSE", set long enough that a busy machine (CI with
# two test workers) cannot blur the two: no bound here is a speed budget.


def test_an_open_gate_never_waits(shared: gate.ClickGate, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gate, "LONGEST_PAUSE", 1.0)
    assert _timed_wait() < 0.5


def test_a_search_waits_while_the_gate_is_shut_and_goes_on_when_it_opens(
    shared: gate.ClickGate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gate, "LONGEST_PAUSE", 2.0)
    waited: list[float] = []
    with shared.held():
        worker = threading.Thread(target=lambda: waited.append(_timed_wait()))
        worker.start()
        time.sleep(0.03)
        assert not waited, "the search went on while a click was in hand"
    worker.join(3.0)
    assert waited and 0.025 <= waited[0] < 1.0, "woken when the gate opened, not at the longest pause"


def test_a_shut_gate_costs_a_search_one_longest_pause_per_stretch(
    shared: gate.ClickGate, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click stuck on a slow request (or a gate left shut) must not stop the AIs for long."""
    monkeypatch.setattr(gate, "LONGEST_PAUSE", 0.3)
    with shared.held():
        assert _timed_wait() >= 0.29
        assert _timed_wait() < 0.15, "the same stretch: the search goes on"
    with shared.held():
        assert _timed_wait() >= 0.29, "a new stretch: it waits again"


def test_a_new_stretch_begun_while_waiting_gets_a_pause_of_its_own(
    shared: gate.ClickGate, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gate opens and shuts again (the next click) before the worker looks: it waits for the new one too."""
    monkeypatch.setattr(gate, "LONGEST_PAUSE", 0.3)
    waited: list[float] = []
    with shared.held():
        worker = threading.Thread(target=lambda: waited.append(_timed_wait()))
        worker.start()
        time.sleep(0.02)
    with shared.held():  # at once: the worker has not looked since the first click ended
        time.sleep(0.02)
        assert _timed_wait() >= 0.29, "a step in the second stretch waits"
    worker.join(3.0)
    assert waited and waited[0] < 0.29, "the first wait ended with its stretch"


def test_every_rollout_step_passes_the_pause_point(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = itertools.count()
    monkeypatch.setattr(search, "pause_point", lambda: next(steps))
    s = spec("getgem")
    state, seat = next(iter(positions("getgem", 3, [2])))
    rules = s.rules
    report = ai.think(s, rules.view(state, seat), seat, rules.legal(state, seat), 5, Budget(seconds=None, max_sims=12))
    assert report.sims > 0
    assert next(steps) > report.sims, "paused at every step of every rollout, not once a search"
