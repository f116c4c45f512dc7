"""The "My hand" reply of a DM-closed player follows the game through its token, and only while it may."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.frontend.presenting import hand_replies
from bot.frontend.presenting.hand_replies import HandReplies


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _payload(text: str) -> dict[str, Any]:
    return {"content": text}


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


@pytest.fixture
def edits(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, dict[str, Any]]]:
    sent: list[tuple[int, str, dict[str, Any]]] = []

    async def edit_original(client: Any, app: int, token: str, payload: dict[str, Any]) -> None:
        if token == "gone":
            raise discord.HTTPException(_Response(401), "Invalid Webhook Token")  # type: ignore[arg-type]
        sent.append((app, token, payload))

    monkeypatch.setattr(hand_replies.wire, "edit_original", edit_original)
    return sent


async def test_a_reply_follows_with_its_freshest_token_and_skips_what_it_shows(edits: list) -> None:
    clock = Clock()
    hands = HandReplies(None, reuse=60, clock=clock)  # type: ignore[arg-type]
    assert not await hands.update(1, 2, _payload("a"))  # no reply asked for: nothing to follow
    hands.remember(1, 2, 7, "first", _payload("a"))
    assert await hands.update(1, 2, _payload("a")) and edits == []  # it shows that already
    assert await hands.update(1, 2, _payload("b"))
    hands.remember(1, 2, 7, "click", _payload("b"))  # a click on it: a fresher token
    assert hands.showing(1, 2, _payload("b"))
    assert await hands.update(1, 2, _payload("c"))
    assert [(t, p["content"]) for _, t, p in edits] == [("first", "b"), ("click", "c")]


async def test_a_reply_stops_following_when_its_token_expires_or_is_refused(edits: list) -> None:
    clock = Clock()
    hands = HandReplies(None, reuse=60, clock=clock)  # type: ignore[arg-type]
    hands.remember(1, 0, 7, "old", _payload("a"))
    clock.now += 61
    assert not hands.follows(1, 0)
    assert not await hands.update(1, 0, _payload("b")) and edits == []  # never sent with an expired token
    hands.remember(1, 0, 7, "gone", _payload("a"))
    assert not await hands.update(1, 0, _payload("b"))  # Discord refused it: dropped, not tried again
    assert not hands.follows(1, 0)
    hands.remember(1, 0, 7, "new", _payload("a"))
    hands.forget(1)
    assert len(hands) == 0
