"""Bot.transport.acks: a click Discord calls expired (10062, past its 3 s) is sent no second callback.

Why it matters when busy: a click handled after its 3 s used to cost a failed
UPDATE_MESSAGE, then a deferred update certain to fail the same way, each with
a traceback in the log — one more doomed request per late click at the
moment the bot is busiest.  Its message is edited through a token that still
lives instead (bot.transport.edits; bench.requests_busy --deadline 0.3: every
bot-token edit was of a message never clicked).
"""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.transport import wire
from bot.transport.acks import UNKNOWN_INTERACTION, ClickAnswer
from bot.transport.edits import Editor, Tokens


def refusal(status: int, code: int) -> discord.HTTPException:
    cls = discord.NotFound if status == 404 else discord.HTTPException
    return cls(SimpleNamespace(status=status, reason="x"), {"code": code, "message": "no"})


class Discord:
    """Every callback of the click refused with ``refusal``; what was asked, in order."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, refusal: discord.HTTPException) -> None:
        self.asked: list[str] = []
        self.refusal = refusal
        monkeypatch.setattr(wire, "update_message", self._update)
        monkeypatch.setattr(wire, "ack_update", self._deferred)

    async def _update(self, interaction: Any, payload: dict[str, Any]) -> None:
        self.asked.append("update")
        raise self.refusal

    async def _deferred(self, interaction: Any) -> None:
        self.asked.append("deferred")
        raise self.refusal


async def test_an_expired_click_is_sent_no_deferred_update_after_its_failed_update(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    discord_ = Discord(monkeypatch, refusal(404, UNKNOWN_INTERACTION))
    answer = ClickAnswer(SimpleNamespace(id=1), 10.0)
    edited: list[str] = []

    async def by_token(token: Any, payload: dict[str, Any]) -> None:
        edited.append(token.token)

    tokens = Tokens()
    tokens.remember(5, 7, "older")  # the player's previous click on this message: its token still lives
    editor = Editor(SimpleNamespace(), tokens)  # type: ignore[arg-type]
    monkeypatch.setattr(editor, "_edit_by_token", by_token)
    with caplog.at_level(logging.WARNING):
        assert await editor._answer(answer, {"content": "the board"}) is False
        assert not answer.open
        await answer.settle()
        await editor.edit(1, 5, {"content": "the board"})
    assert discord_.asked == ["update"]  # before: ["update", "deferred"], the second as doomed as the first
    assert edited == ["older"]  # the move shown through the token that lives, not the bot token
    assert not any(r.exc_info for r in caplog.records)  # one line per late click, no traceback


async def test_another_failure_still_leaves_the_click_to_a_deferred_update(monkeypatch: pytest.MonkeyPatch) -> None:
    discord_ = Discord(monkeypatch, refusal(500, 0))
    answer = ClickAnswer(SimpleNamespace(id=1), 10.0)
    editor = Editor(SimpleNamespace(), Tokens())  # type: ignore[arg-type]
    assert await editor._answer(answer, {"content": "the board"}) is False
    assert answer.open
    await answer.settle()
    await asyncio.sleep(0)
    assert discord_.asked == ["update", "deferred"]
