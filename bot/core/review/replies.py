"""One reply deep: after a choice, the next player's answer is searched, not left to the rollout policy.

Why: a rollout's players follow the game's heuristic, which misses some
refutations; a choice that loses to one exact answer looks fine if the rollout
never finds that answer.  In PORTAS endgames solved exactly, heuristic
rollouts alone found 87 % of the known blunders (``tests/review/test_quality.py``).
So when a single other player moves next, each of their replies is played out
in every sampled world (the same random stream for all of them).

Which reply: the replier picks from what *it* can see.  The sampled worlds
are grouped by the replier's view after the choice (its information set:
in PORTAS its hand after its draw, the same in every world where it drew the
same card), and in each group the reply with the best **mean** result for the
replier over the group's worlds is taken, the same in all of them.  Picking
the best reply world by world would let the replier see the hidden cards
("strategy fusion"): it blamed moves that only leave the opponent a lucky
chance, and in a measured sample called the normal heuristic's PORTAS moves
worse than random ones.

Only where the replier's choice rests on evidence: a group of fewer than
:data:`MIN_GROUP` worlds (early in a game with hidden cards, every world
shows the replier something else) would choose its reply on a rollout or two,
a choice close to random, and the plain rollout (the rollout policy replies)
is used there instead.  In positions with little hidden, where the worlds
agree, the replies are searched — there they find the refutations.
"""

from __future__ import annotations

import json
from typing import Any

from bot.core.ai import search, tuning
from bot.engine import Action, Result, State

from .judge import judged, standing

MIN_GROUP = 4
"""Worlds of one replier's view it takes to search the reply (fewer: the rollout policy replies)."""
MAX_REPLIES = 12
"""Replies searched one by one after a choice; with more, the rollout policy replies (the cost stays bounded)."""

SECOND_STREAM = 0x5DEECE66D
"""Mixed into a world's seed for the rollouts that score a chosen reply (not those that chose it)."""
Replies = tuple[str, dict[str, tuple[float, float]], float]
"""One world's replies: the replier's view (as JSON); each reply (as JSON) -> (the replier's standing, the
reviewed seat's standing); and the seat's standing after the plain rollout (where the reply is not searched)."""
Outcome = float | Replies
"""A choice in one world: the seat's standing after a plain rollout, or its replies' results."""


def replier(rules: Any, world: State, seat: int, action: Action) -> tuple[State, int, list[Action], str] | None:
    """After ``action`` in ``world``: the state, the one other player to reply, its replies and its view (as JSON).

    None when no reply is searched there: the game is over, the seat moves
    again, several players act at once, or the replier has one choice or more
    than :data:`MAX_REPLIES`.  Cheap (no rollout): a review asks it of every
    world first, to know which groups of worlds are big enough to search.
    """
    try:
        state = rules.apply(world, seat, action).state
        if rules.result(state) is not None:
            return None
        acting = rules.to_act(state)
        if len(acting) != 1 or acting[0] == seat:
            return None
        mover = acting[0]
        legal = rules.legal(state, mover)
        answers = [legal[i] for i in judged(legal)]
        if not 1 < len(answers) <= MAX_REPLIES:
            return None
        return state, mover, answers, json.dumps(rules.view(state, mover), sort_keys=True)
    except search._SAMPLE_ERRORS:
        return None


def outcome(
    rules: Any, world: State, seat: int, action: Action, round_seed: int, policy: search.Policy,
    rollout: tuning.Tuning, searched: tuple[State, int, list[Action], str] | None = None,
) -> Outcome | None:
    """``action`` played in ``world``: the plain rollout's standing for ``seat``, and with ``searched``
    (:func:`replier`'s answer) every reply's too (None: a broken world)."""
    plain = search._simulate(rules, world, seat, action, round_seed, policy, rollout)
    if searched is None or plain is None:
        return plain
    state, mover, answers, seen = searched
    try:
        found = _replies(rules, state, seat, mover, answers, round_seed, policy, rollout)
    except search._SAMPLE_ERRORS:
        return plain
    return (seen, found, plain) if found else plain


def _replies(
    rules: Any, state: State, seat: int, mover: int, answers: list[Action], round_seed: int,
    policy: search.Policy, rollout: tuning.Tuning,
) -> Replies:
    """Each reply of ``mover`` played out twice: (its standing for ``mover`` in one, for ``seat`` in the other).

    Why two rollouts: the reply is chosen as the best of several noisy
    estimates, and the best of several noisy numbers is too high by luck
    (the winner's curse) — judged on the same rollouts, every choice that lets
    the opponent move would look worse than it is, the more so the more
    replies it has.  The choice is made on one rollout and scored on another
    with its own random stream, so the luck that chose the reply does not
    score it (double estimation, as double Q-learning does).
    """
    found: dict[str, tuple[float, float]] = {}
    ends = _Ends(rollout)
    for reply in answers:
        theirs = search._simulate(rules, state, mover, reply, round_seed, policy, ends)  # type: ignore[arg-type]
        ends.result = None
        search._simulate(rules, state, mover, reply, round_seed ^ SECOND_STREAM, policy, ends)  # type: ignore[arg-type]
        if theirs is not None and ends.result is not None:
            found[json.dumps(reply, sort_keys=True)] = (theirs, standing(ends.result.winners, ends.result.scores, seat))
    return found


def resolve(samples: list[dict[int, Outcome]], compared: list[int]) -> list[dict[int, float]]:
    """Every world's standing per choice, each reply chosen from the replier's view (see the module's docstring)."""
    chosen: dict[tuple[int, str], str] = {}
    for i in compared:
        totals: dict[str, dict[str, list[float]]] = {}  # the replier's view -> reply -> [theirs, mine, worlds]
        for world in samples:
            got = world.get(i)
            if isinstance(got, tuple):
                seen, found, _plain = got
                for key, (theirs, mine) in found.items():
                    total = totals.setdefault(seen, {}).setdefault(key, [0.0, 0.0, 0.0])
                    total[0] += theirs
                    total[1] += mine
                    total[2] += 1
        for seen, per_reply in totals.items():
            if max(total[2] for total in per_reply.values()) < MIN_GROUP:
                continue  # too few worlds to choose on: the plain rollout's value is used
            # best mean for the replier; on a tie, the worse for the reviewed seat (a careful opponent)
            chosen[(i, seen)] = max(per_reply, key=lambda k, r=per_reply: (r[k][0] / r[k][2], -r[k][1] / r[k][2]))
    out: list[dict[int, float]] = []
    for world in samples:
        values: dict[int, float] = {}
        for i, got in world.items():
            if isinstance(got, tuple):
                seen, found, plain = got
                pick = chosen.get((i, seen))
                values[i] = found[pick][1] if pick in found else plain
            else:
                values[i] = got
        out.append(values)
    return out


class _Ends:
    """Rollout settings that keep how the rollout ended, so one rollout scores both the replier and the seat."""

    horizon = None

    def __init__(self, base: tuning.Tuning) -> None:
        self.max_rollout_steps = base.max_rollout_steps
        self.result: Result | None = None

    def reward(self, result: Result | None, state: State, seat: int) -> float:
        self.result = result
        return 0.0 if result is None else standing(result.winners, result.scores, seat)
