"""An AFK seat (the AI standing in after timeouts) stays its player's: any fresh click takes it back.

With a real AI pause (``AI_DELAY``, not the 3600 s other tests use to keep the
AI still), these check what the player meets in practice: the seat keeps its
buttons on the board and in the DM, a fresh click is accepted at any time and
gives the seat back, a stale click changes nothing (the AI still moves, a
deadline is still armed), and the AI and the player racing for one turn make
exactly one move.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from bot.core import ai
from bot.core.sessions import SessionError, SessionManager
from bot.core.store import SessionRecord, Store
from bot.engine import Event
from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, Recorder
from tests.platform.core.sessions.waiting import until
from tests.robustness.leaks.leakkit import CapturePresenter

AI_DELAY = 1.0  # the bot's default pause before an AI move
PLAYERS = (ALICE, BOB)


async def _game(path: Path, game: str = "portas", presenter: Any = None) -> tuple[SessionManager, SessionRecord, Clock]:
    clock = Clock()
    store = await Store.open(path)
    m = SessionManager(store, presenter(store) if presenter else Recorder(), clock=clock, afk_limit=2)
    m.ai_delay = AI_DELAY
    record = await m.new_lobby(game, guild_id=1, channel_id=80, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    return m, record, clock


def _to_act(m: SessionManager, record: SessionRecord) -> list[int]:
    assert record.state is not None
    return list(m.spec(record).rules.to_act(record.state))


async def _go_afk(m: SessionManager, record: SessionRecord, clock: Clock) -> tuple[int, int]:
    """Let the first seat to act time out until the AI keeps it, and stop when it is that seat's turn.

    Returns the seat and a prompt version its player saw on a button before
    going away (an old button still in their DM or in the channel).
    """
    afk = _to_act(m, record)[0]
    old_pv = m.prompt_version(record, afk)
    for _ in range(40):
        to_act = _to_act(m, record)
        if afk in to_act and record.seats[afk].is_ai:
            break
        others = [s for s in to_act if s != afk]
        if others:
            await m.act(record.id, PLAYERS[others[0]].user_id, m.prompt_version(record, others[0]), 0)
        else:
            assert record.deadline is not None
            clock.now = record.deadline + 1
            await m.expire(record.id, record.deadline)
    assert afk in _to_act(m, record) and record.seats[afk].ai_level == ai.DEFAULT_LEVEL
    assert record.seats[afk].user_id == PLAYERS[afk].user_id and record.seats[afk].timeouts == 2
    assert old_pv != m.prompt_version(record, afk)
    return afk, old_pv



async def _close(m: SessionManager) -> None:
    await m.close()
    await m.store.close()


def _act_ids(payload: dict[str, Any]) -> list[str]:
    view = payload.get("view")
    items = view.walk_children() if view else []  # V2: buttons sit in rows inside the card
    return [c.custom_id for c in items if str(getattr(c, "custom_id", "")).startswith("k:a:")]


async def test_a_stale_click_on_an_afk_seat_changes_nothing_and_the_ai_still_moves(tmp_path: Path) -> None:
    m, record, clock = await _game(tmp_path / "k.sqlite3")
    afk, old_pv = await _go_afk(m, record, clock)
    version = record.version
    with pytest.raises(SessionError) as info:
        await m.act(record.id, PLAYERS[afk].user_id, old_pv, 0)  # a button from before they went away
    assert info.value.code == "stale_button"
    assert record.seats[afk].ai_level == ai.DEFAULT_LEVEL and record.seats[afk].timeouts == 2
    assert record.version == version
    # the AI still plays the seat, and the game waits for the other player on an armed deadline
    await until(lambda: record.version > version and afk not in _to_act(m, record))
    await until(lambda: all(task.done() for task in m._ai_tasks.values()))  # its commit is through
    actions = await m.store.actions(record.id)
    assert actions[version]["user_id"] is None  # version+1's move: the AI's
    assert m.waiting_humans(record) and record.deadline is not None and record.id in m._timers
    await _close(m)


async def test_a_fresh_click_gives_an_afk_seat_back_and_only_one_move_is_made(tmp_path: Path) -> None:
    m, record, clock = await _game(tmp_path / "k.sqlite3")
    afk, _ = await _go_afk(m, record, clock)
    version = record.version
    await m.act(record.id, PLAYERS[afk].user_id, m.prompt_version(record, afk), 0)  # while the AI pauses
    assert record.version == version + 1
    assert record.seats[afk].ai_level is None and record.seats[afk].timeouts == 0 and not record.seats[afk].is_ai
    await asyncio.sleep(AI_DELAY + 0.3)  # the AI's pause is over: it must have stood down
    actions = await m.store.actions(record.id)
    assert all(a["user_id"] is not None for a in actions[version:])
    assert record.deadline is not None and record.id in m._timers  # a human is waited for, on a timer
    await _close(m)


async def test_an_afk_seat_keeps_its_board_buttons_and_a_click_on_one_takes_it_back(tmp_path: Path) -> None:
    m, record, clock = await _game(tmp_path / "k.sqlite3", presenter=CapturePresenter)
    afk, _ = await _go_afk(m, record, clock)
    pv = m.prompt_version(record, afk)
    ids = _act_ids(m.presenter.boards[-1])  # type: ignore[attr-defined]
    assert ids and all(i.startswith(f"k:a:{record.id}:{pv}:") for i in ids)
    _, sid, button_pv, idx = ids[0].split(":")[1:]
    await m.act(int(sid), PLAYERS[afk].user_id, int(button_pv), int(idx))
    assert not record.seats[afk].is_ai and record.version > 0
    await _close(m)


async def test_an_afk_players_dm_stays_up_to_date(tmp_path: Path) -> None:
    m, record, clock = await _game(tmp_path / "k.sqlite3", game="getgem", presenter=CapturePresenter)
    afk, _ = await _go_afk(m, record, clock)
    dms = [payload for seat, payload, _ in m.presenter.dms if seat == afk]  # type: ignore[attr-defined]
    ids = _act_ids(dms[-1])
    pv = m.prompt_version(record, afk)
    assert ids and all(i.startswith(f"k:a:{record.id}:{pv}:") for i in ids)  # today's choices, not old ones
    await _close(m)


async def test_a_take_back_while_the_ai_thinks_makes_one_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    thinking, answer, gate = threading.Event(), threading.Event(), threading.Event()
    real_choose = ai.choose

    def slow_choose(*args: Any, **kwargs: Any) -> Any:
        if gate.is_set():
            thinking.set()
            answer.wait(5)
        return real_choose(*args, **kwargs)

    monkeypatch.setattr(ai, "choose", slow_choose)
    m, record, clock = await _game(tmp_path / "k.sqlite3")
    afk, _ = await _go_afk(m, record, clock)
    gate.set()
    assert await asyncio.to_thread(thinking.wait, 5)  # the AI is choosing the seat's move, outside the lock
    version = record.version
    await asyncio.wait_for(m.act(record.id, PLAYERS[afk].user_id, m.prompt_version(record, afk), 0), 1)
    answer.set()
    await asyncio.sleep(0.3)
    actions = await m.store.actions(record.id)
    assert record.version == version + 1 and len(actions) == version + 1
    assert actions[version]["user_id"] == PLAYERS[afk].user_id and not record.seats[afk].is_ai
    await _close(m)


class HeldRecorder(Recorder):
    """Holds the announcement of a move (with the channel locked) while ``hold`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.hold: asyncio.Event | None = None
        self.holding = asyncio.Event()

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        if self.hold is not None:
            self.holding.set()
            await self.hold.wait()
        await super().game_changed(record, events, answer)


async def test_a_click_queued_behind_the_ais_move_is_refused_and_the_seat_stays_with_the_ai(tmp_path: Path) -> None:
    m, record, clock = await _game(tmp_path / "k.sqlite3", presenter=lambda store: HeldRecorder())
    held: HeldRecorder = m.presenter  # type: ignore[assignment]
    afk, _ = await _go_afk(m, record, clock)
    version, pv = record.version, m.prompt_version(record, afk)
    held.hold = asyncio.Event()
    await asyncio.wait_for(held.holding.wait(), 5)  # the AI's move is committed; its announcement holds the lock
    click = asyncio.create_task(m.act(record.id, PLAYERS[afk].user_id, pv, 0))  # drawn for the same turn
    await asyncio.sleep(0.05)
    assert not click.done()  # waits for the channel's turn
    held.hold.set()
    with pytest.raises(SessionError) as info:
        await click
    assert info.value.code in ("stale_button", "not_your_turn")
    assert record.seats[afk].ai_level == ai.DEFAULT_LEVEL  # a refused click changes nothing
    assert record.version >= version + 1
    assert all(a["seat"] != afk or a["user_id"] is None for a in (await m.store.actions(record.id))[version:])
    await _close(m)
