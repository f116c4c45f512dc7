"""The board stays in view: a game's moments share one channel message below the board, edited in place.

Why: the board is the first message of a game and nothing brings it back.
With one post per contest (Eminit) or per big moment (GETGEM, Promotion) the
live board sank five or more of Kado's own messages up the channel by
mid-game, and players scrolled for the game they were playing (issue 37).
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

import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

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

    def message_id(self, session_id: int) -> int | None:
        """The session's moments message as known in memory, or None before its first moment (or after a restart)."""
        running = self._running.get(session_id)
        return None if running is None else running.message_id

    def forget(self, session_id: int) -> None:
        """The game ended: its message stays as it is, the next game starts its own."""
        self._running.pop(session_id, None)

    async def move_down(self, session_id: int, send: Send, known: int | None) -> tuple[int | None, int | None]:
        """Post the moments message again (below a board just re-posted); (old message, new message).

        Its entries are known since the last restart; with none known (a
        restart since its last moment) the old message only goes: nothing of
        it can be shown again, and a stale one must not stand above the board.
        """
        running = self._running.get(session_id)
        old = running.message_id if running is not None and running.message_id is not None else known
        if running is None or not running.entries:
            self._running.pop(session_id, None)
            return old, None
        running.message_id = await send(None, compose(running.entries))
        return old, running.message_id


HANDFUL = 5
"""Other people's messages below a board after which its next change re-posts it at the bottom."""


class Buried:
    """Counts other people's messages posted below each live board, from the gateway's message events.

    Why count and not read: the gateway's MESSAGE_CREATE (the non-privileged
    guild messages intent; no content is needed) says that a message was
    posted, where, and (its snowflake id) when: one newer than the board is
    below it, whenever the event arrives.  Its parser is replaced by this
    counter (:meth:`install`), so no ``Message`` is built for any of them, and
    MESSAGE_UPDATE (one for each board edit of the bot's own) is dropped
    unparsed: the reasons the intent used to be off.
    """

    MOVING = 1 << 63
    """A board being posted again: nothing counts until the new one is placed."""

    def __init__(self) -> None:
        self._board: dict[int, int] = {}  # watched channel -> its live board's message id
        self._below: dict[int, int] = {}  # watched channel -> other people's messages newer than it

    def install(self, client: discord.Client) -> None:
        """Count from the gateway's MESSAGE_CREATE; parse no message (discord.py's parsers by event name)."""
        parsers = client._connection.parsers  # the dict the gateway dispatches through (discord.py's own)
        parsers["MESSAGE_CREATE"] = lambda data: self.created(data, client.user.id if client.user else None)
        parsers["MESSAGE_UPDATE"] = lambda data: None  # Kado reads no edits (its own boards' are most of them)

    def created(self, data: dict[str, Any], own_id: int | None) -> None:
        """A MESSAGE_CREATE: one more below the board if newer than it, unless it is Kado's own."""
        author = data.get("author")
        if own_id is not None and isinstance(author, dict) and str(author.get("id")) == str(own_id):
            return
        channel_id = int(str(data.get("channel_id") or 0))
        board = self._board.get(channel_id)
        if board is not None and int(str(data.get("id") or 0)) > board:
            self._below[channel_id] += 1

    def watch(self, channel_id: int, board_id: int) -> None:
        """``board_id`` is the channel's live board (a board posted again by ``/game status`` counts afresh)."""
        if self._board.get(channel_id) not in (board_id, self.MOVING):
            self._board[channel_id] = board_id
            self._below[channel_id] = 0

    def buried(self, channel_id: int) -> bool:
        return self._below.get(channel_id, 0) > HANDFUL and self._board.get(channel_id) != self.MOVING

    def moving(self, channel_id: int) -> None:
        """The board is about to be posted again: a second change meanwhile must not move it again."""
        self._board[channel_id] = self.MOVING
        self._below[channel_id] = 0

    def placed(self, channel_id: int, board_id: int) -> None:
        """The board stands at the bottom now: only messages newer than it count."""
        self._board[channel_id] = board_id
        self._below[channel_id] = 0

    def unwatch(self, channel_id: int) -> None:
        self._board.pop(channel_id, None)
        self._below.pop(channel_id, None)


async def moved_down(record: Any, old_board: int, channel: discord.PartialMessageable, moments: RunningPost,
                     followups: Any, store: Any) -> None:
    """The board was just posted again at the bottom: the old one goes, and the moments message follows it.

    Buttons need nothing: every custom_id names its session and prompt, not
    its message, so a click on any copy still reaching Discord is judged as
    one on the board.  Never raises: the new board is what matters.
    """
    with contextlib.suppress(discord.NotFound, *SEND_ERRORS):
        await discord_request(channel.get_partial_message(old_board).delete())
    old, new = await moments.move_down(record.id, followups.sender(channel.id), record.moments_message_id)
    if old is not None:
        with contextlib.suppress(discord.NotFound, *SEND_ERRORS):
            await followups.delete(channel.id, old)
    if new != record.moments_message_id:
        await store.set_moments_message(record, new)
