"""Counting the messages that bury a board (bot/frontend/presenting/buried.py) and re-posting its moments message."""

from __future__ import annotations

from types import SimpleNamespace

from bot.frontend.presenting.board_position import RunningPost
from bot.frontend.presenting.buried import BURIED_AFTER, BuriedBoards, count_messages
from tests.platform.frontend.test_board_position import FakeChannel

BOT = 1
CHANNEL = 50


BOARD = 1000


def test_only_others_messages_below_a_counted_board_count_and_a_post_resets() -> None:
    boards = BuriedBoards()
    boards.message(CHANNEL, BOARD + 1, 7, BOT)
    assert boards.below(CHANNEL) == 0  # not counted before its game's first change: no board known here yet
    assert not boards.due(CHANNEL, BOARD)
    for i in range(BURIED_AFTER):
        boards.message(CHANNEL, BOARD + 10 + i, 7, BOT)
        boards.message(CHANNEL, BOARD + 100 + i, BOT, BOT)  # the bot's own turn notices and moments never count
        boards.message(CHANNEL + 1, BOARD + 200 + i, 7, BOT)  # another channel's talk is not this board's
        boards.message(CHANNEL, BOARD - 1 - i, 7, BOT)  # older than the board (a late event): above it
    assert boards.below(CHANNEL) == BURIED_AFTER
    assert not boards.due(CHANNEL, BOARD)  # a handful below: the board is still in view
    boards.message(CHANNEL, BOARD + 300, 8, BOT)
    assert boards.due(CHANNEL, BOARD)
    boards.posted(CHANNEL, BOARD + 400)
    assert boards.below(CHANNEL) == 0 and not boards.due(CHANNEL, BOARD + 400)
    boards.message(CHANNEL, BOARD + 399, 7, BOT)  # posted while the board was being posted again: above it
    assert boards.below(CHANNEL) == 0
    for i in range(BURIED_AFTER + 1):
        boards.message(CHANNEL, BOARD + 500 + i, 7, BOT)
    assert not boards.due(CHANNEL, BOARD + 600)  # /game status posted another board: counted afresh
    boards.forget(CHANNEL)
    boards.message(CHANNEL, BOARD + 700, 7, BOT)
    assert boards.below(CHANNEL) == 0


def test_the_gateway_events_are_counted_raw_and_edits_not_parsed() -> None:
    parsed: list[str] = []
    state = SimpleNamespace(self_id=BOT, parsers={"MESSAGE_CREATE": parsed.append, "MESSAGE_UPDATE": parsed.append})
    boards = BuriedBoards()
    count_messages(SimpleNamespace(_connection=state), boards)  # type: ignore[arg-type]
    boards.due(CHANNEL, BOARD)
    state.parsers["MESSAGE_CREATE"]({"id": str(BOARD + 1), "channel_id": str(CHANNEL), "author": {"id": "7"}})
    state.parsers["MESSAGE_CREATE"]({"id": str(BOARD + 2), "channel_id": str(CHANNEL), "author": {"id": str(BOT)}})
    state.parsers["MESSAGE_CREATE"]({"channel_id": str(CHANNEL)})  # malformed: ignored, never raised
    state.parsers["MESSAGE_UPDATE"]({"id": str(BOARD + 3), "channel_id": str(CHANNEL), "author": {"id": "7"}})
    assert boards.below(CHANNEL) == 1
    assert parsed == []  # discord.py builds no Message of either


async def test_the_moments_message_is_posted_again_with_its_lines() -> None:
    channel = FakeChannel()
    running = RunningPost()
    first = await running.add(1, "a moment", channel.send)
    await running.add(1, "another", channel.send)
    again = await running.repost(1, channel.send)
    assert again is not None and again != first
    assert channel.messages[again] == channel.messages[first]
    await running.add(1, "third", channel.send)  # the next moment edits the new message
    assert "third" in channel.messages[again] and "third" not in channel.messages[first]
    assert await RunningPost().repost(1, channel.send) is None  # after a restart: nothing held, nothing posted


async def test_a_refused_followup_posts_the_board_by_the_bot_token_with_its_picture_read_again(monkeypatch) -> None:
    import io

    import discord

    from bot.frontend.presenting import buried
    from bot.transport.edits import Token

    class Refused(discord.HTTPException):
        def __init__(self) -> None:
            Exception.__init__(self, "401 Invalid Webhook Token")

    async def refuse(*args: object) -> int:
        payload = args[-1]
        payload["files"][0].fp.read()  # the refused attempt read the picture
        raise Refused()

    sent: list[bytes] = []

    class Channel:
        async def send(self, **payload: object) -> object:
            sent.append(payload["files"][0].fp.read())  # type: ignore[index]
            return SimpleNamespace(id=77)

    class Channels:
        dropped = False

        def get(self, channel_id: int) -> Token:
            return Token(1, "token", float("inf"))

        def drop(self, channel_id: int, token: Token) -> None:
            Channels.dropped = True

    monkeypatch.setattr(buried.wire, "send_followup_message", refuse)
    client = SimpleNamespace(get_partial_messageable=lambda channel_id: Channel())
    picture = discord.File(io.BytesIO(b"PNG"), "board.png")
    got = await buried.post_board(client, Channels(), CHANNEL, {"files": [picture]})  # type: ignore[arg-type]
    assert got == 77 and sent == [b"PNG"] and Channels.dropped


class _Client:
    """The little of ``discord.Client`` the presenter touches before it sends anything."""

    def get_channel(self, _channel_id: int) -> None:
        return None

    def get_partial_messageable(self, channel_id: int, **_: object) -> object:
        return SimpleNamespace(id=channel_id)


async def test_only_a_public_change_brings_a_buried_board_back() -> None:
    """A hidden pick leaves the board as it was: moving it then would tell the channel that someone acted."""
    from bot.frontend.presenting.presenter import DiscordPresenter
    from bot.frontend.ui import payloads

    presenter = DiscordPresenter(_Client(), store=None)  # type: ignore[arg-type]
    moved: list[str] = []

    async def bring_back(record: object, payload: dict, shown: str, answer: object = None) -> bool:
        moved.append(payload["content"])
        return True

    presenter._bring_back = bring_back  # type: ignore[method-assign]
    record = SimpleNamespace(id=1, channel_id=CHANNEL, guild_id=2, board_message_id=BOARD, status="active")
    shown = {"content": "alice to play"}
    presenter._boards[1] = (BOARD, payloads.digest(shown))  # what the board shows now
    assert not presenter.buried.due(CHANNEL, BOARD)
    for i in range(BURIED_AFTER + 1):
        presenter.buried.message(CHANNEL, BOARD + 1 + i, 7, BOT)
    await presenter._edit_board(record, dict(shown))  # type: ignore[arg-type]  # a hidden pick: nothing public
    assert moved == []
    await presenter._edit_board(record, {"content": "bob to play"})  # type: ignore[arg-type]
    assert moved == ["bob to play"]
