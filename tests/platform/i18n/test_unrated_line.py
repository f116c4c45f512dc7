"""A finished game that changed no rating says so in its result post, in the channel's language."""

from __future__ import annotations

from bot import i18n
from bot.core.games import get
from bot.core.ratings import Change, Skill
from bot.core.store import SeatRecord, SessionRecord
from bot.engine import Result
from bot.frontend.presenting import results
from bot.frontend.ui import ratings


def _text(locale: str, changes: list[Change] | None) -> str:
    seats = [SeatRecord(0, "alice", 1), SeatRecord(1, "AI 1", None, ai_level="normal")]
    record = SessionRecord(1, "portas", None, 20, 1, "finished", 0, 0.0, 0.0, locale=locale, seats=seats, state={})
    return results.result_text(record, get("portas"), i18n.translator(locale), Result((0,), (0.0, 0.0)), changes)


def test_an_unrated_game_says_so_in_both_languages() -> None:
    assert "This game was not rated." in _text("en", [])
    assert "このゲームはレーティングの対象外です。" in _text("ja", [])


def test_a_rated_game_does_not() -> None:
    change = Change(seat=0, user_id=1, before=Skill(), after=Skill(mu=27.0))
    text = _text("en", [change])
    assert "not rated" not in text and "Ratings" in text


def test_changes_that_could_not_be_read_are_not_called_unrated() -> None:
    text = _text("en", None)  # the store failed to answer: whether the game was rated is unknown
    assert "not rated" not in text and "Ratings" not in text and "alice" in text


def test_unrated_for_some_players_names_them() -> None:
    tr = i18n.translator("en")
    assert ratings.unrated_line(tr, ["alice", "bob"]) == "-# Not rated for alice and bob."
    assert ratings.unrated_line(i18n.translator("ja"), ["alice"]) == "-# aliceはレーティングの対象外です。"
