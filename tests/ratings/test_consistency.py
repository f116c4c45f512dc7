"""Numbers that agree: players and AI levels on one shown basis, ordered by strength, win chances that match them."""

from __future__ import annotations

import itertools

import pytest

from bot.core.ratings import Skill, levels, win_chances
from bot.core.ratings.scale import shown
from tests.ratings.sim import SEATS, play_against

GAMES = sorted(SEATS)


@pytest.mark.parametrize("game", GAMES)
def test_the_levels_show_in_the_order_of_their_measured_strength(game: str) -> None:
    measured = levels.table()[game]
    assert all(s.games > 0 for s in measured.values()), "every level of every game is measured (bench/ai/ratings.py)"
    assert measured["easy"].shown < measured["normal"].shown < measured["strong"].shown
    # clearly: each gap is more than 1.5 of the measurement's σ (the anchor's own is a floor, not an error)
    assert measured["normal"].mu - measured["easy"].mu > 1.5 * measured["easy"].sigma
    assert measured["strong"].mu - measured["normal"].mu > 1.5 * measured["strong"].sigma
    assert list(levels.levels_of(game)) == ["easy", "normal", "strong"]  # the reference line reads weakest first


def test_players_and_levels_are_shown_on_one_basis() -> None:
    # the number is the estimate: how unsure it is (a new player's 8.3, a level's ~2) does not move it
    assert Skill(27.5, 8.33).shown == Skill(27.5, 2.2).shown == shown(27.5)
    assert Skill().shown == 1500
    # a newcomer starts below Normal and above Easy in every game
    for game in GAMES:
        assert levels.level_skill(game, "easy").shown < Skill().shown < levels.level_skill(game, "normal").shown


@pytest.mark.parametrize("game", GAMES)
def test_a_newcomer_who_beats_easy_8_times_in_10_shows_above_it(game: str) -> None:
    easy = levels.level_skill(game, "easy").shown
    for losses in itertools.combinations(range(10), 2):
        final = play_against(game, "easy", [i not in losses for i in range(10)])[-1]
        assert final.shown > easy, (losses, final)
        assert final.provisional  # ten games against one opponent: still "?"


@pytest.mark.parametrize(("game", "level"), [(g, lv) for g in GAMES for lv in ("normal", "strong")])
def test_a_newcomer_who_beats_a_level_most_of_the_time_shows_above_it_within_10_games(game: str, level: str) -> None:
    target = levels.level_skill(game, level).shown
    ratings = play_against(game, level, [i not in (2, 6) for i in range(10)])
    assert ratings[-1].shown > target
    assert any(r.shown > target for r in ratings[:6])  # and well before the tenth game


def test_win_chances_follow_the_shown_numbers() -> None:
    newbie, normal, easy = Skill(), levels.level_skill("getgem", "normal"), levels.level_skill("getgem", "easy")
    same = Skill(normal.mu, 8.33)  # as shown as Normal, but a new player's uncertainty
    chances = win_chances([newbie, normal, easy, same])
    order = sorted(range(4), key=lambda i: [newbie, normal, easy, same][i].shown)
    assert [chances[i] for i in order] == sorted(chances)  # a higher number, a higher chance
    assert chances[1] == pytest.approx(chances[3])  # the same number, the same chance, whatever σ
    assert sum(chances) == pytest.approx(1.0)
