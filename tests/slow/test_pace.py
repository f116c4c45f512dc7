"""A game's pace: the host picks it in the lobby, turns and rule-defined windows scale with it.

Through the session manager with a real engine (Eminit's Treasure, three
humans, an injected clock): a correspondence game's own turn lasts days, its
declaration window hours (not 30 s); the window still closes as soon as all who
may answer have answered, and its silence is still the rule's answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import i18n
from bot.core import games
from bot.core import pace_words as words
from bot.core import settings as server_settings
from bot.core.sessions import SessionError, prompts
from bot.core.slow import pace
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.ui import payloads
from tests.platform.core.sessions.clock.test_reaction_windows import _to_contest
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Clock, _manager

PLAYERS = (ALICE, BOB, CAROL)


def test_pace_lengths() -> None:
    assert pace.turn_seconds("live", 90) == 90
    assert pace.turn_seconds("relaxed", 90) == 12 * pace.HOUR
    assert pace.turn_seconds("correspondence", 90) == 3 * pace.DAY
    assert pace.turn_seconds(None, 90) == 90 and pace.normal("bogus") == "live"
    assert pace.window_seconds("live", 30) == 30  # a live window is the rule's as written
    assert pace.window_seconds("relaxed", 30) == 3 * pace.HOUR
    assert pace.window_seconds("correspondence", 30) == 18 * pace.HOUR
    assert pace.window_seconds("correspondence", 600) == 1.5 * pace.DAY  # never more than half a turn
    assert [pace.next_pace(p) for p in pace.PACES] == ["relaxed", "correspondence", "live"]


def test_server_default_pace_and_week_long_timer() -> None:
    data = server_settings.change({}, "pace", "correspondence")
    assert server_settings.read(data).pace == "correspondence"
    assert server_settings.read(server_settings.change(data, "pace", "live")).pace == "live"
    assert server_settings.change(data, "pace", "live") == {}  # the default is not stored
    with pytest.raises(server_settings.SettingError):
        server_settings.change({}, "pace", "blitz")
    week = 7 * 24 * 3600
    assert server_settings.read(server_settings.change({}, "turn_timeout", week)).turn_timeout == week
    with pytest.raises(server_settings.SettingError):
        server_settings.change({}, "turn_timeout", week + 1)


async def _lobby(tmp_path: Path, clock: Clock):  # type: ignore[no-untyped-def]
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100, afk_limit=2)
    m.ai_delay = 3600
    record = await m.new_lobby("eminit", guild_id=1, channel_id=70, host=ALICE, locale="en", pace="relaxed")
    await m.join(record.id, BOB)
    await m.join(record.id, CAROL)
    return m, record


async def test_host_picks_the_pace_and_it_is_kept(tmp_path: Path) -> None:
    clock = Clock()
    m, record = await _lobby(tmp_path, clock)
    assert record.pace == "relaxed"  # the server's default, given when the lobby opened
    with pytest.raises(SessionError) as refused:
        await m.set_pace(record.id, BOB)
    assert refused.value.code == "host_only"
    await m.set_pace(record.id, ALICE, "correspondence")
    assert record.pace == "correspondence"
    assert (await m.store.get_session(record.id)).pace == "correspondence"  # saved, not only in memory
    await m.start(record.id, ALICE)
    assert record.deadline == clock.now + 3 * pace.DAY  # an own turn: days
    with pytest.raises(SessionError) as late:
        await m.set_pace(record.id, ALICE)
    assert late.value.code == "already_started"
    await m.close()
    await m.store.close()


async def test_windows_scale_close_early_and_silence_still_answers(tmp_path: Path) -> None:
    clock = Clock()
    m, record = await _lobby(tmp_path, clock)
    await m.set_pace(record.id, ALICE, "correspondence")
    await m.start(record.id, ALICE)
    spec = m.spec(record)
    await _to_contest(m, record)
    window = pace.window_seconds("correspondence", spec.reaction_timeout(record.options))
    assert window >= pace.HOUR and record.deadline == clock.now + window  # hours, not 30 s
    # everyone who may answer answers: the window closes at once, long before its deadline
    for seat in [s for s in spec.rules.to_act(record.state) if prompts.is_reaction(spec, record, s)]:
        await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), 0)
    assert not any(prompts.is_reaction(spec, record, s) for s in prompts.waiting_humans(spec, record))
    # the next contest nobody answers: at its end silence is the rule's answer, no timeout counted
    await _to_contest(m, record)
    silent = prompts.waiting_humans(spec, record)
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)
    assert not any(prompts.is_reaction(spec, record, s) for s in silent)
    assert [s.timeouts for s in record.seats] == [0, 0, 0]
    await m.close()
    await m.store.close()


def test_lobby_and_board_show_the_pace() -> None:
    spec = games.get("portas")
    record = SessionRecord(id=5, game="portas", guild_id=1, channel_id=2, host_id=1, status="lobby", seed=1,
                           created_at=0, updated_at=0, pace="correspondence")
    record.seats = [SeatRecord(seat=0, name="alice", user_id=1)]
    for locale, said in (("en", "correspondence (3 days a turn)"), ("ja", "長期戦（1手3日）")):
        tr = i18n.translator(locale)
        assert words.label(tr, record) == said
        children = list(payloads.lobby(record, spec, tr)["view"].walk_children())
        assert any(said in c.content for c in children if hasattr(c, "content"))
        assert "k:l:5:pace" in [getattr(c, "custom_id", None) for c in children]
    record.pace = "live"
    assert words.board_parts(i18n.translator("en"), record) == []  # a live board reads as before
    record.pace = "relaxed"
    assert words.board_parts(i18n.translator("en"), record) == ["Pace: relaxed (12 hours a turn)"]


def test_slow_games_afk_limit_is_a_server_setting() -> None:
    assert server_settings.read({}).afk_limit_slow is None  # the bot's own default
    data = server_settings.change({}, "afk_limit_slow", 8)
    assert server_settings.read(data).afk_limit_slow == 8
    assert server_settings.change(data, "afk_limit_slow", None) == {}
    with pytest.raises(server_settings.SettingError):
        server_settings.change({}, "afk_limit_slow", 0)


async def test_a_slow_game_hands_the_seat_over_at_its_servers_limit(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100, afk_limit=1)
    m.ai_delay = 3600
    await m.store.set_guild_settings(1, server_settings.change({}, "afk_limit_slow", 2))
    record = await m.new_lobby("portas", guild_id=1, channel_id=80, host=ALICE, locale="en", pace="correspondence")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    seat = prompts.waiting_humans(m.spec(record), record)[0]
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)  # a timed-out own turn: the normal AI plays it, the seat stays
    assert record.seats[seat].timeouts == 1 and record.seats[seat].ai_level is None  # live's limit (1) not used
    other = 1 - seat
    await m.act(record.id, PLAYERS[other].user_id, m.prompt_version(record, other), 0)
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)
    assert record.seats[seat].timeouts == 2 and record.seats[seat].ai_level is not None  # the server's limit: 2
    await m.close()
    await m.store.close()
