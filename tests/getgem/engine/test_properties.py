"""Property tests over random legal GETGEM games (hypothesis picks table size, seed and options)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.getgem import rules as R
from cogs.getgem.views import UNCOMMITTED
from tests.getgem.helpers import LeakChecker, accounted, random_game

PRIVATE_KINDS = {"drew", "stolen", "pushed", "peeked"}
PUBLIC_KINDS = {
    "new_game",
    "turn",
    "draw",
    "no_draw",
    "reshuffle",
    "turn_cap",
    "end_actions",
    "element",
    "gem3",
    "play",
    "barrier_ask",
    "barrier",
    "no_barrier",
    "steal",
    "steal_none",
    "push_skip",
    "exchange",
    "peep",
    "dig",
    "discard",
    "push",
    "declare",
    "takeback",
    "reveal",
    "win",
}

tables = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**40)


house_rules = st.fixed_dictionaries(
    {
        "push_onto_empty": st.booleans(),
        "push_optional": st.booleans(),
        "same_phase_win": st.sampled_from(("shared", "seat_order")),
        "redeclare": st.booleans(),
        "limit_first": st.booleans(),
        "first_player": st.sampled_from(("random", "host")),
    }
)


@settings(max_examples=40, deadline=None)
@given(n=tables, seed=seeds, match=st.booleans(), house=house_rules)
def test_random_play_ends_and_keeps_every_card(n: int, seed: int, match: bool, house: dict) -> None:
    options = {"match_play": match, "max_turns": 120, **house}
    last = None
    for _before, _seat, _action, events, after in random_game(n, seed, options):
        accounted(after)
        for e in events:
            if e.kind in PRIVATE_KINDS:
                assert e.to is not None and len(e.to) <= 2
            else:
                assert e.kind in PUBLIC_KINDS and e.to is None
        for seat in R.to_act(after):
            assert 0 < len(R.legal(after, seat)) <= 25
        if not after["deck"]:  # the deck is rebuilt the moment it runs out
            assert not after["discard"] or not any(e.kind in ("draw", "no_draw") for e in events)
        for seat in range(n):
            if seat not in R.to_act(after):
                assert R.legal(after, seat) == []
            for other in range(n):
                assert set(after["known"][seat][other]) <= set(after["hands"][other])
        last = after
    assert last is not None
    res = R.result(last)
    assert res is not None and res.reason in ("victory_check", "turn_cap", "match")
    assert len(res.scores) == n
    if res.winners and match:
        assert max(res.scores) >= last["opts"]["match_target"]


@settings(max_examples=30, deadline=None)
@given(n=tables, seed=seeds, house=house_rules)
def test_views_never_show_unseen_hidden_cards(n: int, seed: int, house: dict) -> None:
    options = {"max_turns": 120, **house}
    s0 = R.new(n, seed, options)
    checkers = [LeakChecker(k, R.view(s0, k)) for k in range(n)]
    for _before, _seat, _action, events, after in random_game(n, seed, options):
        spectator = R.view(after, None)
        json.dumps(spectator)
        assert spectator["hand"] is None and spectator["known"] is None
        assert "hands" not in spectator and "deck" in spectator and isinstance(spectator["deck"], int)
        assert "rng" not in spectator
        for k in range(n):
            v = R.view(after, k)
            json.dumps(v)
            assert sorted(v["hand"]) == sorted(after["hands"][k])
            checkers[k].observe(events, v)
            checkers[k].check(v)
            p = v["pending"]
            if p is not None:
                if p["kind"] in UNCOMMITTED:
                    assert k == after["turn"]
                if p["kind"] == "push" and k not in (p["by"], p["target"]):
                    assert "taken" not in p


@settings(max_examples=25, deadline=None)
@given(n=tables, seed=seeds, stop=st.integers(min_value=0, max_value=400), det_seed=seeds, house=house_rules)
def test_determinize_is_consistent_with_the_view(n: int, seed: int, stop: int, det_seed: int, house: dict) -> None:
    state = R.new(n, seed, house)
    for i, (_b, _s, _a, _e, after) in enumerate(random_game(n, seed, house)):
        state = after
        if i >= stop:
            break
    if R.result(state) is not None:
        return
    for k in range(n):
        v = R.view(state, k)
        d = R.determinize(v, k, det_seed)
        accounted(d)
        assert R.view(d, k) == v
        assert R.view(d, None) == R.view(state, None)
        assert R.to_act(d) == R.to_act(state)
        if k in R.to_act(state):
            assert R.legal(d, k) == R.legal(state, k)
        # the sample is playable
        rng = random.Random(det_seed)
        for _ in range(30):
            if R.result(d) is not None:
                break
            seat = R.to_act(d)[0]
            d = R.apply(d, seat, rng.choice(R.legal(d, seat))).state
            accounted(d)


@settings(max_examples=10, deadline=None)
@given(n=tables, seed=seeds, house=house_rules)
def test_apply_never_mutates_its_input(n: int, seed: int, house: dict) -> None:
    s = R.new(n, seed, {"max_turns": 60, **house})
    rng = random.Random(seed)
    while R.result(s) is None:
        seat = R.to_act(s)[0]
        snapshot = json.dumps(s, sort_keys=True)
        nxt = R.apply(s, seat, rng.choice(R.legal(s, seat))).state
        assert json.dumps(s, sort_keys=True) == snapshot
        s = nxt
