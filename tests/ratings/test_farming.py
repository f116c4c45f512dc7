"""Ratings cannot be farmed: wins over opponents far below earn nothing; throwaway accounts stay off the ranked list."""

from __future__ import annotations

import pytest

from bot.core import stats
from bot.core.ratings import Skill, levels, rate_result, standing
from bot.core.ratings.ceiling import MARGIN
from bot.core.ratings.scale import model
from tests.ratings.sim import SEATS, play_against


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_ceiling_is_narrower_than_the_gap_from_easy_to_normal(game: str) -> None:
    easy, normal = levels.level_skill(game, "easy"), levels.level_skill(game, "normal")
    assert max(Skill().mu, easy.mu + MARGIN) < normal.mu


@pytest.mark.parametrize(("game", "wins"), [(game, 1000 if SEATS[game] == 2 else 100) for game in sorted(SEATS)])
def test_winning_only_against_easy_plateaus_below_normal(game: str, wins: int) -> None:
    normal = levels.level_skill(game, "normal").shown
    ratings = play_against(game, "easy", [True] * wins)
    assert max(r.shown for r in ratings) < normal
    assert ratings[-1].shown == ratings[wins // 2].shown  # a plateau: the last half earned nothing


def test_a_win_over_a_close_opponent_still_counts_in_full() -> None:
    seats = [{"user_id": 1, "name": "a"}, {"user_id": 2, "name": "b"}]
    result = {"winners": [0], "scores": [0, 0], "seats": seats}
    a, b = rate_result("portas", result, {1: Skill(26.0, 4.0, 20), 2: Skill(25.0, 4.0, 20)})
    m = model()
    (free,), _ = m.rate([[m.rating(mu=26.0, sigma=4.0)], [m.rating(mu=25.0, sigma=4.0)]], ranks=[0, 1])
    assert a.after.mu == pytest.approx(free.mu) and a.after.mu > a.before.mu and b.after.mu < b.before.mu


def test_a_fresh_alt_every_5_games_lifts_no_one_and_ranks_no_one() -> None:
    """The issue's attack: a main beats a new throwaway account 5 times, then another, for 100 games."""
    main, current = 1, {}
    entries: dict[int, tuple[str, Skill]] = {}
    played: list[tuple[int, int, dict]] = []
    for game in range(100):
        alt = 1000 + game // 5
        seats = [{"user_id": main, "name": "main"}, {"user_id": alt, "name": f"alt{alt}"}]
        result = {"winners": [0], "scores": [0, 0], "seats": seats}
        for change in rate_result("portas", result, current):
            current[change.user_id] = change.after
            entries[change.user_id] = (seats[change.seat]["name"], change.after)
            played.append((change.user_id, change.seat, result))
    assert current[main].shown <= Skill().shown + round(MARGIN * 20)  # at most the ceiling over a new player
    board = stats.rating_board(
        [(uid, name, skill) for uid, (name, skill) in entries.items()], opponents=standing.distinct_opponents(played)
    )
    assert all(r.user_id != main or r.skill.shown < 1600 for r in board.ranked)
    assert not any(r.user_id >= 1000 for r in board.ranked)  # 5 games each: every alt provisional


def test_many_games_against_one_opponent_are_not_enough_to_be_ranked() -> None:
    ratings = play_against("getgem", "easy", [True] * 30)
    result = {"seats": [{"user_id": 1}, {"ai": "easy"}]}
    opponents = standing.distinct_opponents([(1, 0, result)] * 30)
    assert opponents == {1: 1}
    board = stats.rating_board([(1, "farmer", ratings[-1])], opponents=opponents)
    assert board.ranked == [] and [r.user_id for r in board.provisional] == [1]
    # three different opponents (each AI level counts once) and enough games: ranked
    three = standing.distinct_opponents([(1, 0, {"seats": [{"user_id": 1}, {"ai": lv}]}) for lv in levels.FALLBACK])
    assert stats.rating_board([(1, "player", ratings[-1])], opponents=three).ranked


def test_a_returning_player_after_forget_me_is_provisional() -> None:
    """forget-me keeps the old rating under an anonymous number: the same user id starts again as new."""
    assert Skill().provisional and not standing.ranked(Skill(), standing.RANKED_OPPONENTS)
