"""ChannelTokens: which interaction token may post a turn notice as a followup in a channel, and until when.

Fake interactions (the few attributes the class reads) and a fake clock: no Discord.  The end-to-end
side (a real bot, the emulator's followups) is tests/e2e/channel/test_turn_notices.py.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.transport.edits import Tokens
from bot.transport.followups import ChannelTokens

APP = 99
GUILD = 1
CHAN = 10
R = discord.InteractionResponseType


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def interaction(
    token: str,
    *,
    channel: int = CHAN,
    guild: int | None = GUILD,
    kind: discord.InteractionType = discord.InteractionType.component,
    ephemeral_message: bool = False,
) -> Any:
    message = SimpleNamespace(flags=SimpleNamespace(ephemeral=ephemeral_message))
    return SimpleNamespace(
        type=kind,
        guild_id=guild,
        channel_id=channel,
        application_id=APP,
        token=token,
        message=message if kind is discord.InteractionType.component else None,
        response=SimpleNamespace(type=None),  # answered later, as the handler runs after the listener
    )


def make(reuse: float = 840.0) -> tuple[ChannelTokens, Clock]:
    clock = Clock()
    return ChannelTokens(reuse=reuse, clock=clock), clock


def token_of(tokens: ChannelTokens, channel: int = CHAN) -> str | None:
    token = tokens.get(channel)
    return None if token is None else token.token


def test_a_board_click_answered_with_a_deferred_update_gives_its_channel_a_token_until_it_expires() -> None:
    tokens, clock = make()
    click = interaction("t1")
    tokens.seen(click)
    assert token_of(tokens) is None  # not answered yet: its followups would have nothing to follow
    click.response.type = R.deferred_message_update
    assert token_of(tokens) == "t1"
    assert token_of(tokens, CHAN + 1) is None  # another channel's notice never borrows it
    clock.now += 839
    assert token_of(tokens) == "t1"
    clock.now += 2  # 14 minutes: Discord's 15, less a minute of margin
    assert token_of(tokens) is None


def test_a_dm_click_never_gives_a_channel_token() -> None:
    tokens, _ = make()
    dm_click = interaction("dm", channel=CHAN, guild=None)  # even were the ids to collide
    tokens.seen(dm_click)
    dm_click.response.type = R.deferred_message_update
    assert token_of(tokens) is None


def test_private_answers_autocomplete_and_modals_give_no_token() -> None:
    tokens, _ = make()
    details = interaction("details")  # "Details" / "My hand": answered with a private reply
    tokens.seen(details)
    details.response.type = R.channel_message
    assert token_of(tokens) is None
    on_private = interaction("hand-click", ephemeral_message=True)  # a click on an ephemeral hand
    tokens.seen(on_private)
    on_private.response.type = R.deferred_message_update
    assert token_of(tokens) is None
    modal = interaction("modal")
    tokens.seen(modal)
    modal.response.type = R.modal
    assert token_of(tokens) is None
    typing = interaction("typing", kind=discord.InteractionType.autocomplete)
    tokens.seen(typing)
    typing.response.type = R.autocomplete_result
    assert token_of(tokens) is None


def test_a_thinking_command_counts_once_its_answer_was_edited_into_a_public_message() -> None:
    tokens, _ = make()
    remembered = Tokens(channels=tokens)
    command = interaction("new", kind=discord.InteractionType.application_command)
    tokens.seen(command)
    command.response.type = R.deferred_channel_message
    assert token_of(tokens) is None  # a followup now would replace "thinking…"
    remembered.remember(555, APP, "new")  # /<game> new edited its response into the lobby
    assert token_of(tokens) == "new"


def test_the_freshest_public_token_wins_and_an_unanswered_newer_one_hides_nothing() -> None:
    tokens, _ = make()
    first, second = interaction("t1"), interaction("t2")
    tokens.seen(first)
    first.response.type = R.deferred_message_update
    tokens.seen(second)
    assert token_of(tokens) == "t1"  # the newer click is still being handled
    second.response.type = R.deferred_message_update
    assert token_of(tokens) == "t2"
    private = interaction("t3")
    tokens.seen(private)
    private.response.type = R.channel_message
    assert token_of(tokens) == "t2"  # a private answer does not take the channel's token away


def test_a_refused_token_is_dropped_and_reuse_zero_uses_none() -> None:
    tokens, _ = make()
    click = interaction("t1")
    tokens.seen(click)
    click.response.type = R.deferred_message_update
    token = tokens.get(CHAN)
    assert token is not None
    tokens.drop(CHAN, token)
    assert tokens.get(CHAN) is None
    off, _ = make(reuse=0)
    click = interaction("t2")
    off.seen(click)
    click.response.type = R.deferred_message_update
    assert off.get(CHAN) is None
