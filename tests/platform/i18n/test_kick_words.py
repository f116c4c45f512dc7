"""A moderator's kick is told as one: to the table, in the result of a 2-player game, and on the board's names.

Before, a kicked player's seat was announced with the timeout's words ("if you
timed out, make any move to take it back"), a 2-player kick read "bob left
the game", and the board kept calling the AI's seat "bob".
"""

from __future__ import annotations

from pathlib import Path

from bot import i18n
from bot.core import games
from bot.core.store import SessionRecord
from bot.engine import Event, Result
from bot.frontend.presenting import results
from bot.frontend.presenting.dm_screens import DmScreens
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Recorder, _manager, _two_player_game

MOD = 99


class Events(Recorder):
    def __init__(self) -> None:
        super().__init__()
        self.events: list[Event] = []

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        self.events += events


async def test_a_kick_is_told_as_a_moderators_and_a_leave_as_a_leave(tmp_path: Path) -> None:
    m, _ = await _manager(tmp_path / "k.sqlite3")
    rec = Events()
    m.presenter = rec
    m.ai_delay = 3600
    record = await m.new_lobby("getgem", guild_id=1, channel_id=51, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.join(record.id, CAROL)
    await m.start(record.id, ALICE)
    await m.leave_game(51, BOB, kicked_by=MOD)
    await m.leave_game(51, CAROL)
    assert [e.kind for e in rec.events[-2:]] == ["seat_kicked", "seat_left"]
    tr = i18n.translator("en")
    assert tr("event.seat_kicked", name="bob") == "🤖 A moderator took bob out of the game; an AI plays their seat now."
    assert "take it back" not in tr("event.seat_kicked", name="bob") + tr("event.seat_left", name="carol")
    assert record.names() == ["alice", "bob (AI)", "carol (AI)"]  # the board and its picture mark the AI's seats
    await m.close()
    await m.store.close()


async def test_a_kick_in_a_two_player_game_is_said_so_in_the_result(tmp_path: Path) -> None:
    m, rec = await _manager(tmp_path / "k.sqlite3")
    record = await _two_player_game(m)
    await m.leave_game(50, BOB, kicked_by=MOD)
    assert record.end_reason == "kicked" and rec.result == Result((0,), (0.0, 0.0), reason="forfeit")
    text = results.result_text(record, games.get("portas"), i18n.translator("en"), rec.result)
    assert "A moderator took bob out of the game." in text and "left the game" not in text
    screens = DmScreens(None, None, None)  # type: ignore[arg-type]  # only its lines are used here
    screens.add_reason(record)
    bob = next(s.seat for s in record.seats if s.user_id == BOB.user_id)
    assert screens.recent[(record.id, bob)][-1] == i18n.translator("en")("dm.kicked_end")
    assert all("moderator" not in line for line in screens.recent.get((record.id, 1 - bob), []))
    await m.close()
    await m.store.close()
