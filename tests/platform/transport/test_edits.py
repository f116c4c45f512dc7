"""bot.transport.edits.Tokens: which interaction token may edit a message, and until when (no Discord needed)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.transport.edits import OWN_CLICK, REUSE, Tokens, clicked_message


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def click(message_id: int, token: str, *, ephemeral: bool = False) -> Any:
    """What ``remember_click`` reads of a ``discord.Interaction``."""
    message = SimpleNamespace(id=message_id, flags=SimpleNamespace(ephemeral=ephemeral))
    return SimpleNamespace(message=message, application_id=7, token=token)


def test_a_token_is_used_until_shortly_before_discord_drops_it() -> None:
    clock = Clock()
    tokens = Tokens(clock=clock)
    tokens.remember(1, 7, "a")
    assert tokens.get(1) is not None and tokens.get(1).token == "a"  # type: ignore[union-attr]
    clock.now += REUSE - 1
    assert tokens.get(1) is not None
    clock.now += 1
    assert tokens.get(1) is None and len(tokens) == 0
    assert REUSE < 15 * 60


def test_the_freshest_token_wins_and_a_refused_one_is_dropped() -> None:
    tokens = Tokens(clock=Clock())
    tokens.remember(1, 7, "old")
    old = tokens.get(1)
    tokens.remember(1, 7, "new")
    assert old is not None
    tokens.drop(1, old)  # a late refusal of the old token leaves the newer one
    assert tokens.get(1).token == "new"  # type: ignore[union-attr]
    tokens.drop(1, tokens.get(1))  # type: ignore[arg-type]
    assert tokens.get(1) is None
    tokens.remember(2, 7, "x")
    tokens.remember(3, 7, None)  # no token: nothing
    tokens.forget([2, 3, None])
    assert len(tokens) == 0


def test_an_ephemeral_message_is_not_the_presenters_to_edit() -> None:
    tokens = Tokens(clock=Clock())
    tokens.remember_click(click(5, "t", ephemeral=True))
    assert tokens.get(5) is None


async def test_reuse_zero_lets_a_token_edit_only_its_own_click() -> None:
    clock = Clock()
    tokens = Tokens(reuse=0, clock=clock)
    seen: dict[str, Any] = {}

    async def handle() -> None:
        tokens.remember_click(click(9, "mine"))
        seen["own"] = tokens.get(9)
        seen["first"] = clicked_message()
        async def lookup() -> Any:  # the edit request runs in a task of its own (bot.core.turns.discord_request)
            return tokens.get(9)

        seen["in a request's task"] = await asyncio.ensure_future(lookup())

    await asyncio.create_task(handle())
    assert seen["own"] is not None and seen["first"] == 9 and seen["in a request's task"] is not None
    assert tokens.get(9) is None  # a later change (another player's move, an AI's) uses the bot token
    assert clicked_message() is None
    clock.now += OWN_CLICK
    assert len(tokens) == 1 and tokens.get(9) is None
