"""``/game away`` holds an away player's own turns; the others' votes let the AI play the seat meanwhile.

Through the session manager with a real engine (PORTAS, two humans, an
injected clock): a deadline of the away player's own turn moves to the end of
the absence plus a full turn instead of being played; when everyone else has
voted, the normal AI takes the seat, and any move of its player takes it back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.sessions import SessionError, prompts
from bot.core.sessions.parts import absence
from bot.core.slow import pace
from bot.core.store import Store
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Clock, _manager

DAY = 24 * 3600.0


async def test_away_holds_own_turns_and_a_vote_hands_the_seat_to_the_ai(tmp_path: Path) -> None:
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("portas", guild_id=1, channel_id=90, host=ALICE, locale="en", pace="correspondence")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    spec = m.spec(record)
    seat = prompts.waiting_humans(spec, record)[0]
    away, other = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    with pytest.raises(SessionError):
        await m.absences.set_away(away.user_id, clock.now + 8 * DAY)  # a week at most
    assert await m.absences.set_away(away.user_id, clock.now + 2 * DAY) == 1  # their turn now waits
    assert record.deadline == clock.now + 2 * DAY + pace.CORRESPONDENCE_TURN
    assert (await m.store.absences(clock.now)) == {away.user_id: clock.now + 2 * DAY}  # kept over a restart
    held = record.deadline
    clock.now += DAY
    await m.expire(record.id, held)  # a deadline that comes while they are away waits for them again
    assert record.seats[seat].timeouts == 0 and record.version == 0 and record.deadline == held
    with pytest.raises(SessionError) as refused:
        await m.absences.vote_ai(90, away.user_id, other.user_id)  # the other one is not away
    assert refused.value.code == "not_away"
    votes, needed = await m.absences.vote_ai(90, other.user_id, away.user_id)
    assert (votes, needed) == (1, 1) and record.seats[seat].ai_level is not None  # all others agreed
    assert record.seats[seat].user_id == away.user_id  # the seat stays the player's
    await m.absences.set_away(away.user_id, None)
    assert absence.away_until(away.user_id, clock.now) is None
    await m.close()
    await m.store.close()


async def test_votes_survive_a_restart(tmp_path: Path) -> None:
    """Two of three players vote across a restart of the bot: the first vote is not forgotten."""
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("eminit", guild_id=1, channel_id=91, host=ALICE, locale="en", pace="relaxed")
    await m.join(record.id, BOB)
    await m.join(record.id, CAROL)
    await m.start(record.id, ALICE)
    await m.absences.set_away(CAROL.user_id, clock.now + DAY)
    assert await m.absences.vote_ai(91, ALICE.user_id, CAROL.user_id) == (1, 2)
    await m.close()
    await m.store.close()

    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)  # the restart
    m.ai_delay = 3600
    await m.restore()
    record = m.by_id(record.id)
    assert await m.absences.vote_ai(91, BOB.user_id, CAROL.user_id) == (2, 2)  # alice's vote still counts
    assert record.seats[record.seat_of(CAROL.user_id)].ai_level is not None
    await m.close()
    await m.store.close()


async def test_an_absence_said_through_another_process_holds_this_ones_turns(tmp_path: Path) -> None:
    """Two shards share one database: one's /game away holds the other's game when its deadline comes."""
    clock = Clock()
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    m.ai_delay = 3600
    record = await m.new_lobby("portas", guild_id=1, channel_id=92, host=ALICE, locale="en", pace="relaxed")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    await absence.refresh(m.store, clock.now, life=0)  # this process has read who is away: nobody
    seat = prompts.waiting_humans(m.spec(record), record)[0]
    away = (ALICE, BOB)[seat]
    other = await Store.open(tmp_path / "k.sqlite3")  # the other shard's process
    until = clock.now + DAY
    await other.set_away(away.user_id, until)
    await other.close()
    deadline = record.deadline
    clock.now = deadline + 1
    await m.expire(record.id, deadline)  # read afresh before a turn is played for them
    assert record.version == 0 and record.seats[seat].timeouts == 0
    assert record.deadline == until + pace.RELAXED_TURN  # held past the absence
    await m.close()
    await m.store.close()
