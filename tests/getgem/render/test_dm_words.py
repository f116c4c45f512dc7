"""GETGEM DMs speak to their reader: private lines in the second person, help beside each
action card, why a card has no button, and the end of the game as "you" read it."""

from __future__ import annotations

from bot import i18n
from bot.engine import Event
from cogs.getgem import render, strings
from cogs.getgem import rules as R
from tests.getgem.helpers import act, build, ids_of

i18n.register(strings.STRINGS)
NAMES = ["Aki", "Ben", "Cho"]


def _events_after_steal(locale: str) -> tuple[list[Event], dict]:
    s = build(2, [["steal"], ["water"]])
    s, ev1 = act(s, 0, {"type": "play", "card": ids_of(s, 0, "steal")[0]})
    s, ev2 = act(s, 0, {"type": "target", "seat": 1})
    s, ev3 = act(s, 1, {"type": "barrier", "use": False})
    return [e for e in ev1 + ev2 + ev3 if e.to is not None], s


def test_a_steal_reads_as_you_for_taker_and_victim() -> None:
    tr = i18n.translator("en")
    private, _ = _events_after_steal("en")
    stolen = [e for e in private if e.kind == "stolen"]
    assert len(stolen) == 1
    assert render.event(stolen[0], NAMES, tr, 0) == "You took 💧 Water from Ben."
    assert render.event(stolen[0], NAMES, tr, 1) == "Aki took a card from you: 💧 Water."
    # without a reader (a replay, a log) the line stays in the third person
    assert render.event(stolen[0], NAMES, tr) == "Aki took 💧 Water from Ben."
    ja = i18n.translator("ja")
    assert render.event(stolen[0], NAMES, ja, 1).startswith("Akiに")


def test_push_and_peek_read_as_you() -> None:
    tr = i18n.translator("en")
    pushed = Event("pushed", {"seat": 0, "target": 2, "card": 14, "card_type": "curse"}, (0, 2))
    assert render.event(pushed, NAMES, tr, 0).startswith("You gave 💀 Curse to Cho")
    assert render.event(pushed, NAMES, tr, 2) == "Aki pushed a card onto you: 💀 Curse."
    peeked = Event("peeked", {"seat": 1, "target": 0, "cards": [0], "card_types": ["fire"]}, (1,))
    assert render.event(peeked, NAMES, tr, 1).startswith("You peeked at Aki's hand")
    # a public event never turns into "you", even for its subject
    assert "You" not in render.event(Event("steal", {"seat": 0, "victim": 1}), NAMES, tr, 0)


def test_every_action_card_in_hand_has_one_help_line() -> None:
    for locale in ("en", "ja"):
        tr = i18n.translator(locale)
        s = build(2, [["steal", "steal", "exchange", "arm", "push_peep", "push_barrier", "fire"], ["water"]])
        text = render.private(R.view(s, 0), 0, NAMES, tr)
        for t in ("steal", "exchange", "arm", "push_peep", "push_barrier"):
            assert text.count(tr("getgem.help." + t)) == 1, (locale, t)
        assert text.count("\n-# ") == 5  # one per kind, none for the gem
    plain = render.private(R.view(build(2, [["fire"], ["water"]]), 0), 0, NAMES, i18n.translator("en"))
    assert "-# " not in plain


def test_a_card_without_its_button_says_why() -> None:
    tr = i18n.translator("en")
    s = build(2, [["arm", "steal"], []])
    text = render.private(R.view(s, 0), 0, NAMES, tr)
    assert "Excavation Arm: the discard pile is empty." in text
    assert "Steal: no other player holds a card." in text
    offered = build(2, [["arm", "steal"], ["water"]], discard=["fire"])
    text = render.private(R.view(offered, 0), 0, NAMES, tr)
    assert "discard pile is empty" not in text and "no other player" not in text
    # not your turn: no reasons, only the help
    assert "discard pile is empty" not in render.private(R.view(s, 1), 1, NAMES, tr)


def test_the_dm_ends_with_your_result() -> None:
    tr = i18n.translator("en")
    s = build(2, [["fire"], ["water"]])
    s["over"] = {"winners": [0], "reason": "declare", "scores": [1, 0]}
    assert render.private(R.view(s, 0), 0, NAMES, tr).endswith("🏆 You win!")
    loser = render.private(R.view(s, 1), 1, NAMES, tr)
    assert loser.endswith("🏆 Aki wins!\nYou did not win this time.")
    match = build(3, [["fire"], ["water"], ["thunder"]], options={"match_play": True})
    match["over"] = {"winners": [2], "reason": "declare", "scores": [2, 1, 5]}
    text = render.private(R.view(match, 1), 1, NAMES, tr)
    assert text.endswith("Your place: 3 of 3 (score 1).")
    ja = render.private(R.view(match, 2), 2, NAMES, i18n.translator("ja"))
    assert "あなたの勝ち" in ja and ja.endswith("あなたの順位：3人中1位（5点）")


def test_the_presenter_words_each_private_line_for_its_reader() -> None:
    """The platform passes the DM's seat to render.event: each reader of a steal gets its own sentence."""
    from types import SimpleNamespace

    from bot.core.store.records import SeatRecord, SessionRecord
    from bot.frontend.presenting.dm_screens import DmScreens

    private, _ = _events_after_steal("en")
    seats = [SeatRecord(0, "Aki", user_id=10), SeatRecord(1, "Ben", user_id=11, locale="ja")]
    record = SessionRecord(7, "getgem", 1, 2, 10, "active", 0, 0.0, 0.0, seats=seats)
    holder = SimpleNamespace(recent={})
    DmScreens.remember(holder, record, private)  # type: ignore[arg-type]
    assert holder.recent[(7, 0)] == ["You took 💧 Water from Ben."]
    assert holder.recent[(7, 1)] == ["Akiに💧 水の宝玉を取られました。"]
