"""A strong search's think time counts only the time it ran: its pauses for clicks push its end back, to a bound.

back-to-back clicks paused the AI workers' searches (bot/core/ai/gate.py) and the pauses came out
of their 0.9 s, so they answered from a fraction of their rollouts.  Every clock here is the test's own (no
assertion on the wall clock): the arithmetic (search.think_time_spent, worker.budget_for), the search's loop
with a clock and pauses injected, and the gate's wait on a clock whose sleep moves it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections.abc import Callable, Iterator

import pytest

from bot.core import ai
from bot.core.ai import Budget, gate, pool, search, worker

from ..helpers import positions, spec

# -- the arithmetic ----------------------------------------------------------------------------------------------


def test_an_open_gate_changes_nothing() -> None:
    assert search.think_time_spent(0.7, 0.0, 0.9) == 0.7
    assert search.think_time_spent(0.7, 0.0, 0.0) == 0.7


def test_paused_time_is_not_think_time() -> None:
    assert search.think_time_spent(1.0, 0.4, 0.9) == pytest.approx(0.6)


def test_the_extension_stops_at_its_bound() -> None:
    """Past ``extend`` seconds of pauses every second counts: a search paused for good still ends."""
    assert search.think_time_spent(2.0, 1.5, 0.9) == pytest.approx(1.1)
    assert search.think_time_spent(2.0, 1.5, 0.0) == 2.0


def test_a_budget_rejects_a_negative_extension() -> None:
    with pytest.raises(ValueError, match="extend"):
        Budget(seconds=0.9, extend=-0.1)


def test_the_job_may_be_lengthened_one_think_time_within_its_deadline() -> None:
    """worker.budget_for: the think time, then the extension, both cut at the deadline (``due - MARGIN``)."""
    now, slack = 100.0, worker.SLACK
    roomy = worker.budget_for(0.9, 6000, now + 0.9 + 0.9 + slack + 0.1, extend=0.9, now=now)
    assert (roomy.seconds, roomy.extend, roomy.max_sims) == (0.9, 0.9, 6000)
    default = worker.budget_for(0.9, 6000, now + 1.85, extend=0.9, now=now)  # ai_delay 1 s: due - MARGIN
    assert default.seconds == 0.9 and default.extend == pytest.approx(0.95 - slack)
    tight = worker.budget_for(0.9, 6000, now + 1.5, extend=0.9, now=now)  # a shorter visible pause
    assert tight.seconds == 0.9 and tight.extend == pytest.approx(0.6 - slack)
    assert tight.seconds + tight.extend <= 1.5 - slack + 1e-9, "ends before its deadline, pauses forgiven or not"
    assert worker.budget_for(0.9, 6000, now + 0.9 + slack, extend=0.9, now=now).extend < 1e-9, "no room"
    none_left = worker.budget_for(0.9, 6000, now + 0.5, extend=0.9, now=now)  # queued: less than a think time left
    assert none_left.seconds == pytest.approx(0.5) and none_left.extend == 0.0
    assert worker.budget_for(0.9, 6000, None, extend=0.9).extend == 0.9
    assert worker.budget_for(None, 50, None, extend=0.9) == Budget(seconds=None, max_sims=50)


def test_the_pool_asks_for_one_think_time_more_at_most() -> None:
    """The bound the docs state: twice the think time on the wall clock (pool.EXTEND)."""
    assert pool.EXTEND == 1.0
    job = worker.encode("portas", {}, 0, [], "strong", 1, Budget(0.9, 6000, extend=0.9), 123.0)
    assert '"extend":0.9' in job


# -- the search's loop, on a clock of the test's ------------------------------------------------------------------


class Clock:
    """The search's clock: each read, ``tick`` seconds of rollouts, then ``pause_per_tick`` seconds paused for
    clicks, as the gate pauses a search: while its extension lasts (``forgive_only``: pausing on past it, as
    the gate did before the extension)."""

    def __init__(self, tick: float, pause_per_tick: float, *, forgive_only: bool = False) -> None:
        self.now = 0.0
        self.tick = tick
        self.pause_per_tick = pause_per_tick
        self.forgive_only = forgive_only
        self.paused = 0.0
        self.left = 0.0  # no pausing before the search hands over its extension
        self.extend: float | None = None

    def __call__(self) -> float:
        self.now += self.tick
        pause = min(self.pause_per_tick, self.left)
        if self.forgive_only and self.extend is not None:
            pause = self.pause_per_tick
        self.now += pause
        self.paused += pause
        self.left -= pause
        return self.now

    @contextlib.contextmanager
    def pausing(self, extend: float) -> Iterator[Callable[[], float]]:
        self.extend, self.left, self.paused = extend, extend, 0.0
        yield lambda: self.paused


def _search(budget: Budget, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> search.SearchReport:
    monkeypatch.setattr(search, "pausing", clock.pausing)
    s = spec("getgem")
    state, seat = next(iter(positions("getgem", 3, [2])))
    rules = s.rules
    view, legal = rules.view(state, seat), rules.legal(state, seat)
    settings = ai.tuning.for_game(s)
    return search.search(rules, view, seat, legal, 7, budget, settings, clock=clock)


def test_a_paused_search_runs_as_many_rollouts_as_an_idle_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clicks hold the gate 5/6 of the time (10 ms of every 12): with the extension, the idle count of rollouts."""
    idle = _search(Budget(seconds=1.0, extend=1.0), Clock(0.01, 0.0), monkeypatch)
    assert idle.sims > 20
    busy_clock = Clock(0.01, 0.05)
    busy = _search(Budget(seconds=1.0, extend=1.0), busy_clock, monkeypatch)
    assert busy_clock.extend == 1.0, "the search handed its extension to the gate"
    assert busy.sims == idle.sims
    assert busy_clock.now == pytest.approx(0.01 + 2.0, abs=0.015), "ended at the bound: think time + extension"


