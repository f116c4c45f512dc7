"""Per-game settings of the strong AI: rollout policy, reward shaping, fast views.

Why per game: the best rollout policy depends on how fast the game's engine
and heuristic are against how much the heuristic knows.  A random rollout is
cheaper per step (about 2x here), so it buys more samples; a heuristic
rollout plays the game the way real opponents do, so each sample says more —
and in GETGEM it is even cheaper, because purposeful players end the game
sooner.  Which wins under a fixed budget was *measured* with
``bench/ai_strength.py --rollout ...`` and is recorded in ``docs/ai.md``:
the heuristic, in all four games.  Eminit also stops its rollouts at a
horizon (see :func:`eminit_horizon`): ~8x more rollouts in the same time,
each with a clearer signal.

Rollout players may read the sampled state in a cheaper form than
``rules.view`` (a *fast view*) only where a test shows the heuristic makes
exactly the same decisions with it (``tests/ai/test_fast.py``).  A
sampled state is never the true state, so this is about speed, not secrecy;
the test keeps the rollout opponents from seeing more than a real player
would all the same, since seeing more would make them a wrong model.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from bot.engine import Action, Result, State, View

from . import fast

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
    """A cheaper stand-in for ``rules.view`` for the heuristic in rollouts (see :mod:`bot.ai.fast`)."""
    fast_policy: Callable[[], Callable[[State, int, list[Action], random.Random], Action]] | None = None
    """A factory (called once per search) for a faster twin of the heuristic: see :mod:`bot.ai.fast`."""
    horizon: Callable[[State, State], bool] | None = None
    """``horizon(previous, current)`` True: stop the rollout here and :meth:`evaluate` instead of
    playing to the end (long games whose moves pay off soon: see :func:`eminit_horizon`)."""
    evaluator: Callable[[State, int], float] | None = None
    """The payoff estimate used at the horizon."""

    def policy(self, rules: Any) -> Callable[[State, int, list[Action], random.Random], Action]:
        """The rollout policy as a function of (sampled state, seat, legal, rng)."""
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout policy {self.rollout!r}")

        def uniform(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
            options = [a for a in legal if a.get("type") not in ("cancel", "back")] or legal
            return options[rng.randrange(len(options))]

        if self.rollout == "random" or self.heuristic is None:
            return uniform
        heuristic = self.heuristic.choose
        fast = self.fast_policy() if self.fast_policy is not None else None
        view_of = self.fast_view or rules.view
        epsilon = self.epsilon if self.rollout == "mixed" else 0.0

        def guided(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
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


# --------------------------------------------------------------------------- horizons


def eminit_horizon(previous: State, state: State) -> bool:
    """Stop an Eminit rollout when a scramble ends (its points are banked).

    An Eminit game is ~200 clicks, but a move pays off within the scramble it
    feeds: a declaration decides who receives this card, a placement which
    cards the next scramble deals out.  Playing on to the end mostly adds the
    noise of later rounds, so a rollout stops once a scramble has ended (a
    gathering move's rollout runs through the next scramble) and scores the
    table as it stands: several times more rollouts, each with a clearer signal.
    """
    return previous["phase"] == "scramble" and state["phase"] != "scramble"


EMINIT_HAND_WORTH: dict[str, float] = {"suck": 1.15, "nullify": 0.73}
"""Future points a card in hand is worth, beyond the banked score (others ~0).

Fitted by least squares on 300 normal-AI games (3 and 4 players, 5,529
end-of-scramble snapshots): final score minus current score against the hand's
contents.  A Suck in hand is worth more than a Gold Coin banked, so an
evaluation of banked points alone would spend Sucks on Gold Coins.
"""
EMINIT_TREASURE_IN_HAND = 0.35
"""Future points per treasure point still in hand (it must be placed, then won back)."""


def eminit_value(state: State, seat: int) -> float:
    """A win estimate in [0, 1] from each seat's expected final score: banked + hand potential.

    The lead blends the margin over the best opponent and over the table
    average; the normal AI's winning margin averages ~3.5 points (of ~12), so
    a 6-point lead is treated as all but decisive.
    """
    from cogs.eminit import cards, core

    options = state["options"]
    expected = []
    for banked, hand in zip(core.scores(state), state["hands"], strict=True):
        potential = 0.0
        for card in hand:
            kind = cards.kind(card)
            potential += EMINIT_HAND_WORTH.get(kind, 0.0) + EMINIT_TREASURE_IN_HAND * cards.points(card, options)
        expected.append(banked + potential)
    mine = expected[seat]
    others = [p for i, p in enumerate(expected) if i != seat]
    lead = math.tanh((0.5 * (mine - max(others)) + 0.5 * (mine - sum(others) / len(others))) / 6.0)
    even = 1.0 / len(expected)  # an even position is worth a fair share, as a terminal draw is
    return even + lead * (1.0 - even) if lead > 0 else even * (1.0 + lead)


# --------------------------------------------------------------------------- the table

_TABLE: dict[str, dict[str, Any]] = {
    # Measured with bench/ai_strength.py (see docs/ai.md).
    "portas": {"rollout": "heuristic", "score_weight": 0.2, "score_scale": 20.0, "fast_policy": fast.portas_factory},
    "promotion": {"rollout": "heuristic", "fast_policy": fast.promotion_factory},
    "eminit": {
        "rollout": "heuristic",
        "score_weight": 0.1,
        "score_scale": 10.0,
        "fast_view": fast.eminit_view,
        "horizon": eminit_horizon,
        "evaluator": eminit_value,
    },
    "getgem": {"rollout": "heuristic", "fast_view": fast.getgem_view},
}


def for_game(game_id: str, heuristic: ModuleType | None, **overrides: Any) -> Tuning:
    """The measured tuning for ``game_id`` (defaults for an unknown game), with overrides.

    The benchmark passes overrides (``rollout="random"``) to compare policies.
    """
    base = Tuning(heuristic=heuristic, **_TABLE.get(game_id, {}))
    return replace(base, **overrides) if overrides else base
