"""Every choice of one decision, estimated by the strong search from the deciding seat's view.

Why not :func:`bot.core.ai.think`: the AI's search drops the weaker half of
its candidates as it goes (sequential halving), so it knows the winner well
and the losers barely — but a review must say what the *chosen* move was worth
too.  Here every candidate is played in every sampled world, with the same
world and random stream for all of them (common random numbers, as in
:mod:`bot.core.ai.search`, whose rollout this reuses), so the difference
between two choices is measured on the same luck.

What it may read is the search's line: the seat's view and its legal list,
never the true state.  Each world is ``rules.determinize(view, seat, …)``; a
review judges a decision from what the player could see then.  Rollouts go to
the end of the game (no horizon estimate): a review's number is the game's
real result, :func:`bot.core.review.judge.standing`; when one other player
moves next, their reply is searched too (:mod:`bot.core.review.replies`).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from bot.core import games
from bot.core.ai import search, tuning
from bot.engine import Action, Result, State, View
from bot.gamefacts import Game

from . import replies
from .judge import judged, standing


@dataclass(frozen=True)
class Effort:
    """How much search one decision gets: ``worlds`` sampled worlds (every choice in each), ``seconds`` at most.

    Whichever ends first stops it; tests give ``seconds=None`` so a review is
    a pure function of (view, legal, seed, effort).
    """

    worlds: int = 64
    seconds: float | None = 0.5

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("a review needs at least one world per decision")


@dataclass(frozen=True)
class _Standing(tuning.Tuning):
    """The game's rollout settings, scored by standing alone (no margin term, no horizon)."""

    def reward(self, result: Result | None, state: State, seat: int) -> float:
        if result is None:
            return 0.0
        return standing(result.winners, result.scores, seat)


def settings(spec: Game) -> tuning.Tuning:
    """The strong AI's rollout policy for ``spec``, played to the end and scored by standing."""
    base = tuning.for_game(spec)
    kept = {f.name: getattr(base, f.name) for f in fields(base)}
    kept.update(horizon=None, evaluator=None, score_weight=0.0)
    return _Standing(**kept)


def values(
    spec: Game,
    view: View,
    seat: int,
    legal: list[Action],
    seed: int,
    effort: Effort,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, list[float | None]]:
    """Each choice's estimated standing for ``seat`` (``means``), and how sure the gap to the best one is (``spread``).

    ``means[i]`` is None for a choice not compared (or that no world could
    play).  ``spread[i]``: the standard error of "best choice minus choice i",
    paired world by world (common random numbers make it small where the
    choices really differ by little).  ``clock`` is CPU time: a worker at idle
    priority that waits for the CPU does not lose its worlds to the wait.
    """
    rules = spec.rules
    rollout = settings(spec)
    policy = rollout.policy(rules)
    compared = judged(legal)
    start = clock()
    worlds = _worlds(rules, view, seat, seed, effort.worlds)
    # Which replies are searched: only where enough worlds show the replier the same thing (replies.MIN_GROUP).
    after = {(w, i): replies.replier(rules, world, seat, legal[i]) for w, (_s, world) in enumerate(worlds)
             for i in compared}
    groups = Counter((i, found[3]) for (_w, i), found in after.items() if found is not None)
    samples: list[dict[int, replies.Outcome]] = []
    for w, (round_seed, world) in enumerate(worlds):
        if effort.seconds is not None and samples and clock() - start >= effort.seconds:
            break
        played = {}
        for i in compared:
            found = after[(w, i)]
            searched = found if found is not None and groups[(i, found[3])] >= replies.MIN_GROUP else None
            outcome = replies.outcome(rules, world, seat, legal[i], round_seed, policy, rollout, searched)
            if outcome is not None:
                played[i] = outcome
        samples.append(played)
    return _summary(len(legal), compared, replies.resolve(samples, compared))


def _worlds(rules: Any, view: View, seat: int, seed: int, count: int) -> list[tuple[int, State]]:
    """``count`` worlds sampled from the view, with their seeds (fewer if the view can hardly be sampled)."""
    seeds = random.Random(seed)
    worlds: list[tuple[int, State]] = []
    failures = 0
    while len(worlds) < count and failures < 50:
        round_seed = seeds.getrandbits(63)
        try:
            worlds.append((round_seed, rules.determinize(view, seat, round_seed)))
        except search._SAMPLE_ERRORS:
            failures += 1
    return worlds


def _summary(k: int, compared: list[int], samples: list[dict[int, float]]) -> dict[str, list[float | None]]:
    """Means per choice and the paired standard error of each one's gap to the best mean."""
    means: list[float | None] = [None] * k
    for i in compared:
        seen = [w[i] for w in samples if i in w]
        if seen:
            means[i] = sum(seen) / len(seen)
    spread: list[float | None] = [None] * k
    scored = [i for i in compared if means[i] is not None]
    if not scored:
        return {"means": means, "spread": spread}
    best = max(scored, key=lambda i: means[i] or 0.0)
    for i in scored:
        gaps = [w[best] - w[i] for w in samples if best in w and i in w]
        n = len(gaps)
        if n < 2:
            spread[i] = 0.5 if i != best else 0.0
            continue
        mean = sum(gaps) / n
        variance = sum((g - mean) ** 2 for g in gaps) / (n - 1)
        spread[i] = (variance / n) ** 0.5
    return {"means": means, "spread": spread}


def job(game: str, view: View, seat: int, legal: list[Action], seed: int, effort: Effort) -> dict[str, Any]:
    """One decision as the JSON a worker is sent: what the seat knew, and the effort (nothing else crosses)."""
    return {"game": game, "view": view, "seat": seat, "legal": legal, "seed": seed,
            "worlds": effort.worlds, "seconds": effort.seconds}


def run_job(payload: dict[str, Any]) -> dict[str, list[float | None]]:
    """:func:`values` of a :func:`job` (in an AI worker: there ``search.pause_point`` pauses for clicks)."""
    spec = games.get(payload["game"])
    effort = Effort(worlds=int(payload["worlds"]), seconds=payload["seconds"])
    return values(spec, payload["view"], int(payload["seat"]), payload["legal"], int(payload["seed"]), effort)
