"""Settings of the strong AI per game: rollout policy, reward shaping, fast views.

The settings themselves live in each game's package (``cogs/<game>/rollout.py``,
``TUNING``, loaded into its ``Game`` by :mod:`bot.core.games`), beside the
heuristic their fast paths must match: this module knows no game.

Why per game: the best rollout policy depends on how fast the game's engine
and heuristic are against how much the heuristic knows.  A random rollout is
cheaper per step (about 2x here), so it buys more samples; a heuristic
rollout plays the game the way real opponents do, so each sample says more —
and in GETGEM it is even cheaper, because purposeful players end the game
sooner.  Which wins under a fixed budget was *measured* with
``bench/ai/strength.py --rollout ...`` and is recorded in ``docs/ai.md``:
the heuristic, in all four games.  Eminit also stops its rollouts at a
horizon (``horizon`` in its ``rollout.py``): ~8x more rollouts in the same time,
each with a clearer signal.

Rollout players may read the sampled state in a cheaper form than
``rules.view`` (a *fast view*) only where a test shows the heuristic makes
exactly the same decisions with it (``tests/ai/test_fast.py``).  A
sampled state is never the true state, so this is about speed, not secrecy;
the test keeps the rollout opponents from seeing more than a real player
would all the same, since seeing more would make them a wrong model.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from bot.engine import Action, Result, State, View
from bot.gamefacts import Game

ROLLOUTS = ("random", "heuristic", "mixed")
"""``mixed``: the heuristic, with an ``epsilon`` share of uniformly random moves."""


@dataclass(frozen=True)
class Tuning:
    """How the strong AI plays one game's rollouts and scores their ends.

    ``score_weight`` adds ``weight * clamp((mine - best other) / score_scale)``
    to the win share, so among moves that all win (or all lose) in every
    sample, the one with the better margin is preferred — a human-like way to
    keep playing well in decided positions, and a signal when few samples
    separate moves by wins alone.
    """

    rollout: str = "heuristic"
    epsilon: float = 0.1
    score_weight: float = 0.0
    score_scale: float = 1.0
    max_rollout_steps: int = 3000
    heuristic: ModuleType | None = None
    fast_view: Callable[[State, int], View] | None = None
    """A cheaper stand-in for ``rules.view`` for the heuristic in rollouts (a game's ``rollout.py``)."""
    fast_policy: Callable[[], Callable[[State, int, list[Action], random.Random], Action]] | None = None
    """A factory (called once per search) for a faster twin of the heuristic (a game's ``rollout.py``)."""
    horizon: Callable[[State, State], bool] | None = None
    """``horizon(previous, current)`` True: stop the rollout here and :meth:`evaluate` instead of
    playing to the end (long games whose moves pay off soon: Eminit's ``rollout.horizon``)."""
    evaluator: Callable[[State, int], float] | None = None
    """The payoff estimate used at the horizon."""

    def policy(self, rules: Any) -> Callable[[State, int, list[Action], random.Random], Action]:
        """The rollout policy as a function of (sampled state, seat, legal, rng)."""
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout policy {self.rollout!r}")

        def uniform(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
            """A random legal action, leaving out 'cancel'/'back' (backing out of a
            multi-part move only spends the rollout's steps)."""
            options = [a for a in legal if a.get("type") not in ("cancel", "back")] or legal
            return options[rng.randrange(len(options))]

        if self.rollout == "random" or self.heuristic is None:
            return uniform
        heuristic = self.heuristic.choose
        fast = self.fast_policy() if self.fast_policy is not None else None
        view_of = self.fast_view or rules.view
        epsilon = self.epsilon if self.rollout == "mixed" else 0.0

        def guided(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
            """The game's heuristic (or its fast twin), with an ``epsilon`` share of random moves in a mixed rollout."""
            if epsilon and rng.random() < epsilon:
                return uniform(state, seat, legal, rng)
            if fast is not None:
                return fast(state, seat, legal, rng)
            action = heuristic(view_of(state, seat), seat, legal, rng)
            return action if action in legal else uniform(state, seat, legal, rng)

        return guided

    def reward(self, result: Result | None, state: State, seat: int) -> float:
        """The seat's payoff for a finished rollout: win share in [0, 1] plus the margin term."""
        if result is None:
            return 0.0
        n = len(result.scores) or 1
        if not result.winners:
            value = 1.0 / n
        elif seat in result.winners:
            value = 1.0 / len(result.winners)
        else:
            value = 0.0
        if self.score_weight and len(result.scores) > 1:
            mine = result.scores[seat]
            best_other = max(s for i, s in enumerate(result.scores) if i != seat)
            margin = max(-1.0, min(1.0, (mine - best_other) / self.score_scale))
            value += self.score_weight * margin
        return value

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's estimated payoff where a rollout stops at the ``horizon`` (same scale as :meth:`reward`)."""
        if self.evaluator is None:
            raise ValueError("a horizon needs an evaluator")
        return self.evaluator(state, seat)


def for_game(spec: Game, **overrides: Any) -> Tuning:
    """The measured tuning of a game (``TUNING`` in its ``rollout.py``; defaults without one), with overrides.

    The benchmark passes overrides (``rollout="random"``) to compare policies.
    """
    base = Tuning(heuristic=spec.ai, **spec.tuning)
    return replace(base, **overrides) if overrides else base
