"""A step line as its reader reads it (bot.frontend.presenting.tutorial_lines.text): names, "you", buttons, variants."""

from __future__ import annotations

from bot import i18n
from bot.core import tutorial
from bot.core.store import SeatRecord, SessionRecord
from bot.core.tutorial import Line
from bot.frontend.presenting.tutorial_lines import text


def _record() -> SessionRecord:
    return SessionRecord(id=1, game="eminit", guild_id=1, channel_id=1, host_id=1, status="active", seed=1,
                         created_at=0.0, updated_at=0.0,
                         seats=[SeatRecord(seat=0, name="alice", user_id=1), SeatRecord(seat=1, name="AI 1"),
                                SeatRecord(seat=2, name="AI 2")])


def test_a_seat_is_named_and_the_learner_is_you_in_each_language() -> None:
    tutorial.load("eminit")
    record = _record()
    reflect = Line("eminit.learn.effect.reflect", {"seat": 1, "target": 0})
    assert "**AI 1**" in text(record, i18n.translator("en"), reflect, 0)
    assert "**you**" in text(record, i18n.translator("en"), reflect, 0)
    assert "**あなた**" in text(record, i18n.translator("ja"), reflect, 0)


def test_the_learners_own_act_takes_its_variant_in_each_language() -> None:
    tutorial.load("eminit")
    record = _record()
    suck = Line("eminit.learn.effect.suck", {"seat": 0})
    assert text(record, i18n.translator("en"), suck, 0).startswith("💡 Your Suck")
    assert text(record, i18n.translator("ja"), suck, 0).startswith("💡 あなたの吸引")
    assert "**AI 1**" in text(record, i18n.translator("en"), Line("eminit.learn.effect.suck", {"seat": 1}), 0)


def test_a_label_field_is_the_buttons_own_words() -> None:
    tutorial.load("getgem")
    turn = Line("getgem.learn.turn", {"end_label": "getgem.control.end"})
    assert "**End turn**" in text(_record(), i18n.translator("en"), turn, 0)
    assert "「ターン終了」" in text(_record(), i18n.translator("ja"), turn, 0)
