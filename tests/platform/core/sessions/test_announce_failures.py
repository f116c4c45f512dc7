"""A move that is saved stands even when showing it fails: the game goes on, nobody is told otherwise.

The presenter here raises what the Discord side can raise after a commit (a
dropped connection, a reset socket, a timeout, a bug in a render).  The
session must keep the move, not raise into the click ("nothing was
changed" would be false), log the failure once, and still schedule what
comes next: the AI's moves and the next turn timer.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import aiohttp
import pytest

from bot.core.sessions import SessionManager
from bot.core.store import SessionRecord, Store
from bot.engine import Event
from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, Recorder
from tests.platform.core.sessions.waiting import until

FAILURES = [
    aiohttp.ServerDisconnectedError(),
    aiohttp.ClientOSError(104, "Connection reset by peer"),
    ConnectionResetError(104, "Connection reset by peer"),
    TimeoutError(),  # asyncio.TimeoutError
    RuntimeError("a bug in a render"),
]


class Failing(Recorder):
    """Fails every game announcement with ``error`` once armed (records the attempt first)."""

    def __init__(self) -> None:
        super().__init__()
        self.error: BaseException | None = None

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        await super().game_changed(record, events, answer)
        if self.error is not None:
            raise self.error


async def _manager(path: Path, **kwargs: object) -> tuple[SessionManager, Failing]:
    presenter = Failing()
    return SessionManager(await Store.open(path), presenter, ai_delay=0, **kwargs), presenter  # type: ignore[arg-type]



def _to_act(m: SessionManager, record: SessionRecord) -> list[int]:
    assert record.state is not None
    return list(m.spec(record).rules.to_act(record.state))


def _failures_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "bot.core.sessions" and r.levelno >= logging.ERROR]


@pytest.mark.parametrize("error", FAILURES, ids=lambda e: type(e).__name__)
async def test_a_move_is_kept_and_the_ai_answers_when_announcing_it_fails(
    tmp_path: Path, error: BaseException, caplog: pytest.LogCaptureFixture
) -> None:
    m, presenter = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("portas", guild_id=1, channel_id=90, host=ALICE, locale="en")
    await m.add_ai(record.id, ALICE, "easy")
    await m.start(record.id, ALICE)
    await until(lambda: 0 in _to_act(m, record))
    presenter.error = error
    version = record.version
    caplog.clear()
    await m.act(record.id, ALICE.user_id, m.prompt_version(record, 0), 0)  # accepted: no error for the player
    assert record.version == version + 1
    assert (await m.store.actions(record.id))[version]["user_id"] == ALICE.user_id  # persisted
    # the AI still plays (each of its announcements fails too) until Alice is asked again
    await until(lambda: record.status != "active" or (0 in _to_act(m, record) and record.version > version + 1))
    actions = await m.store.actions(record.id)
    assert any(a["user_id"] is None for a in actions[version + 1 :])
    # the state is visible before its commit returns: wait for the last announcement's attempt too
    await until(lambda: len(_failures_logged(caplog)) >= record.version - version)
    logged = _failures_logged(caplog)
    assert len(logged) == record.version - version  # once per failed announcement, with its traceback
    assert all(r.exc_info and r.exc_info[1] is error for r in logged)
    await m.close()
    await m.store.close()


@pytest.mark.parametrize("error", FAILURES[::4], ids=lambda e: type(e).__name__)
async def test_ais_in_a_row_keep_playing_when_their_announcements_fail(tmp_path: Path, error: BaseException) -> None:
    m, presenter = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("getgem", guild_id=1, channel_id=91, host=ALICE, locale="en")
    await m.add_ai(record.id, ALICE, "easy")
    await m.add_ai(record.id, ALICE, "easy")
    await m.start(record.id, ALICE)
    await until(lambda: record.status != "active" or 0 in _to_act(m, record))
    presenter.error = error
    ai_moves = 0
    for _ in range(12):  # until the AIs made three moves, every one's announcement failing
        if record.status != "active" or ai_moves >= 3:
            break
        version = record.version
        await m.act(record.id, ALICE.user_id, m.prompt_version(record, 0), 0)
        await until(lambda v=version: record.status != "active" or (0 in _to_act(m, record) and record.version > v))
        await until(lambda: all(task.done() for task in m._ai_tasks.values()))  # its last commit is through
        ai_moves = sum(a["user_id"] is None for a in await m.store.actions(record.id))
    assert len(await m.store.actions(record.id)) == record.version
    assert any(a["user_id"] is None for a in await m.store.actions(record.id))
    await m.close()
    await m.store.close()


@pytest.mark.parametrize("error", FAILURES, ids=lambda e: type(e).__name__)
async def test_a_timeout_move_is_kept_and_the_next_timer_armed_when_announcing_it_fails(
    tmp_path: Path, error: BaseException
) -> None:
    clock = Clock()
    m, presenter = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100)
    record = await m.new_lobby("portas", guild_id=1, channel_id=92, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    presenter.error = error
    deadline = record.deadline
    assert deadline is not None
    clock.now = deadline + 1
    await m.expire(record.id, deadline)
    assert record.version == 1 and len(await m.store.actions(record.id)) == 1
    assert record.deadline == clock.now + 100 and record.id in m._timers  # the next player's clock runs
    await m.close()
    await m.store.close()


async def test_a_cancellation_is_not_swallowed(tmp_path: Path) -> None:
    m, presenter = await _manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("portas", guild_id=1, channel_id=93, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    (seat,) = _to_act(m, record)
    presenter.error = asyncio.CancelledError()
    with pytest.raises(asyncio.CancelledError):
        await m.act(record.id, (ALICE, BOB)[seat].user_id, m.prompt_version(record, seat), 0)
    assert record.version == 1  # committed before the announcement was cancelled
    await m.close()
    await m.store.close()
