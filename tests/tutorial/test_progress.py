"""A tutorial's lines come from what its learner may know: their view, public events and their own.

An event addressed to another seat (an AI's private line) never fires a step, and an ordinary game
gets no lines at all.
"""

from __future__ import annotations

from bot.core import games, tutorial
from bot.core.store import TUTORIAL, SeatRecord, SessionRecord
from bot.core.tutorial.progress import TRACKER, due_lines
from bot.engine import Event


def _record(options: dict) -> SessionRecord:
    script = tutorial.load("getgem")
    spec = games.get("getgem")
    record = SessionRecord(id=9001, game="getgem", guild_id=1, channel_id=1, host_id=1, status="active", seed=1,
                           created_at=0.0, updated_at=0.0, options=options,
                           seats=[SeatRecord(seat=0, name="alice", user_id=1), SeatRecord(seat=1, name="AI 1")])
    record.state = script.deal(spec.resolve_options(script.OPTIONS))
    return record


def test_an_event_addressed_to_another_seat_fires_no_step_and_a_public_one_does() -> None:
    record = _record({TUTORIAL: True})
    TRACKER.forget(record.id)
    seat, lines = due_lines(record, [])  # type: ignore[misc]
    assert seat == 0 and "getgem.learn.welcome" in [x.key for x in lines]
    for _ in range(20):  # every line the start holds said (two a change), so that nothing else waits
        if not due_lines(record, [])[1]:  # type: ignore[index]
            break
    private = Event("takeback", {"seat": 1, "card": 3}, (1,))  # the AI's own line
    assert due_lines(record, [private]) == (0, [])
    public = Event("takeback", {"seat": 1, "left": 2})
    _, lines = due_lines(record, [public])  # type: ignore[misc]
    assert [x.key for x in lines] == ["getgem.learn.takeback"]
    TRACKER.forget(record.id)


def test_an_ordinary_game_has_no_lines() -> None:
    assert due_lines(_record({}), []) is None


async def test_after_a_restart_the_fired_steps_are_found_again_from_the_stored_moves() -> None:
    from bot.core import ai, games
    from bot.core.tutorial.progress import restore

    record = _record({TUTORIAL: True})
    record.id = 9002
    spec = games.get("getgem")
    TRACKER.forget(record.id)
    due_lines(record, [])
    log = []
    for version in range(1, 25):  # a learner and an AI, part of the way
        seat = spec.rules.to_act(record.state)[0]
        action = ai.choose(spec, record.state, seat, "normal", version)
        transition = spec.rules.apply(record.state, seat, action)
        record.state, record.version = transition.state, version
        log.append({"version": version, "seat": seat, "payload": action})
        last = list(transition.events)
        due_lines(record, last)
    live = set(TRACKER.fired[record.id])
    assert len(live) > 3

    class Store:
        async def actions(self, session_id: int) -> list[dict]:
            assert session_id == record.id
            return log

    TRACKER.forget(record.id)  # the process restarted
    await restore(Store(), record)
    due_lines(record, last)  # the change shown after the restart: exactly what was fired live, no line again
    assert TRACKER.fired[record.id] == live
    TRACKER.forget(record.id)