def test_without_the_extension_pauses_cost_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the extension is for: pauses counted as think time leave a sixth of the rollouts."""
    idle = _search(Budget(seconds=1.0), Clock(0.01, 0.0), monkeypatch)
    busy = _search(Budget(seconds=1.0), Clock(0.01, 0.05, forgive_only=True), monkeypatch)
    assert busy.sims < idle.sims / 4


def test_the_search_ends_at_the_hard_bound_if_the_pauses_never_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gate left shut: the search pauses its whole extension, then thinks its time, and answers."""
    clock = Clock(0.01, 10.0, forgive_only=True)  # pauses of 10 s at every step, never made up past the bound
    report = _search(Budget(seconds=0.5, extend=0.3), clock, monkeypatch)
    assert report.sims >= 1
    assert clock.now <= 0.5 + 0.3 + 10.0 + 0.02, "one step past the bound at most"
    gated = Clock(0.01, 10.0)  # as the gate does: it stops pausing at the extension
    _search(Budget(seconds=0.5, extend=0.3), gated, monkeypatch)
    assert gated.now == pytest.approx(0.01 + 0.8, abs=0.015)


def test_an_open_gate_leaves_the_search_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pauses: the extension changes neither the rollouts run nor the choice (same seed, same clock)."""
    plain = _search(Budget(seconds=0.6), Clock(0.01, 0.0), monkeypatch)
    extended = _search(Budget(seconds=0.6, extend=0.6), Clock(0.01, 0.0), monkeypatch)
    assert (extended.sims, extended.action, extended.means) == (plain.sims, plain.action, plain.means)


# -- the gate's wait, on a clock whose sleep moves it ------------------------------------------------------------


class SleepClock:
    """``gate.clock``/``gate.sleep`` for a test: sleeping moves the clock; the click ends (gate opens) at ``opens``."""

    def __init__(self, stretch: object, opens: float) -> None:
        self.now = 0.0
        self.stretch = stretch
        self.opens = opens

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        if self.now >= self.opens:
            self.stretch.value = 0  # type: ignore[attr-defined]


@pytest.fixture
def shut(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[gate.ClickGate, Callable[[float], SleepClock]]]:
    """A gate installed in this process (as in a worker), and a maker of clocks that open it at a given time."""
    g = gate.ClickGate(multiprocessing.get_context("spawn"))
    monkeypatch.setattr(search, "pause_point", search.pause_point)
    monkeypatch.setattr(search, "pausing", search.pausing)
    monkeypatch.setattr(gate, "_waited_out", 0)
    gate.install(*g.worker_args())

    def clock_opening_at(opens: float) -> SleepClock:
        c = SleepClock(g.worker_args()[0], opens)
        monkeypatch.setattr(gate, "clock", c.clock)
        monkeypatch.setattr(gate, "sleep", c.sleep)
        return c

    yield g, clock_opening_at


def test_the_gate_counts_a_searchs_pauses(shut: tuple[gate.ClickGate, Callable[[float], SleepClock]]) -> None:
    g, clock_opening_at = shut
    assert search.pausing is gate.allowing, "a worker's searches hand their extension to the gate"
    with gate.allowing(0.9) as paused:
        gate.wait_while_closed()  # open: no wait
        assert paused() == 0.0
        c = clock_opening_at(0.01)
        with g.held():
            gate.wait_while_closed()  # waits until the click ends
        assert paused() == pytest.approx(0.01, abs=gate.POLL)
        c.opens = c.now + 0.02
        with g.held():
            gate.wait_while_closed()
        assert paused() == pytest.approx(0.03, abs=2 * gate.POLL), "every pause of the search adds up"


def test_the_gate_stops_pausing_a_search_at_its_extension(
    shut: tuple[gate.ClickGate, Callable[[float], SleepClock]],
) -> None:
    """Back-to-back clicks: the search pauses ``extend`` seconds in all, then runs beside them (never starved)."""
    g, clock_opening_at = shut
    c = clock_opening_at(opens=1e9)  # clicks that never end
    with gate.allowing(0.05) as paused:
        with g.held():
            gate.wait_while_closed()
        assert paused() == pytest.approx(0.05, abs=gate.POLL)
        for _ in range(3):  # new clicks, new closed stretches: no more pausing
            with g.held():
                before = c.now
                gate.wait_while_closed()
                assert c.now == before, "paused past its extension"
    with g.held():  # outside a search (and for the next one) the gate pauses again, LONGEST_PAUSE at most
        before = c.now
        gate.wait_while_closed()
        assert c.now - before == pytest.approx(gate.LONGEST_PAUSE, abs=gate.POLL)


# -- in a real worker ---------------------------------------------------------------------------------------------


def _installed_in_worker() -> bool:
    return search.pausing is gate.allowing and search.pause_point is gate.wait_while_closed


async def test_a_workers_searches_make_up_for_their_pauses(one_worker: pool.ThinkPool) -> None:
    assert await one_worker.run(_installed_in_worker)
