"""Reviews that are right: known blunders found, strong play called good, weaker levels blamed more.

Small fixed samples (a few seconds of CPU); bigger ones are ``bench/ai/review.py``'s.
"""

from __future__ import annotations

import json
import os
from typing import Any

from bot.core import ai, games
from bot.core.ai import Budget
from bot.core.review import decisions, score
from bot.core.review.score import Effort
from bot.engine import State
from tests.gamekit import ids, table_size
from tests.review.games import QUICK, play, review

PORTAS = games.get("portas")
SEEDS = range(int(os.environ.get("KADO_REVIEW_SEEDS", 4)))
"""Seeded games per level: a fixed set, small enough for the suite (``bench/ai/review.py`` has the big samples)."""
STRONG = Budget(seconds=None, max_sims=150)
"""The strong players' think budget in these games (rollouts only: the same games on any machine)."""


def _exact(state: State, seat: int, memo: dict[str, float]) -> float:
    """The exact result for ``seat`` of a PORTAS position with nothing hidden (decks empty), by exhaustive search."""
    rules = PORTAS.rules
    result = rules.result(state)
    if result is not None:
        return 1.0 if list(result.winners) == [seat] else 0.5 if len(result.winners) != 1 else 0.0
    key = json.dumps([state["hands"], state["open"], state["scores"], state["turn"], state["passes"],
                      [len(t) for t in state["taken"]], state["last_taker"]])
    if key not in memo:
        mover = rules.to_act(state)[0]
        values = [_exact(rules.apply(state, mover, a).state, seat, memo) for a in rules.legal(state, mover)]
        memo[key] = max(values) if mover == seat else min(values)
    return memo[key]


def _endgames(seeds: range) -> list[tuple[State, int, list[Any], list[float]]]:
    """PORTAS endgames (from normal-level games, decks emptied) where one choice wins and another loses, exactly."""
    rules = PORTAS.rules
    found = []
    for seed in seeds:
        state = rules.new(2, seed, {})
        step = 0
        while rules.result(state) is None:
            seat = rules.to_act(state)[0]
            if step >= 10 and step % 3 == 0:
                end = dict(state, decks=[[], []], treasure_deck=[])
                legal = rules.legal(end, seat)
                if len(legal) > 1:
                    exact = [_exact(rules.apply(end, seat, a).state, seat, {}) for a in legal]
                    if max(exact) == 1.0 and min(exact) == 0.0:
                        found.append((end, seat, legal, exact))
            state = rules.apply(state, seat, ai.choose(PORTAS, state, seat, "normal", seed * 31 + step)).state
            step += 1
    return found


def test_portas_endgames_solved_exactly_the_review_finds_the_known_blunder() -> None:
    endgames = _endgames(range(40))
    assert len(endgames) >= 30
    found = 0
    for k, (end, seat, legal, exact) in enumerate(endgames):
        view = PORTAS.rules.view(end, seat)
        played = exact.index(0.0)  # the player chose a losing move where a winning one existed
        estimate = score.values(PORTAS, view, seat, legal, 1_000 + k, Effort(worlds=4, seconds=None))
        (judged,) = decisions.assemble([decisions.Decision(1, view, legal, played)], [estimate])["decisions"]
        found += judged["label"] in ("mistake", "blunder") and exact[judged["best"]] == 1.0
    assert found >= 0.9 * len(endgames), (found, len(endgames))


def _rate(levels: list[str], seeds: range, seats: tuple[int, ...], effort: Effort = QUICK) -> tuple[int, int, int]:
    """(decisions, best-or-good, mistakes-or-blunders) of ``seats`` over seeded PORTAS games."""
    total = fine = bad = 0
    for seed in seeds:
        log = play("portas", levels, seed, STRONG)
        for seat in seats:
            counted = decisions.counts(review("portas", 2, seed, log, seat, effort))
            total += sum(counted.values())
            fine += counted["best"] + counted["good"]
            bad += counted["mistake"] + counted["blunder"]
    return total, fine, bad


def test_strong_against_strong_is_best_or_good_nine_times_in_ten() -> None:
    total, fine, _ = _rate(["strong", "strong"], range(2), (0, 1), Effort(worlds=16, seconds=None))
    assert total >= 30
    assert fine >= 0.9 * total, (fine, total)


def test_easy_errs_more_than_normal_and_normal_more_than_strong() -> None:
    rates = {}
    for level in ("easy", "normal", "strong"):  # each level against the normal one, from the same deals
        total, _, bad = _rate([level, "normal"], SEEDS, (0,))
        rates[level] = bad / total
    assert rates["easy"] > rates["normal"] > rates["strong"], rates


def test_the_scorer_is_given_only_the_view() -> None:
    """Two true states with the same view but other hidden cards get the same scores (the hidden truth is unused)."""
    from tests.ai.helpers import positions

    checked = 0
    for game, seats in ((game, table_size(game)) for game in ids()):
        spec = games.get(game)
        rules = spec.rules
        for k, (state, seat) in enumerate(positions(game, seats, range(1), every=7)):
            if k >= 2:
                break
            twin = rules.determinize(rules.view(state, seat), seat, 99 + k)
            assert rules.view(twin, seat) == rules.view(state, seat)
            per_truth = []
            for truth in (state, twin):
                legal = rules.legal(truth, seat)
                found = decisions.decisions(spec, _steps(spec, truth, seat, legal[-1]), seat)
                per_truth.append([score.values(spec, d.view, seat, d.legal, 5, Effort(worlds=3, seconds=None))
                                  for d in found])
            assert per_truth[0] == per_truth[1]
            checked += 1
    assert checked == 8


def _steps(spec: Any, state: State, seat: int, action: Any) -> list[Any]:
    """A two-step replay: ``state``, then ``seat`` playing ``action`` (what :func:`decisions.decisions` reads)."""
    from bot.core.replay import Step

    after = spec.rules.apply(state, seat, action).state
    return [Step(0, state), Step(1, after, seat, action)]
