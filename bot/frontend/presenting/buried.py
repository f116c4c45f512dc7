"""A board buried by the channel's conversation comes back: counted from message events, re-posted at the next change.

Why: a game that lasts hours or days shares its channel with people talking.
Kado keeps its own messages below the board few (:mod:`bot.frontend.presenting.board_position`),
but other people's messages push the board up and out of view, and only
``/game status`` brought it back.  Here every message created in a channel
with a live board counts, unless the bot wrote it (its board, moments, turn
notices and results are placed on purpose); past :data:`BURIED_AFTER` of them,
the game's next *public* change posts the board again at the bottom, with its
moments message, and deletes the old two (:func:`bring_back`).

What is counted is public: a message anyone in the channel sees.  The
re-post happens only where the board would have been edited anyway (its
public part changed), so neither its moment nor the count says anything about
a hidden pick.  The message events come with Discord's GUILD_MESSAGES intent,
not privileged (no content is read: without MESSAGE_CONTENT Discord sends it
empty).  :func:`count_messages` reads them raw: a busy server sends every message
of every channel, and discord.py would build a full ``Message`` of each one
(and of each ``MESSAGE_UPDATE`` of the bot's own board edits, a fifth of a
click's CPU: docs/performance.md), where a dict lookup is all this needs.

The counts live in memory only: after a restart a channel counts from its
game's first change on.  Losing them is harmless: at worst the board stays
buried for another :data:`BURIED_AFTER` messages, and ``/game status`` still
brings it back at once.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.core.turns import discord_request
from bot.transport import wire
from bot.transport.followups import ChannelTokens, Followups
from bot.transport.wire import SEND_ERRORS

if TYPE_CHECKING:
    from bot.core.store import SessionRecord, Store
    from bot.frontend.presenting.board_position import RunningPost

log = logging.getLogger(__name__)

BURIED_AFTER = 8
"""Others' messages below the board past which it counts as buried: about what a phone's screen (360 px wide)
shows under a board's picture, so with more the board is out of view; fewer would re-post it (two posts and two
deletions) for a short exchange that leaves it on screen."""


class BuriedBoards:
    """Per channel whose game has changed since the start: its board, and the messages others posted below it.

    "Below" is read from the snowflake ids: a message newer than the board,
    whenever its event arrives (one posted while the board was being posted
    again does not count against the new board).  Memory: two ints per
    channel with a live game, from :meth:`due` (its game's first change seen
    by this process) until :meth:`forget`.
    """

    def __init__(self) -> None:
        self._board: dict[int, int] = {}  # channel -> its live board's message id
        self._below: dict[int, int] = {}  # channel -> others' messages newer than it

    def message(self, channel_id: int, message_id: int, author_id: int, bot_id: int | None) -> None:
        """The counting rule: a message newer than a counted channel's board, not the bot's own, counts one."""
        board = self._board.get(channel_id)
        if board is not None and message_id > board and author_id != bot_id:
            self._below[channel_id] += 1

    def due(self, channel_id: int, board_id: int) -> bool:
        """Whether ``board_id`` is buried (more than :data:`BURIED_AFTER` below it); counted from now on."""
        if self._board.get(channel_id) != board_id:  # first seen, or posted again by someone else (/game status)
            self.posted(channel_id, board_id)
        return self._below[channel_id] > BURIED_AFTER

    def posted(self, channel_id: int, board_id: int) -> None:
        """The board was (re)posted at the bottom: nothing stands below it."""
        self._board[channel_id] = board_id
        self._below[channel_id] = 0

    def below(self, channel_id: int) -> int:
        return self._below.get(channel_id, 0)

    def forget(self, channel_id: int) -> None:
        """The channel's game ended: its messages count no more."""
        self._board.pop(channel_id, None)
        self._below.pop(channel_id, None)


def count_messages(client: discord.Client, boards: BuriedBoards) -> None:
    """Count ``MESSAGE_CREATE`` events raw into ``boards``; ``MESSAGE_UPDATE`` is not read at all.

    Replaces discord.py's two parsers (its gateway looks them up by event
    name in this same dict): Kado reads no message, so nothing it uses is lost
    (no ``on_message``, no message cache, no ``on_message_edit``).
    """
    state = client._connection

    def created(data: dict[str, Any]) -> None:
        author = data.get("author") or {}
        with contextlib.suppress(KeyError, TypeError, ValueError):
            boards.message(int(data["channel_id"]), int(data["id"]), int(author["id"]), state.self_id)

    state.parsers["MESSAGE_CREATE"] = created
    state.parsers["MESSAGE_UPDATE"] = lambda data: None


async def post_board(client: discord.Client, channels: ChannelTokens, channel_id: int,
                     payload: dict[str, Any]) -> int:
    """Post a board anew as a followup of the channel's freshest click (outside the global limit), else by the
    bot token; the new message's id.  ``payload``: ``send`` keyword arguments (``payloads.for_send``)."""
    token = channels.get(channel_id)
    if token is not None:
        try:
            return await discord_request(wire.send_followup_message(client, token.app, token.token, payload))
        except discord.Forbidden:
            raise  # a picture the app may not attach: the caller tries without it
        except discord.HTTPException:
            channels.drop(channel_id, token)  # expired or refused: the bot token now
            for file in payload.get("files") or ():
                file.reset()  # read by the refused post
    channel = client.get_partial_messageable(channel_id)
    message = await discord_request(channel.send(**payload))
    return message.id


async def bring_back(
    client: discord.Client,
    store: Store,
    followups: Followups,
    moments: RunningPost,
    record: SessionRecord,
    new_board: int,
) -> None:
    """The board was posted anew as ``new_board``: stored, its moments message posted below it, the old two deleted.

    The new ids are stored before the old messages go, so a crash between
    leaves two boards, never none.  A moments message is posted only when
    this process holds its lines (after a restart it does not): else the next
    moment posts a new one.  Never raises: a message that cannot be deleted
    (a moderator was quicker) stays.
    """
    old_board, old_moments = record.board_message_id, record.moments_message_id
    await store.set_board_message(record, new_board)
    moments_id = None
    try:
        moments_id = await moments.repost(record.id, followups.sender(record.channel_id))
    except SEND_ERRORS:
        log.exception("could not post the moments of session %s again", record.id)
    await store.set_moments_message(record, moments_id)
    if old_board is not None and old_board != new_board:
        try:
            message = client.get_partial_messageable(record.channel_id).get_partial_message(old_board)
            with contextlib.suppress(discord.NotFound):
                await discord_request(message.delete())
        except SEND_ERRORS:
            log.info("could not delete the old board %s of session %s", old_board, record.id)
    if old_moments is not None and old_moments != moments_id:
        try:
            await followups.delete(record.channel_id, old_moments)
        except SEND_ERRORS:
            log.info("could not delete the old moments message %s of session %s", old_moments, record.id)
