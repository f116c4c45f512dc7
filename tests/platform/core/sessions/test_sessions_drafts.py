"""Drafts (bot.core.sessions.drafts): editing a draft leaves the live record alone; adopting keeps every identity."""

from __future__ import annotations

from bot.core.sessions import drafts
from bot.core.store import SeatRecord, SessionRecord


def _record() -> SessionRecord:
    return SessionRecord(
        id=1, game="portas", guild_id=1, channel_id=2, host_id=3, status="lobby", seed=4, created_at=0.0,
        updated_at=0.0, options={"x": 1}, prompts={"0": [0, "d"]}, log=[{"kind": "a"}],
        seats=[SeatRecord(seat=0, name="a", user_id=3), SeatRecord(seat=1, name="b", user_id=5)],
    )


def test_a_draft_shares_nothing_a_change_edits() -> None:
    live = _record()
    before = _record()
    d = drafts.draft(live)
    d.status = "active"
    d.seats[0].timeouts = 2
    d.seats.append(SeatRecord(seat=2, name="AI 1", ai_level="easy"))
    d.prompts["0"][0] = 9
    d.prompts["1"] = [1, "e"]
    d.log.append({"kind": "b"})
    d.options["x"] = 2
    assert live == before


def test_adopting_keeps_the_live_objects_and_takes_the_values() -> None:
    live = _record()
    seat0 = live.seats[0]
    d = drafts.draft(live)
    del d.seats[0]
    d.seats[0].seat = 0
    d.host_id = 5
    d.version = 3
    drafts.adopt(live, d)
    assert live == d and live.seats[0] is seat0 and seat0.name == "b"  # same objects, the draft's values
    d2 = drafts.draft(live)
    d2.seats.append(SeatRecord(seat=1, name="c", user_id=6))
    drafts.adopt(live, d2)
    assert [s.name for s in live.seats] == ["b", "c"] and live.seats[0] is seat0
