"""PORTAS rollouts for the strong AI: a faster twin of :mod:`cogs.portas.ai`, and its tuning.

The strong AI (:mod:`bot.core.ai`) knows no game: it takes each game's rollout
settings from ``TUNING`` here, which :mod:`bot.core.games` loads into the game's
``Game``.  The twin lives beside the heuristic it must match, so a change
to one is made next to the other; ``tests/ai/test_fast.py`` compares them
decision by decision (same scores, same rng use, so the same rollouts).
It reads only what the heuristic's view would show a seat (hands, open
treasures and each deck's *contents*), so rollout players stay a fair model
of real ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Action, State, View

from . import ai as portas_ai

Policy = Callable[[State, int, list[Action], random.Random], Action]


def fast_view(state: State, seat: int) -> View:
    """What the PORTAS heuristic reads, without ``rules.view``'s deep copies.

    The heuristic uses hands, open treasures, scores, passes and each deck's
    *contents* (counts and size — order-free), exactly what the real view
    gives; everything is shared, not copied, because the heuristic does not
    mutate its view.
    """
    return {
        "hands": state["hands"],
        "open": state["open"],
        "scores": state["scores"],
        "passes": state["passes"],
        "deck_cards": state["decks"],
        "turn": state["turn"],
        "options": state["options"],
    }


def portas_policy(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """``cogs.portas.ai.choose`` computed ~4x faster, for rollouts: same scores, same rng use.

    The heuristic recomputes every hit chance for every candidate port; here
    the opponent's chances are computed once per decision and ours once per
    remainder.  It reads only the hands, the open treasures and each deck's
    contents (as the view gives them), draws one ``rng.random()`` per action
    in order exactly like the original, and hands a ``pass`` option (only
    under the voluntary-pass rule) to the original.  Equality of decisions is
    tested in ``tests/ai/test_fast.py``.
    """
    if len(legal) == 1:
        return legal[0]
    if any(a["type"] == "pass" for a in legal):
        return portas_ai.choose(fast_view(state, seat), seat, legal, rng)
    stake, follow_weight = portas_ai.MY_STAKE_WEIGHT, portas_ai.FOLLOW_UP_WEIGHT
    opp = 1 - seat
    hands, decks = state["hands"], state["decks"]
    their_hand, their_deck = hands[opp], decks[opp]
    their_draws = len(their_hand) < 4 and bool(their_deck)
    my_hand, my_deck = hands[seat], decks[seat]
    my_deck_len = len(my_deck)

    def theirs_hit(r: int) -> float:
        if r in their_hand:
            return 1.0
        return their_deck.count(r) / len(their_deck) if their_draws else 0.0

    opened = [(t["value"], t["value"] - t["total"], sum(t["ports"][seat]), sum(t["ports"][opp])) for t in state["open"]]
    best, best_score = legal[0], float("-inf")
    for action in legal:
        card, value = action["card"], action["treasure"]
        gain = 0.0
        threat = follow = 0.0
        rest = list(my_hand)
        rest.remove(card)
        for t_value, remainder, mine, theirs in opened:
            if t_value == value:
                mine += card
                remainder -= card
                if remainder == 0:
                    gain = mine + theirs
                    continue
            if remainder > 0:
                opp_hit = theirs_hit(remainder)
                danger = opp_hit * (theirs + remainder + stake * mine)
                threat = max(threat, danger)
                if remainder in rest:
                    my_hit = 1.0
                else:  # our hand is short after the port: one draw if the deck has cards
                    my_hit = my_deck.count(remainder) / my_deck_len if my_deck_len and len(rest) < 4 else 0.0
                follow = max(follow, my_hit * (1 - opp_hit) * (mine + remainder + stake * theirs))
        score = gain - threat + follow_weight * follow + rng.random() * 1e-6
        if score > best_score:
            best, best_score = action, score
    return best


def policy_factory() -> Policy:
    """The PORTAS rollout policy (stateless: the same function every search)."""
    return portas_policy


TUNING = {"rollout": "heuristic", "score_weight": 0.2, "score_scale": 20.0, "fast_policy": policy_factory}
"""Measured with bench/ai/strength.py (docs/ai.md); fields of :class:`bot.core.ai.tuning.Tuning`."""
