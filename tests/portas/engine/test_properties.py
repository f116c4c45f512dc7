"""Invariants that must hold at every step of any legal PORTAS game, under every option."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.portas import rules

from ..helpers import deep_copy, random_game, seat_cards

FULL_DECK = Counter(rules.PORT_DECK)
# 28 ports at most; voluntary passes never come twice in a row (that ends the game), so at most 29 more
MAX_ACTIONS = 2 * (2 * len(rules.PORT_DECK)) + 1

seeds = st.integers(min_value=0, max_value=2**63 - 1)
option_sets = st.fixed_dictionaries({opt.name: st.sampled_from(opt.choices) for opt in rules.OPTIONS})


def check_invariants(state: dict) -> None:
    """Conservation, scoring, turn and view invariants for one state."""
    for seat in (0, 1):
        assert seat_cards(state, seat) == FULL_DECK  # 14 cards of each colour, 28 in all
        own_ports = sum(sum(t["ports"][seat]) for t in state["taken"][seat])
        assert state["scores"][seat] == own_ports == sum(t["points"] for t in state["taken"][seat])
        assert state["hands"][seat] == sorted(state["hands"][seat])
        assert len(state["hands"][seat]) <= rules.HAND_SIZE
    treasures = [t["value"] for t in state["open"]] + state["treasure_deck"]
    treasures += [t["value"] for side in state["taken"] for t in side]
    assert sorted(treasures) == list(rules.TREASURES)
    assert len(state["open"]) <= 2
    for t in state["open"]:
        assert t["total"] == sum(t["ports"][0]) + sum(t["ports"][1])
        if state["options"]["overshoot"] == "illegal":
            assert t["total"] < t["value"]
    for side in state["taken"]:
        for t in side:
            assert sum(t["ports"][0]) + sum(t["ports"][1]) == t["value"]
    if state["result"] is None:
        (seat,) = rules.to_act(state)
        assert any(a["type"] == "port" for a in rules.legal(state, seat))  # a real choice
        assert rules.legal(state, 1 - seat) == []
    else:
        assert rules.to_act(state) == [] and rules.legal(state, 0) == rules.legal(state, 1) == []


@settings(max_examples=150, deadline=None)
@given(seed=seeds, options=option_sets, rng_seed=st.integers(0, 10**6))
def test_random_legal_play_terminates_and_keeps_every_invariant(seed: int, options: dict, rng_seed: int) -> None:
    states = []
    for state in random_game(seed, options, rng_seed):
        check_invariants(state)
        states.append(state)
        assert len(states) <= MAX_ACTIONS + 1
    final = states[-1]
    res = rules.result(final)
    assert res is not None and res.scores == tuple(final["scores"])
    assert res.reason in ("all_taken", "both_passed")
    if res.reason == "all_taken":
        assert sum(len(side) for side in final["taken"]) == 5
    json.dumps(final)  # JSON-compatible all the way


@settings(max_examples=60, deadline=None)
@given(seed=seeds, options=option_sets, rng_seed=st.integers(0, 10**6))
def test_apply_never_mutates_and_is_deterministic(seed: int, options: dict, rng_seed: int) -> None:
    rng = random.Random(rng_seed)
    state = rules.new(2, seed, options)
    while state["result"] is None:
        seat = state["turn"]
        action = rng.choice(rules.legal(state, seat))
        before = deep_copy(state)
        first = rules.apply(state, seat, action)
        assert state == before
        again = rules.apply(json.loads(json.dumps(state)), seat, action)
        assert again.state == first.state and again.events == first.events
        state = first.state


@settings(max_examples=60, deadline=None)
@given(seed=seeds, step=st.integers(0, 40), sample_seed=seeds)
def test_views_hold_no_deck_order_and_determinize_matches_the_view(seed: int, step: int, sample_seed: int) -> None:
    states = list(random_game(seed))
    state = states[min(step, len(states) - 1)]
    shuffled = deep_copy(state)
    rng = random.Random(sample_seed)
    for deck in [*shuffled["decks"], shuffled["treasure_deck"]]:
        rng.shuffle(deck)
    shuffled["rng"] = sample_seed
    for seat in (None, 0, 1):
        v = rules.view(state, seat)
        assert not {"decks", "treasure_deck", "rng"} & set(v)
        assert rules.view(shuffled, seat) == v  # deck order leaves no trace in any view
        json.dumps(v)
    for seat in (0, 1):
        v = rules.view(state, seat)
        sample = rules.determinize(v, seat, sample_seed)
        assert rules.view(sample, seat) == v
        check_invariants(sample)
        if sample["result"] is None:
            turn = sample["turn"]
            assert rules.legal(sample, turn) == rules.legal(state, turn)
