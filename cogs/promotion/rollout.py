"""Promotion rollouts for the strong AI: the normal heuristic with its evaluator cached, and its tuning.

Most rollout time in Promotion is spent inside the normal heuristic; the
policy here runs that very heuristic (:func:`..ai.choose`) with
an evaluator whose repeated work is cached, so it makes *exactly the same
decisions* (same scores, same rng use) faster (``tests/ai/test_fast.py``
compares them decision by decision).  It reads
only fields and supply, never the hidden row picks, as a real player would.
:mod:`bot.core.games` loads ``TUNING`` into the game's ``Game``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Action, State, View

from . import ai as promotion_ai
from .rules.postcard import side_index

Policy = Callable[[State, int, list[Action], random.Random], Action]


class _PromotionEval(promotion_ai._Eval):
    """The heuristic's evaluator with its orientation models cached as well.

    ``pick_model(r)`` depends only on the field (and ``r``), and the heuristic
    asks for it once per row-value and orientation query; caching it changes
    no number, only how often each is computed.
    """

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self._models: dict[int, list[list[float]]] = {}
        # pairs[side][row - 2]: the suit pair a side lists for rows 2-4, looked up once.
        self._pairs = [tuple(side.row(row) for row in (2, 3, 4)) for side in self.sides]

    def _rows(self, seat: int, r: int, model: list[list[float]]) -> list[float]:
        """The parent's ``_rows`` with the postcard lookups hoisted; same sums in the same order."""
        seats = promotion_ai.SEATS
        harm = promotion_ai.HARM
        pairs = self._pairs
        others = [q for q in range(seats) if q != seat]
        facing = {q: pairs[side_index(q, r)] for q in others}
        mine_rows = pairs[side_index(seat, r)]
        gain, lead = self.gain, self.lead
        out = [0.0]
        for index in range(3):
            mine = mine_rows[index]
            value = 0.0
            for suit in mine:
                free = 1.0
                for q in others:
                    if suit in facing[q][index]:
                        free *= 1 - model[q][index + 1]
                value += free * gain[seat][suit]
            for q in others:
                shared = [s for s in facing[q][index] if s in mine]
                value += harm * model[q][index + 1] * sum(gain[q][s] for s in shared) * lead[q] / 2
            out.append(value)
        return out

    def pick_model(self, r: int) -> list[list[float]]:
        key = r % 4
        model = self._models.get(key)
        if model is None:
            model = self._models[key] = super().pick_model(r)
        return model


def policy_factory() -> Policy:
    """A Promotion rollout policy sharing one evaluator per field position.

    Within a round the field does not change from the orientation to the last
    pick, yet the heuristic builds a fresh evaluator for each of those ~6
    decisions.  The evaluator reads only the fields, the supply (which the
    fields determine: every card 5-13 not on a field is in it) and the layout,
    so one cached per field is the same evaluator.  The cache lives as long as
    one search.
    """
    cache: dict[tuple, _PromotionEval] = {}

    def evaluator(state: State) -> _PromotionEval:
        key = tuple(tuple(sorted(f.items())) for f in state["field"])
        ev = cache.get(key)
        if ev is None:
            if len(cache) > 64:
                cache.clear()
            ev = cache[key] = _PromotionEval(state)
        return ev

    def policy(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return promotion_ai.choose(state, seat, legal, rng, evaluator)

    return policy


def horizon(previous: State, state: State) -> bool:
    """Stop a Promotion rollout when the round after the searched one begins.

    A row pick pays off in the round it is made: the raises, clashes and
    specials it meets.  Later rounds are the heuristic guessing against itself,
    mostly noise on a win-or-lose ending seven rounds away; stopping once the
    round is resolved and scoring the race there (:func:`value`) buys several
    times more rollouts, each with a clearer signal (docs/ai.md).
    """
    return state["round"] != previous["round"]


def value(state: State, seat: int) -> float:
    """A win estimate in [0, 1]: each seat's share of the race, by the heuristic's own position worth.

    A seat's position is what its four field cards are worth by their steps
    to the King (:func:`..ai.worth`: one step away 1, each further
    step ×0.45), the same measure the normal AI plays by; the share of the
    four positions is the chance to be first to a 13.  A finished game scores
    as the terminal reward would.
    """
    if state.get("winners"):
        winners = state["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    supply, fields = state["supply"], state["field"]
    positions = [
        sum(promotion_ai.worth(sum(1 for c in supply[s] if c > fields[q][s])) for s in fields[q])
        for q in range(promotion_ai.SEATS)
    ]
    total = sum(positions)
    return positions[seat] / total if total else 1.0 / promotion_ai.SEATS


TUNING = {"rollout": "heuristic", "fast_policy": policy_factory, "horizon": horizon, "evaluator": value}
"""Measured with bench/ai/strength.py and bench/ai/ratings.py (docs/ai.md); fields of
:class:`bot.core.ai.tuning.Tuning`."""
