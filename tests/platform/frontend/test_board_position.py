"""The moments message (bot/frontend/presenting/board_position.py): one message per game, posted once, then edited."""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.presenting.board_position import KEEP, LIMIT, LINES, RunningPost, compose


class FakeChannel:
    """Records posts and edits; a message id in ``gone`` answers its edit with 404 (a moderator deleted it)."""

    def __init__(self) -> None:
        self.next_id = 100
        self.messages: dict[int, str] = {}
        self.posts = 0
        self.edits = 0
        self.gone: set[int] = set()

    async def send(self, message_id: int | None, content: str) -> int | None:
        if message_id is None:
            self.next_id += 1
            self.posts += 1
            self.messages[self.next_id] = content
            return self.next_id
        if message_id in self.gone:
            raise discord.NotFound(_Response(), "Unknown Message")
        self.edits += 1
        self.messages[message_id] = content
        return message_id


class _Response:
    status = 404
    reason = "Not Found"

    def __getattr__(self, name: str) -> Any:
        return None


def test_compose_keeps_the_newest_entries_oldest_first() -> None:
    assert compose(["a", "b", "c", "d"]) == "b\n\nc\n\nd"
    assert KEEP == 3


def test_compose_keeps_the_message_short_with_the_newest_always_shown() -> None:
    """Tall entries (an Eminit contest is 4-6 lines): only those that fit in LINES with the newest."""
    five = "\n".join(["line"] * 5)
    assert compose(["a", five, five]) == f"{five}\n\n{five}"  # 5 + 1 + 5 lines: "a" would make 13
    tall = "\n".join(["line"] * (LINES + 4))
    assert compose(["a", tall]) == tall


def test_compose_fits_discords_limit_dropping_the_oldest() -> None:
    long = "x" * (LIMIT - 10)
    assert compose(["old entry", long]) == long
    assert len(compose(["y" * (LIMIT + 50)])) == LIMIT


async def test_one_message_posted_then_edited() -> None:
    running, channel = RunningPost(), FakeChannel()
    for i in range(5):
        await running.add(7, f"moment {i}", channel.send)
    assert channel.posts == 1 and channel.edits == 4
    (content,) = channel.messages.values()
    assert content == "moment 2\n\nmoment 3\n\nmoment 4"


async def test_a_deleted_message_is_posted_anew_with_the_newest_entry() -> None:
    running, channel = RunningPost(), FakeChannel()
    await running.add(7, "first", channel.send)
    channel.gone.add(running.message_id(7) or 0)
    await running.add(7, "second", channel.send)
    assert channel.posts == 2
    assert channel.messages[running.message_id(7) or 0] == "second"


async def test_games_have_their_own_messages_and_an_ended_one_is_forgotten() -> None:
    running, channel = RunningPost(), FakeChannel()
    await running.add(1, "a", channel.send)
    await running.add(2, "b", channel.send)
    assert channel.posts == 2
    running.forget(1)
    assert running.message_id(1) is None
    await running.add(1, "c", channel.send)
    assert channel.posts == 3


async def test_a_failed_post_is_tried_again_with_the_next_entry() -> None:
    running, sent = RunningPost(), []

    async def refusing(message_id: int | None, content: str) -> int | None:
        sent.append((message_id, content))
        return None if len(sent) == 1 else 55  # the first post refused (no permission for a moment)

    await running.add(3, "one", refusing)
    await running.add(3, "two", refusing)
    assert sent == [(None, "one"), (None, "one\n\ntwo")]
    assert running.message_id(3) == 55
