"""A turn has one deadline, and a timed-out turn is played to its end.

Before: every sub-step of a turn (play Steal, pick a target, discard…) started
a fresh timer, and a timeout played one sub-step and waited a full timer
again, so one absent GETGEM player could hold the table for many minutes.
"""

from __future__ import annotations

from pathlib import Path

from bot.core.sessions import prompts
from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, _manager


async def _getgem(tmp_path: Path, clock: Clock):  # type: ignore[no-untyped-def]
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100, afk_limit=1000)
    m.ai_delay = 3600  # no AI seat here; keep anything scheduled from running on its own
    record = await m.new_lobby("getgem", guild_id=1, channel_id=60, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    return m, record


async def test_a_timed_out_turn_is_played_to_its_end(tmp_path: Path) -> None:
    clock = Clock()
    m, record = await _getgem(tmp_path, clock)
    rules = m.spec(record).rules
    for _ in range(30):
        if record.status != "active":
            break
        waiting = [s for s in rules.to_act(record.state) if not record.seats[s].is_ai]
        assert waiting, "a human game always waits for a human"
        clock.now = record.deadline + 1
        version = record.version
        own = prompts.is_own_turn(m.spec(record), record, waiting[0])
        await m.expire(record.id, record.deadline)
        assert record.version > version
        after = rules.to_act(record.state) if record.status == "active" else []
        # the seat that timed out is never left waiting on a fresh timer in the middle of its own turn
        # (a take-back in another's end phase is answered, and the seat's own turn after it is its own)
        same = own == (record.status == "active" and prompts.is_own_turn(m.spec(record), record, waiting[0]))
        assert not (len(waiting) == 1 and after == waiting and same), f"seat {waiting[0]} still to act after timeout"
    assert sum(s.timeouts for s in record.seats) >= 2  # one timeout counted per turn, not per sub-step
    await m.close()
    await m.store.close()


async def test_the_deadline_stays_through_the_sub_steps_of_one_turn(tmp_path: Path) -> None:
    clock = Clock()
    m, record = await _getgem(tmp_path, clock)
    rules = m.spec(record).rules
    kept = 0
    for _ in range(200):
        if record.status != "active" or kept >= 3:
            break
        seat = rules.to_act(record.state)[0]
        legal = rules.legal(record.state, seat)
        # an action after which the same seat still has to act: a sub-step of its turn
        stays = [i for i, a in enumerate(legal) if rules.to_act(rules.apply(record.state, seat, a).state) == [seat]]
        index = stays[0] if stays else None
        player = (ALICE, BOB)[seat]
        deadline = record.deadline
        clock.now += 7
        if index is None:
            await m.act(record.id, player.user_id, m.prompt_version(record, seat), 0)
            continue
        await m.act(record.id, player.user_id, m.prompt_version(record, seat), index)
        assert record.deadline == deadline, "a sub-step of the same turn must not restart the turn's timer"
        kept += 1
    assert kept >= 1, "no multi-step turn happened: pick another seed"
    await m.close()
    await m.store.close()
