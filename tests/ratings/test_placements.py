"""Placements from each game's results, and that they reach ``openskill`` as its ranks.

The results are the shapes each engine's ``result()`` gives (see each game's
rules module): winners, the game's own scores (0s where it has none), and the
platform's forfeit result of a two-seat game.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.core.ratings import Skill, places, places_of, rate_result
from bot.core.ratings.scale import model
from bot.engine import Result
from tests import gamekit


def _stored(result: Result, players: int | None = None) -> dict[str, Any]:
    """The JSON the store keeps for a result (``Table.result_json``): four players by default."""
    data: dict[str, Any] = result.to_json()
    n = len(result.scores) if players is None else players
    data["seats"] = [{"user_id": 100 + i, "name": f"p{i}", "ai": None} for i in range(n)]
    return data


CASES = [(e.game, result, places) for e in gamekit.every() for result, places in e.placements]
"""Each game's results and the places they rate as (its ``PLACEMENTS`` in ``tests/<game>/expectations.py``)."""


@pytest.mark.parametrize(("game", "result", "expected"), CASES)
def test_places_follow_winners_then_scores(game: str, result: Result, expected: list[int]) -> None:
    assert places_of(_stored(result)) == expected
    assert places(result.winners, result.scores, len(result.scores)) == expected


@pytest.mark.parametrize(("game", "result", "expected"), CASES)
def test_places_are_openskill_ranks(game: str, result: Result, expected: list[int]) -> None:
    """rate_result gives what openskill gives for those ranks, seat by seat (new players all)."""
    m = model()
    direct = m.rate([[m.rating()] for _ in expected], ranks=expected)
    changes = rate_result(game, _stored(result), {})
    assert [c.seat for c in changes] == list(range(len(expected)))
    for c in changes:
        assert c.after.mu == pytest.approx(direct[c.seat][0].mu)
        assert c.after.sigma == pytest.approx(direct[c.seat][0].sigma)
        assert c.after.games == 1
    # a shared place moves its players alike; a better place never gains less
    by_place = sorted(changes, key=lambda c: expected[c.seat])
    for a, b in itertools.pairwise(by_place):
        if expected[a.seat] == expected[b.seat]:
            assert a.after.mu == pytest.approx(b.after.mu)
        else:
            assert a.after.mu > b.after.mu


def test_promotion_moves_all_four_in_placement_order() -> None:
    """Four rated players of a Promotion game: the King gains, the others lose, by their places."""
    current = {100: Skill(26.0, 5.0, 8), 101: Skill(24.0, 5.0, 8), 102: Skill(25.0, 5.0, 8), 103: Skill(25.0, 5.0, 8)}
    changes = rate_result("promotion", _stored(Result((1,), (0.0,) * 4, "king")), current)
    moved = {c.user_id: c.after.mu - c.before.mu for c in changes}
    assert len(moved) == 4 and all(abs(d) > 0.01 for d in moved.values())
    assert moved[101] > 0 > max(moved[100], moved[102], moved[103])
    # the others shared a place: the favourite (26) loses most to an underdog's King
    assert moved[100] < moved[102]
    assert {c.user_id: c.delta > 0 for c in changes} == {100: False, 101: True, 102: False, 103: False}
