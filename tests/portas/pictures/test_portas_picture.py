"""PORTAS's phone-first picture: the score card reads as the message does, many ports stay readable."""

from __future__ import annotations

import copy
from typing import Any

from bot import i18n
from bot.pictures import samples
from cogs.portas import picture, rules
from tests.pictures import textprobe

NAMES = list(samples.LONG_NAMES[:2])


def _finished() -> dict[str, Any]:
    return picture.board_inputs(rules.view(samples.play("portas", 2, 1, 5000), None))


def _scores_left_to_right(shown: dict[str, Any], locale: str) -> list[str]:
    rec = textprobe.record(picture.draw_board, shown, NAMES, i18n.translator(locale))
    big = [run for run in rec.runs if run.size >= 40 and run.text.isdigit()]
    return [run.text for run in sorted(big, key=lambda run: run.box[0])]


def test_the_score_card_puts_the_winner_first_as_the_message_does() -> None:
    """The ja end banner said "AI 1 の勝ち 18 対 27" under a text saying 27対18: seat order against winner first."""
    shown = _finished()
    shown["result"] = {"winners": [1], "scores": [18, 27], "reason": "all_taken", "decided_by": "score"}
    shown["scores"] = [18, 27]
    for locale in ("en", "ja"):
        assert _scores_left_to_right(shown, locale) == ["27", "18"]
    shown["result"] = {"winners": [0], "scores": [27, 18], "reason": "all_taken", "decided_by": "score"}
    assert _scores_left_to_right(shown, "ja") == ["27", "18"]
    shown["result"] = {"winners": [], "scores": [20, 20], "reason": "both_passed", "decided_by": "draw"}
    assert _scores_left_to_right(shown, "ja") == ["20", "20"]


def test_many_ports_on_a_treasure_keep_every_value_in_view() -> None:
    """Eight ports of one seat (1+1+1+2+2+2+3+3 = 15) fan out: each value still shows, nothing overlaps."""
    shown = picture.board_inputs(rules.view(samples.play("portas", 2, 3, 6), None))
    shown = copy.deepcopy(shown)
    eight = [1, 1, 1, 2, 2, 2, 3, 3]
    shown["open"][0] = {"value": 15, "total": 15, "ports": [eight, [6, 4]]}
    shown["last"] = (15, 0, 3)
    for locale in ("en", "ja"):
        rec = textprobe.record(picture.draw_board, shown, NAMES, i18n.translator(locale))
        assert textprobe.problems(rec, NAMES) == []
        values = [run.text for run in rec.runs if run.size == 18 and run.text.isdigit()]
        assert sorted(values).count("1") >= 3 and values.count("3") >= 2, values
        assert textprobe.smallest(rec) >= 10


def test_every_ending_fits_its_line_in_both_languages() -> None:
    """Every reason and tie-break, en and ja: the line over the score card is never cut (the ja tie-break was)."""
    shown = _finished()
    for reason in ("all_taken", "both_passed"):
        for decided in ("score", "treasures", "last_taker", "draw"):
            winners = [] if decided == "draw" else [1]
            scores = [20, 20] if decided != "score" else [10, 30]
            ending = dict(shown, scores=scores)
            ending["result"] = {"winners": winners, "scores": scores, "reason": reason, "decided_by": decided}
            for locale in ("en", "ja"):
                rec = textprobe.record(picture.draw_board, ending, NAMES, i18n.translator(locale))
                assert textprobe.problems(rec, NAMES) == [], (reason, decided, locale)
