"""Property tests over random legal play with 3, 4 and 5 players.

* play always terminates; every step keeps all 60 cards, each exactly once;
* apply never mutates its input;
* a view is unchanged when every card its seat cannot see is shuffled
  among the places it cannot see (so it shows no other hand, no unseen
  face-down card, no unrevealed declaration), and has no such fields at all;
* private events go only to the seat concerned; public events name only
  cards that are face up;
* determinize gives a full, consistent state whose view is the same view.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import State, Transition
from cogs.eminit import cards, rules

from ..helpers import all_cards

PRIVATE_KINDS = {"drew_cards", "saw", "switched_cards", "saw_dropped"}
CARD_KEYS = ("card", "cards", "took", "gave", "discarded", "flipped")


def hidden_positions(s: State, seat: int | None) -> list[tuple]:
    """Paths to every card ``seat`` cannot see."""
    out: list[tuple] = [("deck", i) for i in range(len(s["deck"]))]
    for p, hand in enumerate(s["hands"]):
        if p != seat:
            out += [("hands", p, i) for i in range(len(hand))]
    out += [("field", i) for i, e in enumerate(s["field"]) if seat not in e["known"]]
    if s["contest"] is not None:
        for p, a in enumerate(s["contest"]["answers"]):
            if p != seat and a is not None and a["card"] is not None:
                out.append(("answer", p))
    return out


def _get(s: State, path: tuple) -> int:
    if path[0] == "deck":
        return s["deck"][path[1]]
    if path[0] == "hands":
        return s["hands"][path[1]][path[2]]
    if path[0] == "field":
        return s["field"][path[1]]["card"]
    return s["contest"]["answers"][path[1]]["card"]


def _set(s: State, path: tuple, card: int) -> None:
    if path[0] == "deck":
        s["deck"][path[1]] = card
    elif path[0] == "hands":
        s["hands"][path[1]][path[2]] = card
    elif path[0] == "field":
        s["field"][path[1]] = {**s["field"][path[1]], "card": card}
    else:
        answers = s["contest"]["answers"]
        answers[path[1]] = {**answers[path[1]], "card": card}


def shuffle_hidden(s: State, seat: int | None, rng: random.Random) -> State:
    t = json.loads(json.dumps(s))
    paths = hidden_positions(t, seat)
    ids = [_get(t, p) for p in paths]
    rng.shuffle(ids)
    for p, c in zip(paths, ids, strict=True):
        _set(t, p, c)
    return t


def check_view(s: State, seat: int | None, rng: random.Random) -> None:
    v = rules.view(s, seat)
    live = s["options"]["declarations"] == "live"
    json.dumps(v)
    assert "hands" not in v and "deck" not in v and "rng" not in v
    if seat is None:
        assert v["hand"] is None
    else:
        assert v["hand"] == sorted(s["hands"][seat])
    for e, real in zip(v["field"], s["field"], strict=True):
        assert e["card"] is None if seat not in real["known"] else e["card"] == real["card"]
    if v["contest"] is not None:
        assert set(v["contest"]) == {"flipper", "slot", "card", "placed_by", "extra", "by", "answered", "seats", "mine"}
        assert all(isinstance(x, bool) for x in v["contest"]["answered"])
        allowed = {"deciding", "declared", "done"} if live else {"deciding", "answered"}
        assert set(v["contest"]["seats"]) <= allowed
        if seat is None:
            assert v["contest"]["mine"] is None
    other = shuffle_hidden(s, seat, rng)
    assert rules.view(other, seat) == v


def check_events(before: State, t: Transition, actor: int) -> None:
    after = t.state
    face_up = set(after["discard"]) | {c for tr in after["treasures"] for c in tr}
    for s in (before, after):
        if s["contest"] is not None:
            face_up.add(s["contest"]["card"])
    by_slot = {e["slot"]: e["card"] for e in before["field"]}
    for e in t.events:
        if e.kind == "flipped":  # a flip shows the card that lay at that slot
            assert by_slot[e.args["slot"]] == e.args["card"]
            face_up.add(e.args["card"])
        json.dumps(e.to_json())
        if e.kind in PRIVATE_KINDS:
            assert e.to == (actor,) or e.to == (e.args["seat"],)
            continue
        assert e.to is None
        for key in CARD_KEYS:
            value = e.args.get(key)
            ids = value if isinstance(value, list) else [value] if isinstance(value, int) else []
            assert set(ids) <= face_up, (e, face_up)


def check_determinize(s: State, seat: int, seed: int) -> None:
    v = rules.view(s, seat)
    d = rules.determinize(v, seat, seed)
    json.dumps(d)
    assert sorted(all_cards(d)) == list(range(cards.DECK_SIZE))
    assert rules.view(d, seat) == v
    assert rules.legal(d, seat) == rules.legal(s, seat)
    assert rules.to_act(d) == rules.to_act(s)
    for p in rules.to_act(d):  # the sample is playable
        action = rules.legal(d, p)[0]
        rules.apply(d, p, action)


def play_and_check(n: int, seed: int, every: int, options: dict | None = None) -> int:
    rng = random.Random(seed)
    s = rules.new(n, seed, options)
    steps = 0
    while rules.result(s) is None:
        assert steps < 3000, "random play did not terminate"
        seat = rng.choice(rules.to_act(s))
        legal = rules.legal(s, seat)
        assert legal
        frozen = json.dumps(s, sort_keys=True)
        t = rules.apply(s, seat, rng.choice(legal))
        assert json.dumps(s, sort_keys=True) == frozen
        assert sorted(all_cards(t.state)) == list(range(cards.DECK_SIZE))
        check_events(s, t, seat)
        s = t.state
        steps += 1
        if steps % every == 0 or s["step"]["kind"] == "declare":
            for viewer in [None, *range(n)]:
                check_view(s, viewer, rng)
            check_determinize(s, rng.randrange(n), rng.randrange(1 << 30))
    assert rules.to_act(s) == []
    return steps


@pytest.mark.parametrize("n", [3, 4, 5])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40))
def test_random_play_keeps_every_invariant(n: int, seed: int) -> None:
    play_and_check(n, seed, every=3)


@pytest.mark.parametrize("n", [3, 5])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), whole=st.booleans(), host=st.booleans())
def test_random_play_keeps_every_invariant_with_other_options(n: int, seed: int, whole: bool, host: bool) -> None:
    options = {
        "declarations": "sealed",
        "big_release": "whole_hand" if whole else "chosen",
        "first_player": "host" if host else "random",
    }
    play_and_check(n, seed, every=3, options=options)


def test_sealed_hand_sizes_hide_whether_a_seat_declared_or_passed() -> None:
    from ..helpers import Game, build, card

    def after(decl: bool) -> dict:
        g = Game(
            build(
                3,
                hands=[["suck"], ["suck", "gold"], ["gold"]],
                field=[("gold", 2), ("drop", 2)],
                phase="scramble",
                options={"declarations": "sealed"},
            )
        )
        g.do(0, "flip", slot=1)
        if decl:
            g.do(1, "declare", card=card(g.s, 1, "suck"))
        else:
            g.do(1, "pass")
        return g.s

    for viewer in (None, 0, 2):
        a, b = rules.view(after(True), viewer), rules.view(after(False), viewer)
        assert a == b


def test_live_window_shows_who_declared_never_which_card() -> None:
    """A real declaration and a bluff look the same to everyone else; Done differs (docs/rules/eminit.md §4)."""
    from ..helpers import Game, build, card

    def after(kind: str | None) -> dict:
        g = Game(
            build(3, hands=[["suck"], ["suck", "gold"], ["gold"]], field=[("gold", 2), ("drop", 2)], phase="scramble")
        )
        g.do(0, "flip", slot=1)
        if kind is None:
            g.do(1, "pass")
        else:
            g.do(1, "declare", card=card(g.s, 1, kind))
        return g.s

    for viewer in (None, 0, 2):
        suck, bluff, done = (rules.view(after(k), viewer) for k in ("suck", "gold", None))
        assert suck == bluff
        assert suck["contest"]["seats"] == ["deciding", "declared", "deciding"]
        assert done["contest"]["seats"] == ["deciding", "done", "deciding"]
        assert suck["hand_sizes"][1] == 1 and done["hand_sizes"][1] == 2  # the card lies out, face down
