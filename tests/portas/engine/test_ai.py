"""The normal PORTAS AI: legal, view-only, clearly stronger than random, and sound on basic tactics."""

from __future__ import annotations

import random

from bot.engine import Result
from cogs.portas import ai, rules

from ..helpers import build

GAMES = 200


def play(seed: int, ai_seat: int, options: dict | None = None) -> Result:
    """Normal AI in ``ai_seat`` against a uniformly random player; asserts every AI move is legal."""
    rng = random.Random(seed)
    state = rules.new(2, seed, options)
    while state["result"] is None:
        seat = state["turn"]
        legal = rules.legal(state, seat)
        if seat == ai_seat:
            action = ai.choose(rules.view(state, seat), seat, legal, rng)
            assert action in legal
        else:
            action = rng.choice(legal)
        state = rules.apply(state, seat, action).state
    result = rules.result(state)
    assert result is not None
    return result


def test_normal_beats_random_in_a_clear_majority() -> None:
    wins = sum(seed % 2 in play(seed, seed % 2).winners for seed in range(GAMES))
    assert wins >= 0.75 * GAMES, wins


def test_normal_plays_legal_moves_under_every_option() -> None:
    options = {"overshoot": "allowed", "pass_rule": "voluntary", "first_player": "seat0", "tiebreak": "none"}
    for seed in range(40):
        play(seed, seed % 2, options)


def test_takes_a_treasure_it_can_complete() -> None:
    state = build(hands=([1, 2, 4, 6], [5, 5, 5, 5]), open_=[(13, [3, 3], [3]), (11, [], [])])
    action = ai.choose(rules.view(state, 0), 0, rules.legal(state, 0), random.Random(0))
    assert action == {"type": "port", "card": 4, "treasure": 13}


def test_does_not_leave_a_remainder_the_opponent_holds() -> None:
    # 13 needs 4 (safe: the opponent has no 4).  1 or 2 on it would leave 3 or 2, which they hold;
    # 6 on 11 would leave 5, which they hold too.  Only 1 or 2 on 11 gives nothing away.
    state = build(hands=([1, 2, 6, 6], [2, 3, 3, 5]), open_=[(13, [4, 4], [1]), (11, [], [])])
    action = ai.choose(rules.view(state, 0), 0, rules.legal(state, 0), random.Random(0))
    assert action["treasure"] == 11 and action["card"] in (1, 2)


def test_blocks_a_treasure_the_opponent_is_about_to_take() -> None:
    # the opponent holds the 4 that completes 13 (where we have 8); a 1 there leaves 3, which they lack
    state = build(hands=([1, 5, 6, 6], [2, 4, 4, 5]), open_=[(13, [4, 4], [1]), (11, [], [])])
    action = ai.choose(rules.view(state, 0), 0, rules.legal(state, 0), random.Random(0))
    assert action == {"type": "port", "card": 1, "treasure": 13}


def test_decisions_ignore_the_hidden_deck_order() -> None:
    # the AI gets only the view; samples that differ only in deck order give the same choice
    for seed in range(20):
        state = rules.new(2, seed)
        for _ in range(6):
            if state["result"] is not None:
                break
            seat = state["turn"]
            legal = rules.legal(state, seat)
            view = rules.view(state, seat)
            choices = {
                str(ai.choose(rules.view(rules.determinize(view, seat, s), seat), seat, legal, random.Random(1)))
                for s in range(4)
            }
            assert len(choices) == 1
            state = rules.apply(state, seat, legal[0]).state
