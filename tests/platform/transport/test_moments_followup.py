"""Followups.sender: a game's moments message goes as a followup of its channel's token, not by the bot token.

Why: in a game played in DMs nobody clicks in the channel after
Start, so the moments message (below the board, edited each move) cost a
bot-token edit most moves (bench.requests_busy: 0.14 to 0.21 a move in GETGEM).
The end-to-end side: tests/e2e/channel/test_click_tokens_e2e.py.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.transport import wire
from bot.transport.followups import ChannelTokens, Followups

APP, CHAN = 99, 10


class Bot:
    """The bot token's side: every request it would make, recorded."""

    def __init__(self) -> None:
        self.requests: list[str] = []

    def get_partial_messageable(self, channel_id: int) -> Any:
        async def send(content: str, **_: Any) -> Any:
            self.requests.append(f"POST {content}")
            return SimpleNamespace(id=500)

        async def edit(**kw: Any) -> None:
            self.requests.append(f"PATCH {kw['content']}")

        return SimpleNamespace(send=send, get_partial_message=lambda mid: SimpleNamespace(edit=edit))


@pytest.fixture
def webhook(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    sent: list[str] = []

    async def send_followup(client: Any, app: int, token: str, content: str, mentions: Any) -> int:
        sent.append(f"{token} POST {content}")
        return 700

    async def edit_followup(client: Any, app: int, token: str, message_id: int, content: str, mentions: Any) -> None:
        if message_id == 404:
            raise discord.NotFound(SimpleNamespace(status=404, reason="x"), {"code": 10008, "message": "gone"})
        sent.append(f"{token} PATCH {message_id} {content}")

    monkeypatch.setattr(wire, "send_followup", send_followup)
    monkeypatch.setattr(wire, "edit_followup", edit_followup)
    return sent


def channel_with_token(token: str | None) -> ChannelTokens:
    tokens = ChannelTokens()
    if token is not None:
        click = SimpleNamespace(
            type=discord.InteractionType.component, guild_id=1, channel_id=CHAN, application_id=APP, token=token,
            message=SimpleNamespace(flags=SimpleNamespace(ephemeral=False)),
            response=SimpleNamespace(type=discord.InteractionResponseType.deferred_message_update),
        )
        tokens.seen(click)
    return tokens


async def test_the_moments_message_is_posted_and_edited_through_the_channels_token(webhook: list[str]) -> None:
    bot = Bot()
    send = Followups(bot, channel_with_token("start")).sender(CHAN)  # type: ignore[arg-type]
    message_id = await send(None, "a moment")
    assert message_id == 700
    assert await send(message_id, "a moment\nanother") == 700
    assert webhook == ["start POST a moment", "start PATCH 700 a moment\nanother"]
    assert bot.requests == []  # before: POST, then a PATCH every move, all by the bot token


async def test_without_a_channel_token_the_bot_token_posts_and_a_deleted_message_is_said(webhook: list[str]) -> None:
    bot = Bot()
    send = Followups(bot, channel_with_token(None)).sender(CHAN)  # type: ignore[arg-type]
    assert await send(None, "a moment") == 500
    assert bot.requests == ["POST a moment"]
    gone = Followups(Bot(), channel_with_token("start"))  # type: ignore[arg-type]
    gone._posted[404] = gone.channels.get(CHAN)  # type: ignore[assignment]  # posted by that token, then deleted
    with pytest.raises(discord.NotFound):  # so that the running post starts a new message
        await gone.sender(CHAN)(404, "text")
