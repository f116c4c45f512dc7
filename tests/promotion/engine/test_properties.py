"""Property tests (hypothesis) over random legal play: termination, conservation, hidden picks."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import translator
from cogs.promotion import render, rules
from cogs.promotion.rules import postcard
from cogs.promotion.rules.postcard import SUITS

from ..util import play

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = st.fixed_dictionaries(
    {
        "orient_each_round": st.booleans(),
        "max_rounds": st.integers(min_value=1, max_value=40),
        "postcard": st.sampled_from(sorted(postcard.LAYOUTS)),
        "down_tie": st.sampled_from(["any", "must_move"]),
        "row1_first": st.booleans(),
        "first_parent": st.sampled_from(["random", "host"]),
    }
)


def _check_cards(state: dict) -> None:
    """36 supply+field cards, each of 5..13 per suit exactly once; no seat holds two of a suit."""
    total = 0
    for suit in SUITS:
        held = [f[suit] for f in state["field"] if suit in f]
        pile = state["supply"][suit]
        assert pile == sorted(pile)
        assert sorted(held + pile) == list(range(5, 14))
        total += len(held) + len(pile)
    assert total == 36
    for field in state["field"]:
        # A field is one card per suit by construction (a suit-keyed dict): check nothing else crept in.
        assert set(field) <= set(SUITS)
        if state["round"] > 0:
            assert set(field) == set(SUITS)


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), options=OPTIONS, repick=st.sampled_from([0.0, 0.3]))
def test_random_play_terminates_and_conserves_cards(seed: int, options: dict, repick: float) -> None:
    last = None
    for steps, (_before, _seat, _action, after, _events) in enumerate(play(seed, options, repick=repick)):
        _check_cards(after)
        last = after
        assert steps < 20_000
    res = rules.result(last)
    assert res is not None and last["round"] <= options["max_rounds"]
    if res.draw:
        assert res.reason == "max_rounds"
    else:
        assert all(13 in last["field"][s].values() for s in res.winners)
        assert not any(13 in last["field"][s].values() for s in range(4) if s not in res.winners)


def _with_other_picks(state: dict, seat: int | None, rng: random.Random) -> dict:
    """The same state with every *other* seat's hidden pick replaced (picked stays picked).

    After a ``row1_first`` partial reveal the row-1 picks are public, and a
    hidden pick is one of rows 2-4.
    """
    other = dict(state)
    partial = state.get("partial", False)
    other["picks"] = [
        p if (s == seat or p is None or (partial and p == 1)) else rng.randint(2 if partial else 1, 4)
        for s, p in enumerate(state["picks"])
    ]
    return other


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), row1_first=st.booleans())
def test_no_view_shows_another_seats_pick_before_the_reveal(seed: int, row1_first: bool) -> None:
    rng = random.Random(seed ^ 0x5EED)
    names = ["Aki", "Ben", "Chie", "Dai"]
    checked = 0
    for _before, seat, action, after, events in play(seed, {"row1_first": row1_first}, repick=0.3):
        # Events: a pick goes only to its picker; the public "picked" names no row.
        if action["type"] == "pick":
            for e in events:
                if e.kind == "revealed":
                    break  # from here on the picks are public
                if e.kind == "pick":
                    assert e.to == (seat,)
                elif e.kind == "revealed_row1":
                    assert set(e.args) == {"seats", "round"}  # who chose row 1, and nothing about the others
                else:
                    assert "row" not in e.args and "picks" not in e.args
        state = after
        if state["phase"] != "pick" and not state.get("partial"):
            continue
        for viewer in (None, 0, 1, 2, 3):
            v = rules.view(state, viewer)
            for s in range(4):
                if s != viewer and not (state.get("partial") and state["picks"][s] == 1):
                    assert v["picks"][s] is None
            # Views and the board are unchanged by what the others picked: nothing can leak.
            twin = _with_other_picks(state, viewer, rng)
            assert rules.view(twin, viewer) == v
            if viewer is None and checked < 1:
                a = render.board(v, names, translator("en"))
                b = render.board(rules.view(twin, None), names, translator("en"))
                assert a == b
                checked += 1
