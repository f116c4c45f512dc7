"""Eminit's Treasure rollouts for the strong AI: a cheap view, a horizon and an evaluation.

An Eminit game is long (~200 clicks), so the strong AI's rollouts stop when a
scramble ends (:func:`horizon`) and score the table there (:func:`value`);
the heuristic (:mod:`.ai`) reads a cheaper view in rollouts
(:func:`fast_view`, the same masking as the real view: ``tests/ai/test_fast.py``
checks it decides the same).  All of it lives in the game's package, beside
the heuristic it serves; :mod:`bot.core.games` loads ``TUNING`` into the game's
``Game``, and :mod:`bot.core.ai` stays free of any game's knowledge.
"""

from __future__ import annotations

import math

from bot.engine import State, View

from . import cards
from .rules.state import scores


def fast_view(state: State, seat: int) -> View:
    """The parts of ``rules.view`` the Eminit heuristic reads.

    Field faces are shown only where ``seat`` is among the cards' ``known``
    seats, and of the contest only what the real view shows (flipped card,
    flipper, this seat's own answer) — the same masking as the real view,
    minus its copies of the log and the rest of the table.
    """
    contest = state["contest"]
    contest_view = None
    if contest is not None:
        mine = contest["answers"][seat]
        contest_view = {
            "flipper": contest["flipper"],
            "card": contest["card"],
            "slot": contest["slot"],
            "mine": dict(mine) if mine is not None else None,
        }
    return {
        "n": state["n"],
        "seat": seat,
        "options": state["options"],
        "step": state["step"],
        "hand": sorted(state["hands"][seat]),
        "field": [
            {"slot": e["slot"], "by": e["by"], "card": e["card"] if seat in e["known"] else None}
            for e in state["field"]
        ],
        "deck_size": len(state["deck"]),
        "scores": scores(state),
        "contest": contest_view,
    }


def horizon(previous: State, state: State) -> bool:
    """Stop an Eminit rollout when a scramble ends (its points are banked).

    An Eminit game is ~200 clicks, but a move pays off within the scramble it
    feeds: a declaration decides who receives this card, a placement which
    cards the next scramble deals out.  Playing on to the end mostly adds the
    noise of later rounds, so a rollout stops once a scramble has ended (a
    gathering move's rollout runs through the next scramble) and scores the
    table as it stands: several times more rollouts, each with a clearer signal.
    """
    return previous["phase"] == "scramble" and state["phase"] != "scramble"


HAND_WORTH: dict[str, float] = {"suck": 1.15, "nullify": 0.73}
"""Future points a card in hand is worth, beyond the banked score (others ~0).

Fitted by least squares on 300 normal-AI games (3 and 4 players, 5,529
end-of-scramble snapshots): final score minus current score against the hand's
contents.  A Suck in hand is worth more than a Gold Coin banked, so an
evaluation of banked points alone would spend Sucks on Gold Coins.
"""
TREASURE_IN_HAND = 0.35
"""Future points per treasure point still in hand (it must be placed, then won back)."""


def value(state: State, seat: int) -> float:
    """A win estimate in [0, 1] from each seat's expected final score: banked + hand potential.

    The lead blends the margin over the best opponent and over the table
    average; the normal AI's winning margin averages ~3.5 points (of ~12), so
    a 6-point lead is treated as all but decisive.
    """
    options = state["options"]
    expected = []
    for banked, hand in zip(scores(state), state["hands"], strict=True):
        potential = 0.0
        for card in hand:
            kind = cards.kind(card)
            potential += HAND_WORTH.get(kind, 0.0) + TREASURE_IN_HAND * cards.points(card, options)
        expected.append(banked + potential)
    mine = expected[seat]
    others = [p for i, p in enumerate(expected) if i != seat]
    lead = math.tanh((0.5 * (mine - max(others)) + 0.5 * (mine - sum(others) / len(others))) / 6.0)
    even = 1.0 / len(expected)  # an even position is worth a fair share, as a terminal draw is
    return even + lead * (1.0 - even) if lead > 0 else even * (1.0 + lead)


TUNING = {
    "rollout": "heuristic",
    "score_weight": 0.1,
    "score_scale": 10.0,
    "fast_view": fast_view,
    "horizon": horizon,
    "evaluator": value,
}
"""Measured with bench/ai/strength.py (docs/ai.md); fields of :class:`bot.core.ai.tuning.Tuning`."""
