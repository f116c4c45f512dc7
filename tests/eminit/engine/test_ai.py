"""The normal AI: legal moves only, reads only its view, beats random play."""

from __future__ import annotations

import random

from cogs.eminit import ai, rules

from .test_properties import shuffle_hidden


def play(n: int, seed: int, ai_seats: set[int]) -> list[int]:
    rng = random.Random(seed)
    s = rules.new(n, seed)
    while rules.result(s) is None:
        seat = rng.choice(rules.to_act(s))
        legal = rules.legal(s, seat)
        if seat in ai_seats:
            action = ai.choose(rules.view(s, seat), seat, legal, random.Random(rng.random()))
            assert action in legal, (action, legal)
        else:
            action = rng.choice(legal)
        s = rules.apply(s, seat, action).state
    return s["result"]["scores"]


def test_normal_ai_is_legal_and_outscores_random_seats() -> None:
    ai_total = random_total = 0.0
    for seed in range(200):
        n = 3 + seed % 3
        me = seed % n
        scores = play(n, seed, {me})
        ai_total += scores[me]
        random_total += (sum(scores) - scores[me]) / (n - 1)
    assert ai_total > 1.5 * random_total, (ai_total, random_total)


def test_all_ai_seats_finish_games() -> None:
    for seed in range(20):
        n = 3 + seed % 3
        play(n, seed, set(range(n)))


def test_ai_decisions_do_not_depend_on_hidden_cards() -> None:
    rng = random.Random(5)
    s = rules.new(4, 5)
    checked = 0
    while rules.result(s) is None:
        seat = rng.choice(rules.to_act(s))
        legal = rules.legal(s, seat)
        mine = ai.choose(rules.view(s, seat), seat, legal, random.Random(1))
        other = shuffle_hidden(s, seat, rng)
        assert ai.choose(rules.view(other, seat), seat, legal, random.Random(1)) == mine
        checked += 1
        s = rules.apply(s, seat, mine).state
    assert checked > 20
