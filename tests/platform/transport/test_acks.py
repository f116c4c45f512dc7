"""bot.transport.acks: a move click is answered once, with its message showing the move if that comes in time.

The two callbacks (``wire.update_message``, ``wire.ack_update``) are replaced by
recorders; the clicks' paths through the real bot are in
tests/e2e/channel/test_click_tokens_e2e.py.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.transport import wire
from bot.transport.acks import ClickAnswer

WITHIN = 0.2


class Callbacks:
    """What reached Discord for one click, in order: "update" or "deferred"."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[str] = []
        self.fail_update: BaseException | None = None
        monkeypatch.setattr(wire, "update_message", self._update)
        monkeypatch.setattr(wire, "ack_update", self._deferred)

    async def _update(self, interaction: Any, payload: dict[str, Any]) -> None:
        await asyncio.sleep(0)
        if self.fail_update is not None:
            raise self.fail_update
        self.sent.append("update")

    async def _deferred(self, interaction: Any) -> None:
        await asyncio.sleep(0)
        self.sent.append("deferred")


@pytest.fixture
def callbacks(monkeypatch: pytest.MonkeyPatch) -> Callbacks:
    return Callbacks(monkeypatch)


def click() -> Any:
    return SimpleNamespace(id=1)


async def test_a_move_shown_in_time_is_the_clicks_one_answer(callbacks: Callbacks) -> None:
    answer = ClickAnswer(click(), WITHIN)
    answered: list[int] = []
    answer.when_answered(lambda: answered.append(1))
    assert await answer.update({"content": "the board"}) is True
    await answer.settle()
    await asyncio.sleep(WITHIN * 2)  # the timer is gone: no deferred update after it
    assert callbacks.sent == ["update"]
    assert answered == [1]
    assert not answer.open


async def test_a_slow_move_is_acknowledged_at_the_deadline_and_then_edited(callbacks: Callbacks) -> None:
    answer = ClickAnswer(click(), WITHIN)
    answered: list[int] = []
    answer.when_answered(lambda: answered.append(1))
    await asyncio.sleep(WITHIN / 20)
    assert callbacks.sent == []  # not yet: the move may still come
    await asyncio.sleep(WITHIN * 1.5)
    assert callbacks.sent == ["deferred"]
    assert answered == [1]  # the token may edit @original from now on
    assert await answer.update({"content": "the board"}) is False  # the caller edits the message instead
    await answer.settle()
    assert callbacks.sent == ["deferred"]


async def test_an_update_asked_while_the_deferred_update_is_on_its_way_waits_for_it(callbacks: Callbacks) -> None:
    answer = ClickAnswer(click(), 0)  # 0: no deadline, settled by the handler at once
    settling = asyncio.create_task(answer.settle())
    await asyncio.sleep(0)  # the deferred update is on its way
    assert callbacks.sent == [] and not answer.open
    assert await answer.update({"content": "the board"}) is False
    assert callbacks.sent == ["deferred"]  # answered before the caller edits @original
    await settling


async def test_a_move_that_changed_no_message_is_acknowledged_when_its_handler_ends(callbacks: Callbacks) -> None:
    answer = ClickAnswer(click(), 10.0)
    await answer.settle()
    assert callbacks.sent == ["deferred"]
    await answer.settle()
    assert callbacks.sent == ["deferred"]  # once


async def test_a_refusal_is_the_answer_and_no_deferred_update_follows(callbacks: Callbacks) -> None:
    answer = ClickAnswer(click(), WITHIN)
    await answer.before_reply()
    await asyncio.sleep(WITHIN * 2)
    assert callbacks.sent == []  # the handler's ephemeral reply answers it (tests/e2e: a refused click)
    assert answer.open


async def test_a_failed_update_leaves_the_click_to_a_deferred_update(callbacks: Callbacks) -> None:
    answer = ClickAnswer(click(), 10.0)
    answered: list[int] = []
    answer.when_answered(lambda: answered.append(1))
    callbacks.fail_update = discord.HTTPException(SimpleNamespace(status=500, reason="x"), "no")
    with pytest.raises(discord.HTTPException):
        await answer.update({"content": "the board"})
    assert answer.open and answered == []
    await answer.settle()
    assert callbacks.sent == ["deferred"]
    assert answered == [1]


async def test_the_click_is_answered_when_discord_answers_not_when_its_slot_is_back(
    callbacks: Callbacks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The update lends the channel's work slot while Discord answers; another channel takes it meanwhile.
    The click counts as answered (its token, its metrics) when Discord's answer comes, not when the slot is back."""
    from bot.core import turns

    async def slow_update(interaction: Any, payload: dict[str, Any]) -> None:
        await asyncio.sleep(0.05)  # a round trip: longer than PATIENCE, so the slot is lent
        callbacks.sent.append("update")

    monkeypatch.setattr(wire, "update_message", slow_update)
    slots = turns.WorkSlots(1)
    answered: list[float] = []
    released: list[float] = []

    async def other_channel() -> None:
        async with turns.ChannelTurn(slots, asyncio.Lock()):
            await asyncio.sleep(0.3)  # holds the one slot long after Discord answered the click
            released.append(asyncio.get_running_loop().time())

    async with turns.ChannelTurn(slots, asyncio.Lock()):
        answer = ClickAnswer(click(), WITHIN)
        answer.when_answered(lambda: answered.append(asyncio.get_running_loop().time()))
        other = asyncio.create_task(other_channel())
        assert await answer.update({"content": "the board"}) is True
    await other
    assert callbacks.sent == ["update"]
    assert answered and released and answered[0] < released[0] - 0.1
