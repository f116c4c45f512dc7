"""The closing line: the winner's score first, "pt"/"pts" (and 点), no scores row that only repeats the winner."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.core.games import get
from bot.core.store import SeatRecord, SessionRecord
from bot.engine import Result
from bot.frontend.presenting import results


def _record(game: str, locale: str = "en") -> SessionRecord:
    seats = [SeatRecord(0, "alice", 1), SeatRecord(1, "bob", 2), SeatRecord(2, "carol", 3)]
    return SessionRecord(1, game, 10, 20, 1, "finished", 0, 0.0, 0.0, locale=locale, seats=seats, state={})


def _text(result: Result, game: str = "portas", locale: str = "en") -> str:
    return results.result_text(_record(game, locale), get(game), i18n.translator(locale), result)


def test_winner_first_with_points_in_words() -> None:
    text = _text(Result((1,), (0.0, 8.0, 1.0)))
    assert "Scores: bob 8 pts · carol 1 pt · alice 0 pts" in text, text  # then by points: a ranking, top down
    assert "bob won" in text


def test_japanese_points() -> None:
    text = _text(Result((2,), (3.0, 0.0, 5.0)), locale="ja")
    assert "carol（5点）／alice（3点）／bob（0点）" in text, text  # never "AI 1 27点"


@pytest.mark.parametrize("scores", [(0.0, 0.0, 0.0), (0.0, 1.0, 0.0)])
def test_no_scores_row_when_the_scores_only_say_who_won(scores: tuple[float, ...]) -> None:
    text = _text(Result((1,), scores), game="getgem")
    assert "Scores" not in text and "bob" in text, text


def test_a_draw_with_points_lists_everyone_by_seat() -> None:
    text = _text(Result((), (4.0, 4.0, 1.0)))
    assert "Scores: alice 4 pts · bob 4 pts · carol 1 pt" in text, text
