"""The engine's shortcuts agree with the rules written out plainly (``plain.py``).

``rules`` deals with an inlined shuffle, answers ``legal`` from ready-made
rows, shares event objects between games and copies only what a move
changes.  Each test drives both versions over many seeded states, under
every option set, and asks for the same result.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Event, Result, RuleError, Transition
from cogs.portas import rules

from .. import plain
from ..helpers import build, deep_copy

ALL_OPTIONS = [
    dict(zip([opt.name for opt in rules.OPTIONS], values, strict=True))
    for values in itertools.product(*(opt.choices for opt in rules.OPTIONS))
]
seeds = st.integers(min_value=0, max_value=2**63 - 1)
option_sets = st.fixed_dictionaries({opt.name: st.sampled_from(opt.choices) for opt in rules.OPTIONS})


def junk_actions(state: dict, rng: random.Random) -> list:
    """Illegal or odd actions for the seat to move: each must raise the same error in both versions."""
    card = rng.randint(0, 7)
    treasure = rng.choice([*rules.TREASURES, 10, 16])
    return [
        {"type": "port", "card": card, "treasure": treasure},
        {"type": "pass"},
        {"type": "port", "card": str(card), "treasure": treasure},
        {"type": "port", "card": card},
        {"type": "port", "card": card, "treasure": treasure, "extra": 1},
        ["port", card, treasure],
        None,
    ]


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_seeded_games_match_the_plain_rules_step_by_step(options: dict) -> None:
    """Same deal, same legal lists, same states and events, same errors — every step of 20 games per option set."""
    rng = random.Random(ALL_OPTIONS.index(options))
    for game in range(20):
        seed = rng.getrandbits(63) if game % 2 else game
        state = rules.new(2, seed, options)
        assert state == plain.new(2, seed, options)
        while state["result"] is None:
            seat = state["turn"]
            legal = rules.legal(state, seat)
            assert legal == plain.legal(state, seat) and rules.legal(state, 1 - seat) == []
            for action in junk_actions(state, rng) if rng.random() < 0.2 else ():
                before = deep_copy(state)
                try:
                    expected: RuleError | Transition = plain.apply(state, seat, action)
                except RuleError as error:
                    expected = error
                if isinstance(expected, RuleError):
                    with pytest.raises(RuleError) as raised:
                        rules.apply(state, seat, action)
                    assert (raised.value.code, raised.value.args_) == (expected.code, expected.args_)
                else:
                    got = rules.apply(state, seat, action)
                    assert got.state == expected.state and got.events == expected.events
                assert state == before
            action = rng.choice(legal)
            if rng.random() < 0.3:
                action = dict(action)  # a plain dict, as a button click delivers it: the checked path
            got = rules.apply(state, seat, action)
            expected = plain.apply(state, seat, action)
            assert got.state == expected.state
            assert got.events == expected.events
            assert rules.result(got.state) == (
                Result(
                    tuple(expected.state["result"]["winners"]),
                    tuple(expected.state["result"]["scores"]),
                    expected.state["result"]["reason"],
                )
                if expected.state["result"]
                else None
            )
            state = json.loads(json.dumps(got.state)) if rng.random() < 0.1 else got.state


@settings(max_examples=300, deadline=None)
@given(
    seed=seeds,
    options=option_sets,
    hand=st.lists(st.integers(1, 6), max_size=5),
    totals=st.lists(st.integers(-3, 25), min_size=0, max_size=3),
    values=st.permutations(rules.TREASURES),
)
def test_legal_rows_match_the_definition_on_hand_made_boards(
    seed: int, options: dict, hand: list, totals: list, values: list
) -> None:
    """Any hand (even one no deck could deal) and any totals, reachable or not: the table or its fallback agrees."""
    state = build(hands=(hand, [1]), open_=[(v, [], []) for v in values[: len(totals)]], options=options)
    for t, total in zip(state["open"], totals, strict=False):
        t["total"] = total
    assert rules.legal(state, 0) == plain.legal(state, 0) == rules._legal_plain(state, 0)


def test_shared_events_equal_fresh_ones_and_survive_json() -> None:
    """Move events are shared between games: they must still equal (and serialise like) freshly built ones."""
    for key, (event, entry) in list(rules._LOGGED.items()):
        kind, *values = key
        args = dict(zip(rules._ARG_NAMES[kind], values, strict=True))
        assert event == Event(kind, args) and entry == {"kind": kind, "args": args}
        assert entry["args"] is event.args and json.loads(json.dumps(entry)) == entry
