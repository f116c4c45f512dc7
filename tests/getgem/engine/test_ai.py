"""The normal GETGEM AI: legal moves only, from its view only, and clearly better than random."""

from __future__ import annotations

import random

from cogs.getgem import ai
from cogs.getgem import rules as R
from tests.getgem.helpers import act, build


def _play(n: int, seed: int, ai_seats: set[int], options: dict | None = None) -> tuple[int, ...]:
    s = R.new(n, seed, options)
    rng = random.Random(seed * 7919 + 1)
    while R.result(s) is None:
        seat = R.to_act(s)[0]
        legal = R.legal(s, seat)
        if seat in ai_seats:
            action = ai.choose(R.view(s, seat), seat, legal, rng)
            assert action in legal
        else:
            action = rng.choice(legal)
        s = R.apply(s, seat, action).state
    return R.result(s).winners


def test_ai_plays_only_legal_moves_at_every_table_size() -> None:
    for n in range(2, 6):
        for seed in range(6):
            _play(n, 1000 * n + seed, set(range(n)), {"match_play": seed % 2 == 0, "max_turns": 150})


def test_ai_beats_random_clearly_in_two_player_games() -> None:
    wins = 0
    games = 200
    for seed in range(games):
        ai_seat = seed % 2
        if _play(2, seed, {ai_seat}) == (ai_seat,):
            wins += 1
    assert wins / games >= 0.75, wins


def test_ai_uses_a_barrier_against_a_steal_and_declares_when_it_can() -> None:
    rng = random.Random(0)
    s = build(2, [["steal", "fire"], ["push_barrier", "water"]])
    s, _ = act(s, 0, {"type": "play", "card": min(c for c in s["hands"][0] if s["cat"][c] == "steal")})
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    assert ai.choose(R.view(s, 1), 1, R.legal(s, 1), rng) == {"type": "barrier", "use": True}

    s = build(2, [["fire", "water", "thunder", "arm"], ["water"]])
    assert ai.choose(R.view(s, 0), 0, R.legal(s, 0), rng) == {"type": "declare"}


def test_ai_pushes_a_curse_away_and_never_discards_one() -> None:
    rng = random.Random(0)
    s = build(2, [["push_peep", "curse", "fire"], ["water", "thunder"]])
    a = ai.choose(R.view(s, 0), 0, R.legal(s, 0), rng)
    assert a.get("mode") == "push"
    s, _ = act(s, 0, a)
    s, _ = act(s, 0, ai.choose(R.view(s, 0), 0, R.legal(s, 0), rng))
    s, _ = act(s, 1, {"type": "barrier", "use": False})
    give = ai.choose(R.view(s, 0), 0, R.legal(s, 0), rng)
    assert s["cat"][give["card"]] == "curse"


HOUSE = {
    "push_onto_empty": False,
    "push_optional": True,
    "same_phase_win": "seat_order",
    "redeclare": True,
    "limit_first": True,
    "first_player": "host",
    "arm_self": True,
    "peep_barred_counts": False,
}


def test_ai_plays_only_legal_moves_under_every_house_rule() -> None:
    other = {"push_onto_empty": True, "push_optional": True, "redeclare": True, "match_play": True}
    for n in range(2, 6):
        for seed in range(4):
            house = HOUSE if seed % 2 == 0 else other
            _play(n, 7000 * n + seed, set(range(n)), {**house, "max_turns": 120})


def test_ai_with_an_optional_push_gives_a_curse_but_keeps_good_cards() -> None:
    rng = random.Random(0)
    for hand, gives in ((["push_barrier", "curse", "fire"], True), (["push_barrier", "steal", "fire"], False)):
        s = build(2, [hand, []], options={"push_optional": True})
        s, _ = act(
            s,
            0,
            {"type": "play", "card": min(c for c in s["hands"][0] if s["cat"][c] == "push_barrier"), "mode": "push"},
        )
        s, _ = act(s, 0, {"type": "target", "seat": 1})
        s, _ = act(s, 1, {"type": "barrier", "use": False})  # an empty hand is asked too (docs/rules/getgem.md §3)
        choice = ai.choose(R.view(s, 0), 0, R.legal(s, 0), rng)
        assert (choice["type"] == "pick" and s["cat"][choice["card"]] == "curse") is gives
        assert (choice == {"type": "skip"}) is not gives


def test_every_ai_level_plays_the_house_rules_legally() -> None:
    """easy, normal and strong (tiny search budget) at mixed tables, all new options switched."""
    from tests.ai.helpers import play

    house = {**HOUSE, "max_turns": 60, "match_play": True}
    for seats, seed in ((2, 1), (3, 2), (5, 3)):
        levels = [("strong", "normal", "easy")[(seat + seed) % 3] for seat in range(seats)]
        play("getgem", levels, seed, options=house)
        play("getgem", levels, seed, options={"push_optional": True, "redeclare": True, "max_turns": 60})
