"""Faster twins of the games' normal heuristics, for rollouts only.

The strong AI's strength grows with the number of rollouts it can afford in
its think time, and in PORTAS and Promotion most rollout time is spent inside
the normal heuristic.  The functions here make *exactly the same decisions*
as ``cogs/<game>/ai.py`` (same scores, same use of the rng, so the same
rollouts), only with the repeated work hoisted out; ``tests/ai/test_fast.py``
compares them decision by decision on thousands of positions, so a change to
a game's heuristic that is not mirrored here fails a test instead of silently
changing the strong AI's opponent model.

They read the *sampled* state a rollout runs on, and only the parts the
game's view shows its seat (hands and decks' contents in PORTAS; fields and
supply in Promotion — never the hidden row picks), so rollout players stay a
fair model of real ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Action, State, View
from cogs.eminit import core as eminit_core
from cogs.getgem import views as getgem_views
from cogs.portas import ai as portas_ai
from cogs.promotion import ai as promotion_ai
from cogs.promotion.postcard import side_index

Policy = Callable[[State, int, list[Action], random.Random], Action]


def portas_view(state: State, seat: int) -> View:
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
        return portas_ai.choose(portas_view(state, seat), seat, legal, rng)
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


def portas_factory() -> Policy:
    """The PORTAS rollout policy (stateless: the same function every search)."""
    return portas_policy


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


def promotion_factory() -> Policy:
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
        return _promotion_choose(state, seat, legal, rng, evaluator)

    return policy


def _promotion_choose(
    state: State, seat: int, legal: list[Action], rng: random.Random, evaluator: Callable[[State], _PromotionEval]
) -> Action:
    """``cogs.promotion.ai.choose`` with the evaluator supplied (mirrors it line for line)."""
    kind = legal[0]["type"]

    def best(score: dict[int, float]) -> Action:
        top = max(score.values())
        return legal[rng.choice([i for i, v in score.items() if v >= top - 1e-9])]

    if kind == "suit":
        return legal[0]
    if kind == "name":
        return rng.choice(legal)
    ev = evaluator(state)
    seats = promotion_ai.SEATS
    if kind == "pick":
        values = ev.row_values(seat, state["r"])
        return best({i: values[a["row"] - 1] for i, a in enumerate(legal)})
    if kind == "orient":
        turner = (seat - 1) % seats
        score = {}
        for i, a in enumerate(legal):
            r = a["r"]
            kept = ev.orientation_score(turner, r) >= ev.orientation_score(turner, r + 2)
            score[i] = ev.orientation_score(seat, r if kept else r + 2)
        return best(score)
    if kind == "turn":
        r = state["r"]
        return best({i: ev.orientation_score(seat, r + 2 if a["turn"] else r) for i, a in enumerate(legal)})
    if kind == "down":
        field, supply = state["field"][seat], state["supply"]

        def loss(suit: str) -> float:
            if not any(c < field[suit] for c in supply[suit]):
                return 0.0
            steps = ev.steps[seat][suit]
            return promotion_ai.worth(steps) - promotion_ai.worth(steps + 1)

        return best({i: -loss(a["suit"]) for i, a in enumerate(legal)})
    if kind == "wild":
        field = state["field"][seat]
        return best({i: ev.gain[seat][a["suit"]] + field[a["suit"]] * 1e-6 for i, a in enumerate(legal)})
    if kind == "change":
        scores = {(q, s): v for v, q, s in ev.change_options(seat)}
        return best({i: scores[(a["seat"], a["suit"])] for i, a in enumerate(legal)})
    return rng.choice(legal)


def getgem_view(state: State, seat: int) -> View:
    """The parts of ``cogs.getgem.views.build_view`` the GETGEM heuristic reads, shared not copied.

    ``build_view`` copies the log and every list; the heuristic needs none of
    that.  The pending sub-step is masked exactly as the real view masks it
    (an uncommitted step of another seat, a push's taken card).
    """
    return {
        "n": state["n"],
        "seat": seat,
        "cat": state["cat"],
        "hand": state["hands"][seat],
        "hand_sizes": [len(h) for h in state["hands"]],
        "decl": state["decl"],
        "discard": state["discard"],
        "elements": state["elements"],
        "pending": getgem_views._pending_view(state, seat),
        "known": state["known"][seat],
        "turn": state["turn"],
        "peeped": state["peeped"],
    }


def eminit_view(state: State, seat: int) -> View:
    """The parts of ``cogs.eminit.rules.view`` the Eminit heuristic reads.

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
        "scores": eminit_core.scores(state),
        "contest": contest_view,
    }


__all__ = ["eminit_view", "getgem_view", "portas_factory", "portas_policy", "portas_view", "promotion_factory"]
