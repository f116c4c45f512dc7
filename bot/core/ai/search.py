"""The strong level: determinized Monte Carlo search over the seat's information set.

Why this algorithm
------------------
All four games hide cards, so a search over the *true* state would cheat and a
search over one guessed state would trust its guess.  The strong AI instead
repeats, for every simulation round:

1. **sample a world**: ``rules.determinize(view, seat, round_seed)`` deals the
   cards this seat cannot see at random, consistent with everything its view
   shows (deck orders in PORTAS, other hands in GETGEM and Eminit, the others'
   secret row picks in Promotion);
2. **try every surviving candidate action** in that same world and play the
   game out with a rollout policy (the game's normal heuristic, random, or a
   mix: :mod:`bot.core.ai.tuning` says which, per game, as measured by
   ``bench/ai/strength.py``);
3. score the finished game for this seat (win share, plus a small score-margin
   term for games with points, so clearly-won or clearly-lost positions still
   rank moves).

Every candidate in a round sees the same world and the same rollout random
stream (*common random numbers*), so the comparison between two moves is not
drowned by the luck of the deal — that is what makes a few hundred rollouts
enough.  Candidates are pruned by **sequential halving**: the budget is split
into ``ceil(log2 k)`` phases and after each phase the worse half is dropped,
so the rollouts go where the decision is close.  Final choice: the best mean
among the survivors; ties go to the normal heuristic's move.

Simultaneous moves need nothing special: the sampled world holds the other
seats' hidden picks/declarations drawn at random, seats that have not acted
yet act in the rollout through the policy, and the policy only ever reads
``rules.view`` of the seat it moves for, so no rollout player sees a pick it
could not see.  Out-of-turn reactions (GETGEM's Barrier, Eminit's
declarations) are just decisions whose ``legal`` list comes from that prompt.

The root only ever gets the seat's ``view`` and ``legal`` list (see
:func:`bot.core.ai.choose`), never the true state: that is the no-peeking
guarantee, and ``tests/ai/test_no_peeking.py`` checks it per game.

Determinism: rounds are seeded from ``seed`` alone, so with a simulation
count budget the choice is a pure function of (view, legal, seed, budget).
A wall-clock limit only decides *how many* of those same rounds run.

Think time is time the search ran: in an AI worker its rollouts pause while a
player's click is handled (:mod:`bot.core.ai.gate`), and up to
``Budget.extend`` seconds of those pauses do not count against
``Budget.seconds`` (:func:`think_time_spent`).  Without it back-to-back clicks
cut a search to the few milliseconds between them.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Action, RuleError, State, View

from .tuning import Tuning

BACKTRACK_TYPES = frozenset({"cancel", "back"})
"""Actions that undo a sub-step.  The search never picks them at the root: it
chose to enter the sub-step on purpose, and picking "cancel" there could make
it re-enter and cancel forever.  Rollouts skip them too (pure wasted steps)."""


_SAMPLE_ERRORS = (RuleError, ValueError, KeyError, IndexError)
"""What a sampled world may raise (an engine rejecting an implausible deal, a
heuristic tripping over one).  Such a sample is dropped: one odd world must
not cost the AI its move, and a seat's turn must never stall on it."""


@dataclass(frozen=True)
class Budget:
    """How long the strong AI may think about one move.

    ``max_sims`` counts rollouts (one candidate played out in one sampled
    world); ``seconds`` is a wall-clock limit.  Whichever runs out first stops
    the search.  Tests use ``seconds=None`` so results never depend on machine
    speed; the bot uses a time limit (plus a sim cap so fast games stop early).

    ``extend``: seconds of pausing at the gate (a player's click in hand,
    :mod:`bot.core.ai.gate`) that do not count as think time, so the search's
    wall-clock time is at most ``seconds + extend``: the hard bound.  The AI
    pool sets it (:mod:`bot.core.ai.pool`: one think time, cut so the search
    still ends before its answer is due); 0 elsewhere, where nothing pauses.
    """

    seconds: float | None = 1.0
    max_sims: int | None = None
    extend: float = 0.0

    def __post_init__(self) -> None:
        if self.seconds is None and self.max_sims is None:
            raise ValueError("a budget needs seconds, max_sims or both")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("seconds must be positive")
        if self.max_sims is not None and self.max_sims < 1:
            raise ValueError("max_sims must be at least 1")
        if self.extend < 0:
            raise ValueError("extend must not be negative")


def think_time_spent(elapsed: float, paused: float, extend: float) -> float:
    """The think time a search has used: its wall-clock time less its pauses at the gate, of which ``extend`` at most.

    Why a bound: a search must answer even if clicks never stop (or the gate
    is left shut), so a search that has paused ``extend`` seconds counts
    every further second, paused or not (in a worker the gate then stops
    pausing it: :func:`bot.core.ai.gate.allowing`).  With the gate open
    (``paused`` 0) this is the wall-clock time, as before pauses counted.
    """
    return elapsed - min(max(paused, 0.0), extend)


def _go_on() -> None:
    """The default pause point: never pauses."""


pause_point: Callable[[], None] = _go_on
"""Called at every step of a rollout.  In an AI worker it waits while a player's click is handled
(:mod:`bot.core.ai.gate`); elsewhere (a thread, tests, benchmarks) it does nothing."""


def _never_paused(extend: float) -> AbstractContextManager[Callable[[], float]]:
    """The default around a search: nothing pauses it, so it paused 0 s."""
    return contextlib.nullcontext(lambda: 0.0)


