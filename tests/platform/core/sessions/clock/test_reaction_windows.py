"""An expired reaction window is the rule's answer, not a timeout; an expired turn still is one.

Through the session manager with a real engine (Eminit's Treasure, three
humans): the clock resolves a contest nobody answers with "declare nothing"
for each seat, counts no timeout and announces no ``timed_out`` event, and
the turn that follows gets its full time (it once inherited the window's
deadline, already past, and timed out at once); a player's own flip that
runs out is counted as before.
"""

from __future__ import annotations

from pathlib import Path

from bot.core.sessions import prompts
from bot.core.store import SessionRecord
from bot.engine import Event
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Clock, Recorder, _manager

PLAYERS = (ALICE, BOB, CAROL)


class Events(Recorder):
    """The recorder of tests/platform/core/sessions/test_sessions.py, keeping each change's events too."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[Event] = []

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        await super().game_changed(record, events, answer)
        self.events += events


async def _eminit(tmp_path: Path, clock: Clock):  # type: ignore[no-untyped-def]
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100, afk_limit=2)
    rec = Events()
    m.presenter = rec
    m.ai_delay = 3600
    record = await m.new_lobby("eminit", guild_id=1, channel_id=70, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.join(record.id, CAROL)
    await m.start(record.id, ALICE)
    return m, record, rec


async def _to_contest(m, record: SessionRecord) -> None:  # type: ignore[no-untyped-def]
    """Play each own turn with its first choice until a contest asks for declarations."""
    spec = m.spec(record)
    for _ in range(400):
        assert record.status == "active", "the game ended before a contest"
        waiting = spec.rules.to_act(record.state)
        if any(prompts.is_reaction(spec, record, s) for s in waiting):
            return
        seat = waiting[0]
        await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), 0)
    raise AssertionError("no contest")


async def test_contests_nobody_answers_are_no_timeouts(tmp_path: Path) -> None:
    clock = Clock()
    m, record, rec = await _eminit(tmp_path, clock)
    spec = m.spec(record)
    for _ in range(4):  # twice the AFK limit of silent contests
        await _to_contest(m, record)
        silent = prompts.waiting_humans(spec, record)
        assert silent and prompts.turn_humans(spec, record) == []
        assert record.deadline is not None
        clock.now = record.deadline + 1
        await m.expire(record.id, record.deadline)
        assert not any(prompts.is_reaction(spec, record, s) for s in silent), "the window did not close"
        if record.status == "active":  # the turn after the window has its own full time, not the window's
            # (100 s for a flip, 30 s for an effect's choice with a rule default: prompts.timeout_seconds)
            assert record.deadline - clock.now in (30, 100), record.deadline - clock.now
    assert [s.timeouts for s in record.seats] == [0, 0, 0]
    assert all(s.ai_level is None for s in record.seats)
    assert not [e for e in rec.events if e.kind in ("timed_out", "seat_to_ai")]
    await m.close()
    await m.store.close()


async def test_an_own_turn_that_runs_out_still_counts(tmp_path: Path) -> None:
    clock = Clock()
    m, record, rec = await _eminit(tmp_path, clock)
    spec = m.spec(record)
    (seat,) = spec.rules.to_act(record.state)  # the first turn is one player's own
    assert not prompts.is_reaction(spec, record, seat) and prompts.turn_humans(spec, record) == [seat]
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)
    assert record.seats[seat].timeouts == 1
    assert [e.args["seat"] for e in rec.events if e.kind == "timed_out"] == [seat]
    await m.close()
    await m.store.close()
