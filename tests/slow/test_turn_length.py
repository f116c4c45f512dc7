"""The lobby's host picks the turn length with the pace: hours for relaxed, days for correspondence.

The lobby's *Pace* button cycles live → relaxed 4, 12, 24 hours → correspondence 1, 3, 7 days → live;
a lobby opened at a slow pace starts at the server's timer (``/game settings timer``) when it is hours
(relaxed) or days (correspondence), else at the pace's default (12 hours, 3 days).  The pick is saved with the
game (``sessions.pace_turn``), read back after a restart, sets the turn's deadline and scales the
rule-defined windows, and the lobby and the board say it in English and Japanese.
"""

from __future__ import annotations

from pathlib import Path

from bot import i18n
from bot.core import games
from bot.core import pace_words as words
from bot.core.slow import pace
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.ui import payloads
from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, _manager

HOUR, DAY = pace.HOUR, pace.DAY
CYCLE = [("relaxed", 4 * HOUR), ("relaxed", 12 * HOUR), ("relaxed", 24 * HOUR), ("correspondence", DAY),
         ("correspondence", 3 * DAY), ("correspondence", 7 * DAY), ("live", None)]


def test_the_cycle_and_the_defaults() -> None:
    assert pace.next_choice("live", None) == ("relaxed", 4 * HOUR)
    assert pace.next_choice("relaxed", None) == ("relaxed", 24 * HOUR)  # a lobby at relaxed is at 12 hours
    assert pace.next_choice("correspondence", 7 * DAY) == ("live", None)
    assert pace.turn_seconds("relaxed", 120, 4 * HOUR) == 4 * HOUR
    assert pace.turn_seconds("correspondence", 120, 4 * HOUR) == 3 * DAY  # not one of its lengths: the default
    assert pace.window_seconds("relaxed", 30, 4 * HOUR) == HOUR  # a 30-s window scales with the picked turn
    # before the host picks: the server's timer if it is hours (relaxed) or days (correspondence), else the default
    assert pace.turn_seconds("relaxed", 2 * HOUR) == 2 * HOUR and pace.turn_seconds("relaxed", 120) == 12 * HOUR
    assert pace.turn_seconds("correspondence", 2 * DAY) == 2 * DAY
    assert pace.turn_seconds("correspondence", 2 * HOUR) == 3 * DAY
    assert pace.next_choice("relaxed", None, 2 * HOUR) == ("relaxed", 4 * HOUR)  # the next longer length
    assert pace.next_choice("correspondence", None, 5 * DAY) == ("correspondence", 7 * DAY)


async def test_the_host_picks_hours_or_days_and_the_game_keeps_them(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("portas", guild_id=1, channel_id=60, host=ALICE, locale="en")
    seen = []
    for _ in CYCLE:
        await m.set_pace(record.id, ALICE)
        seen.append((record.pace, record.pace_turn))
    assert seen == CYCLE
    for _ in range(6):  # round again to correspondence, 7 days
        await m.set_pace(record.id, ALICE)
    assert (record.pace, record.pace_turn) == ("correspondence", 7 * DAY)
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    assert record.deadline == clock.now + 7 * DAY  # the pick is the turn
    await m.close()
    await m.store.close()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)  # a restart
    await m.restore()
    again = m.by_id(record.id)
    assert (again.pace, again.pace_turn) == ("correspondence", 7 * DAY)
    await m.close()
    await m.store.close()


def test_lobby_and_board_say_the_picked_length() -> None:
    spec = games.get("portas")
    record = SessionRecord(id=5, game="portas", guild_id=1, channel_id=2, host_id=1, status="lobby", seed=1,
                           created_at=0, updated_at=0, pace="relaxed", pace_turn=4 * HOUR)
    record.seats = [SeatRecord(seat=0, name="alice", user_id=1)]
    for locale, said in (("en", "relaxed (4 hours a turn)"), ("ja", "のんびり（1手4時間）")):
        tr = i18n.translator(locale)
        children = list(payloads.lobby(record, spec, tr)["view"].walk_children())
        assert any(said in c.content for c in children if hasattr(c, "content")), locale
        (button,) = [c for c in children if (getattr(c, "custom_id", None) or "").endswith(":pace")]
        assert button.item.label == tr("pace.button", pace=said), locale  # the button names the length it cycles
    record.pace, record.pace_turn = "correspondence", 7 * DAY
    assert words.board_parts(i18n.translator("en"), record) == ["Pace: correspondence (7 days a turn)"]
    assert words.board_parts(i18n.translator("ja"), record) == ["ペース：長期戦（1手7日）"]
    record.pace_turn, record.turn_timeout = None, 2 * DAY  # the server's timer: 2 days
    assert words.board_parts(i18n.translator("en"), record) == ["Pace: correspondence (2 days a turn)"]


async def test_a_lobby_opened_slow_starts_at_the_servers_timer(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("portas", guild_id=1, channel_id=61, host=ALICE, locale="en",
                               turn_timeout=2 * DAY, pace="correspondence")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    assert record.deadline == clock.now + 2 * DAY
    await m.close()
    await m.store.close()


async def test_a_lobby_opened_with_a_turn_length_keeps_it(tmp_path: Path) -> None:
    """What Rematch does: the new lobby starts at the old game's pace *and* turn length, saved with its first insert."""
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    old = await m.new_lobby("portas", guild_id=1, channel_id=61, host=ALICE, locale="en")
    await m.set_pace(old.id, ALICE)  # relaxed, 4 hours
    again = await m.new_lobby("portas", guild_id=1, channel_id=62, host=ALICE, locale="en", pace=old.pace,
                              pace_turn=old.pace_turn)
    live = await m.new_lobby("portas", guild_id=1, channel_id=63, host=ALICE, locale="en", pace="live",
                             pace_turn=4 * HOUR)
    assert (again.pace, again.pace_turn) == ("relaxed", 4 * HOUR)
    assert (live.pace, live.pace_turn) == ("live", None)  # a live game has no slow turn length
    await m.close()
    await m.store.close()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)  # a restart reads the insert
    await m.restore()
    assert (m.by_id(again.id).pace, m.by_id(again.id).pace_turn) == ("relaxed", 4 * HOUR)
    await m.close()
    await m.store.close()


async def test_a_waiting_dm_of_a_slow_game_says_how_it_catches_up(tmp_path: Path) -> None:
    """Others' public moves reach a slow game's DM by a catch-up, not at once: the waiting DM says so; live: not."""
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("getgem", guild_id=1, channel_id=64, host=ALICE, locale="en", pace="relaxed")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    spec = games.get("getgem")
    assert record.state is not None
    (waiting,) = [s for s in range(2) if s not in spec.rules.to_act(record.state)]

    def said(locale: str) -> str:
        payload = payloads.private(record, spec, waiting, i18n.translator(locale), "games", picture=None)
        return "\n".join(c.content for c in payload["view"].walk_children() if hasattr(c, "content"))

    for locale in ("en", "ja"):
        assert i18n.translator(locale)("dm.slow_wait") in said(locale), locale
    record.pace = "live"
    assert i18n.translator("en")("dm.slow_wait") not in said("en")
    await m.close()
    await m.store.close()
