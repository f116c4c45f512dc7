"""The board stays in view: a game's moments share one channel message below the board, edited in place.

Why: the board is the first message of a game and nothing brings it back.
With one post per contest (Eminit) or per big moment (GETGEM, Promotion) the
live board sank five or more of Kado's own messages up the channel by
mid-game, and players scrolled for the game they were playing.
Here every in-game channel line of a session (the game's moments, the
platform's "ran out of time" and "an AI keeps the seat") goes into one
message posted under the board on the first such line and edited with each
next one: it shows the newest :data:`KEEP` entries, the newest last, within
:data:`LINES` lines and Discord's 2,000 characters.  So during a game at most that message and the
turn notices of the players on their turn stand below the board, and a game
leaves the board, that message and the result in the channel.
``/game replay`` keeps every moment of the game.

The message is posted and edited as a followup of the channel's freshest
click while one lives (bot.transport.followups), else by the bot token.  Its
id is stored with the session, so after a restart the next moment edits the
same message (showing the entries from the restart on).  Nothing here is
hidden from the channel: the entries are the same public lines as the posts
they replace.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.core.turns import discord_request
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)

KEEP = 3
"""Entries the message shows at most: the newest and the two before it, for a player who looked away."""
LINES = 12
"""Lines the older entries may fill with the newest: a tall message would push the board out of view again."""
LIMIT = 2000
"""Discord's length limit for a message's content."""
SEPARATOR = "\n\n"

Send = Callable[[int | None, str], Awaitable[int | None]]
"""Post the content (message id None) or edit that message into it; the message's id, None when it failed."""


@dataclass
class _Running:
    message_id: int | None = None
    entries: list[str] = field(default_factory=list)


def compose(entries: list[str], keep: int = KEEP, limit: int = LIMIT, lines: int = LINES) -> str:
    """The newest entries that fit, oldest first: at most ``keep`` of them, ``lines`` lines and ``limit``
    characters (the newest always, cut to ``limit``)."""
    shown: list[str] = []
    size = height = 0
    for entry in reversed(entries[-keep:]):
        cost = len(entry) + (len(SEPARATOR) if shown else 0)
        tall = entry.count("\n") + 1 + (1 if shown else 0)
        if shown and (size + cost > limit or height + tall > lines):
            break
        shown.insert(0, entry)
        size += cost
        height += tall
    return SEPARATOR.join(shown)[:limit]


class RunningPost:
    """Each session's one moments message: posted on its first entry, then edited."""

    def __init__(self) -> None:
        self._running: dict[int, _Running] = {}

    async def add(self, session_id: int, entry: str, send: Send, known: int | None = None) -> int | None:
        """Show ``entry`` as the newest line of the session's moments message; that message's id.

        ``known``: the message stored with the session, for the first entry after a restart.
        """
        running = self._running.setdefault(session_id, _Running(message_id=known))
        running.entries = [*running.entries, entry][-KEEP:]
        content = compose(running.entries)
        if running.message_id is not None:
            try:
                if await send(running.message_id, content) is not None:
                    return running.message_id
            except discord.NotFound:  # deleted by a moderator: a new one below the board
                log.info("moments message of session %s was deleted; posting a new one", session_id)
            running.message_id = None
            running.entries = [entry]
            content = entry[:LIMIT]
        running.message_id = await send(None, content)
        return running.message_id

    async def repost(self, session_id: int, send: Send) -> int | None:
        """Post the lines shown afresh (the board was posted again above): the new message's id.

        None when this process holds none of the session's lines (after a
        restart): the next moment then posts a new message.
        """
        running = self._running.pop(session_id, None)
        if running is None or not running.entries:
            return None
        message_id = await send(None, compose(running.entries))
        if message_id is not None:
            self._running[session_id] = _Running(message_id, running.entries)
        return message_id

    def message_id(self, session_id: int) -> int | None:
        """The session's moments message as known in memory, or None before its first moment (or after a restart)."""
        running = self._running.get(session_id)
        return None if running is None else running.message_id

    def forget(self, session_id: int) -> None:
        """The game ended: its message stays as it is, the next game starts its own."""
        self._running.pop(session_id, None)


def channel_sender(channel: discord.PartialMessageable) -> Send:
    """:data:`Send` for a channel: a refusal for good (no permission, the channel gone) is a line, not a traceback.

    A deleted moments message raises ``NotFound`` on its edit, so that
    :meth:`RunningPost.add` posts a new one.  No line pings anyone.
    """

    async def send(message_id: int | None, content: str) -> int | None:
        mentions = discord.AllowedMentions.none()
        try:
            if message_id is None:
                sent = await discord_request(channel.send(content, allowed_mentions=mentions))
                return int(sent.id)
            message = channel.get_partial_message(message_id)
            await discord_request(message.edit(content=content, allowed_mentions=mentions))
            return message_id
        except discord.NotFound:
            if message_id is not None:
                raise
            log.warning("could not post to channel %s: it is gone", channel.id)
        except discord.Forbidden as exc:
            log.warning("could not post to channel %s: %s", channel.id, exc)
        except SEND_ERRORS:
            log.exception("could not show a moment in channel %s", channel.id)
        return None

    return send
