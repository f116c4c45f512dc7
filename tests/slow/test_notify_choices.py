"""``/game notify`` is respected, for own turns and for reaction windows, and its texts say nothing hidden.

Through the session manager with a real engine (Eminit's Treasure, three
humans): each person's choice per kind decides who gets a DM notice and who a
channel ping; nobody chose: a ping in a live game, a DM in a slow one.  A
reaction window (a contest's declarations) is never pinged in the channel,
whatever the choice.  Every DM notice and ``/game mine`` line is matched whole
against its template: the game, a link, the deadline as timestamps, and no
other word (no card, no hand, no declaration).
"""

from __future__ import annotations

import re
from pathlib import Path

from bot import i18n
from bot.core.sessions import prompts
from bot.core.slow import notify_prefs
from bot.core.store import SessionRecord
from bot.frontend.presenting.delivery import Delivery
from bot.frontend.presenting.slow.dm_notices import DmNotices, kind_of
from bot.frontend.presenting.turn_notices import turn_notices
from bot.frontend.server_commands import mine
from bot.transport.edits import Tokens
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Clock, _manager
from tests.slow.test_pace import PLAYERS, _to_contest

DM_TEXT = re.compile(
    r"(🔔 Your move|🔔 You are asked to choose|⏰ Half your time is gone) in \*\*Eminit's Treasure\*\*: "
    r"\[open the game\]\(https://discord\.com/channels/[0-9@me]+/\d+/\d+\)\nTime runs out <t:(\d+):R> \(<t:\2:f>\)\."
)


async def _game(tmp_path: Path, pace: str):  # type: ignore[no-untyped-def]
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=Clock(), turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("eminit", guild_id=1, channel_id=70, host=ALICE, locale="en", pace=pace)
    await m.join(record.id, BOB)
    await m.join(record.id, CAROL)
    await m.start(record.id, ALICE)
    notices = DmNotices(None, m.store, Tokens(), grace=0)  # type: ignore[arg-type]  # no Discord: who, not how
    return m, record, notices


def _told(m, record: SessionRecord, notices: DmNotices) -> tuple[set[int], set[int]]:  # type: ignore[no-untyped-def]
    """(seats DMed, seats pinged in the channel) for the record as it is."""
    spec = m.spec(record)
    dm = notices.due(record, spec)
    for notice in dm.values():
        assert DM_TEXT.fullmatch(notice.text), notice.text
    channel = notices.channel_only(record, spec, turn_notices(record, spec, Delivery))  # type: ignore[arg-type]
    return set(dm), set(channel)


async def test_choices_decide_dm_and_ping_for_own_turns_and_windows(tmp_path: Path) -> None:
    m, record, notices = await _game(tmp_path, "live")
    spec = m.spec(record)
    prefs = notices.prefs
    await prefs.set(ALICE.user_id, notify_prefs.OWN, notify_prefs.DM)  # alice: own turns by DM only
    await prefs.set(BOB.user_id, notify_prefs.OWN, notify_prefs.BOTH)
    await prefs.set(BOB.user_id, notify_prefs.OTHER, notify_prefs.BOTH)  # bob: windows "both" (the channel is refused)
    await prefs.set(CAROL.user_id, notify_prefs.OTHER, notify_prefs.NONE)  # carol: own turns default, windows nothing
    prefs._known.clear()  # as after a restart: read back from the store
    await notices.load(record)
    seen_own = set()
    for _ in range(60):
        if record.status != "active":
            break
        waiting = prompts.waiting_humans(spec, record)
        dm, channel = _told(m, record, notices)
        if any(prompts.is_reaction(spec, record, s) for s in waiting):
            reacting = {s for s in waiting if prompts.is_reaction(spec, record, s)}
            assert not channel & reacting, "a reaction window was pinged in the channel"
            assert dm & reacting == {s for s in reacting if PLAYERS[s] is BOB}
            for seat in reacting:  # everyone answers: the window closes
                await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), 0)
            continue
        seat = waiting[0]
        if kind_of(spec, record, seat) == notify_prefs.OWN:
            seen_own.add(seat)
            assert (seat in dm) == (PLAYERS[seat] in (ALICE, BOB)), (seat, dm)
            assert (seat in channel) == (PLAYERS[seat] in (BOB, CAROL)), (seat, channel)  # carol: the live default
        await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), 0)
    assert seen_own == {0, 1, 2}
    await m.close()
    await m.store.close()


async def test_nobody_chose_a_slow_game_dms_and_pings_nobody_in_the_channel(tmp_path: Path) -> None:
    m, record, notices = await _game(tmp_path, "correspondence")
    spec = m.spec(record)
    await notices.load(record)
    dm, channel = _told(m, record, notices)
    assert dm == set(prompts.turn_humans(spec, record)) and channel == set()
    await _to_contest(m, record)
    dm, channel = _told(m, record, notices)  # a window: a DM to each seat asked, still no channel ping
    assert dm == {s for s in prompts.waiting_humans(spec, record) if prompts.is_reaction(spec, record, s)}
    assert channel == set()
    tr = i18n.translator("en")
    for user in PLAYERS:  # /game mine says "waiting on you" and nothing of the choice
        text = mine.line(record, user.user_id, tr)
        waited = record.seat_of(user.user_id) in dm
        assert re.fullmatch(
            r"\*\*Eminit's Treasure\*\* \(correspondence\), \[the board\]\(https://discord\.com/channels/1/70/\d+\) — "
            + (r"⏳ \*\*waiting on you\*\*, time runs out <t:\d+:R> \(<t:\d+:f>\)" if waited else r"waiting for .+"),
            text,
        ), text
    await m.close()
    await m.store.close()