pausing: Callable[[float], AbstractContextManager[Callable[[], float]]] = _never_paused
"""Entered around each search with its ``Budget.extend``: the search may spend that long paused at
:data:`pause_point` in all; yields a function giving the seconds it has paused so far
(:func:`bot.core.ai.gate.allowing` in an AI worker)."""


DEFAULT_BUDGET = Budget(seconds=0.9, max_sims=6000)
"""The bot's think time per move: under a second (docs/ai.md's budget), capped in rollouts so
games with fast engines answer sooner."""


@dataclass
class SearchReport:
    """What one search did (for the benchmark and for tests that check determinism)."""

    action: Action
    sims: int = 0
    rounds: int = 0
    means: dict[int, float] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)
    candidates: list[Action] = field(default_factory=list)


Policy = Callable[[State, int, list[Action], random.Random], Action]
"""A rollout policy: (sampled state, seat to move, its legal actions, rng) -> action."""


def search(
    rules: Any,
    view: View,
    seat: int,
    legal: list[Action],
    seed: int,
    budget: Budget,
    tuning: Tuning,
    prior: Action | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchReport:
    """Choose among ``legal`` for ``seat`` from its ``view`` (see module docstring).

    ``prior`` (the normal heuristic's move) breaks ties and is the answer if no
    sampled world could be played (a determinization the engine rejected).
    """
    candidates = [a for a in legal if a.get("type") not in BACKTRACK_TYPES] or list(legal)
    fallback = prior if prior in candidates else candidates[0]
    report = SearchReport(action=fallback, candidates=candidates)
    if len(candidates) == 1:
        report.action = candidates[0]
        return report
    k = len(candidates)
    totals = [0.0] * k
    counts = [0] * k
    alive = list(range(k))
    if prior in candidates:  # the prior first: it wins ties and gets evaluated even if time runs out mid-round
        first = candidates.index(prior)
        alive.remove(first)
        alive.insert(0, first)
    phases = max(1, math.ceil(math.log2(k)))
    phase = 0
    seeds = random.Random(seed)
    start = clock()
    sims = rounds = failures = 0
    policy = tuning.policy(rules)

    extend = budget.extend if budget.seconds is not None else 0.0
    paused: Callable[[], float]  # seconds paused at the gate so far (bound below, around the rounds)

    def progress() -> float:
        """The share of the budget spent: of the rollouts, or of the think time, whichever is further along."""
        done = 0.0
        if budget.max_sims is not None:
            done = sims / budget.max_sims
        if budget.seconds is not None:
            done = max(done, think_time_spent(clock() - start, paused(), extend) / budget.seconds)
        return done

    def mean(i: int) -> float:
        """Action ``i``'s mean payoff so far; an action never tried ranks last."""
        return totals[i] / counts[i] if counts[i] else -math.inf

    with pausing(extend) as paused:  # in a worker: the gate pauses the rollouts for clicks, extend s at most
        out_of_budget = False
        while not out_of_budget and len(alive) > 1:
            round_seed = seeds.getrandbits(63)
            try:
                world = rules.determinize(view, seat, round_seed)
            except _SAMPLE_ERRORS:
                failures += 1
                if (failures > 20 and sims == 0) or failures > 200:
                    break  # this view cannot be sampled (reliably): fall back to the heuristic
                continue
            rounds += 1
            for i in alive:
                value = _simulate(rules, world, seat, candidates[i], round_seed, policy, tuning)
                sims += 1
                if value is not None:
                    totals[i] += value
                    counts[i] += 1
                if progress() >= 1.0:
                    out_of_budget = True
                    break
            if not out_of_budget and progress() >= (phase + 1) / phases:
                phase += 1
                # Stable sort: on equal means the earlier (prior-first) candidate survives.
                ranked = sorted(alive, key=mean, reverse=True)
                alive = ranked[: max(1, math.ceil(len(alive) / 2))]
    scored = [i for i in alive if counts[i]]
    if scored:
        best = max(scored, key=lambda i: (mean(i), i == candidates.index(fallback)))
        report.action = candidates[best]
    report.sims, report.rounds = sims, rounds
    report.means = {i: mean(i) for i in range(k) if counts[i]}
    report.visits = {i: counts[i] for i in range(k)}
    return report


def _simulate(
    rules: Any, world: State, seat: int, action: Action, rng_seed: int, policy: Policy, tuning: Tuning
) -> float | None:
    """Play ``action`` in ``world`` then roll out; the seat's reward, or None if the world broke.

    A sampled world can be one the engine rejects (a determinization that
    cannot support the move); that sample is simply not counted.  A rollout
    longer than ``max_rollout_steps`` is not counted either (no game here
    comes near it; it only guards against a policy that never ends a game).
    """
    rng = random.Random(rng_seed)  # same stream for every candidate of the round
    horizon = tuning.horizon
    pause = pause_point
    try:
        state = rules.apply(world, seat, action).state
        steps = 0
        result = rules.result(state)
        while result is None:
            if steps >= tuning.max_rollout_steps:
                return None
            pause()
            acting = rules.to_act(state)
            if not acting:
                return None
            mover = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
            options = rules.legal(state, mover)
            if not options:
                return None
            choice = policy(state, mover, options, rng) if len(options) > 1 else options[0]
            previous, state = state, rules.apply(state, mover, choice).state
            steps += 1
            result = rules.result(state)
            if result is None and horizon is not None and horizon(previous, state):
                return tuning.evaluate(state, seat)
    except _SAMPLE_ERRORS:
        return None
    return tuning.reward(result, state, seat)
