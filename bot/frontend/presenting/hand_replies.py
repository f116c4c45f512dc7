"""A DM-closed player's "My hand": one ephemeral reply that follows the game while its token lives.

Why: a player whose DMs are closed sees their hand and their buttons only in
an ephemeral reply ("My hand", ``/game hand``).  Such a reply used to show the
game as it was when they asked: after anyone else's move its buttons were out
of date, so the player asked again before every decision (67
presses in one Eminit game).  Discord lets the interaction that made the
reply edit it (``@original``) for 15 minutes, and a click on one of its
buttons brings a fresh token for the same message.  So the freshest token of
each seat's latest reply is kept here (in memory only, like every token:
:mod:`bot.transport.edits`), and whenever the seat's DM would be brought up to
date, this reply is edited instead.  After a restart, or 14 minutes without a
press or a click, the reply stops following and the player asks once more.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.ui import payloads
from bot.transport import wire
from bot.transport.edits import REUSE
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Reply:
    """The token that may edit a seat's latest "My hand" reply, until when it is used, and what it shows."""

    app: int
    token: str
    until: float
    digest: str | None = None


class HandReplies:
    """The freshest token of each DM-closed seat's "My hand" reply, to edit it as the game goes on.

    One per presenter (through :class:`bot.frontend.presenting.dm_screens.DmScreens`);
    ``reuse`` is how long a token is trusted, a little under Discord's 15 minutes.
    """

    def __init__(self, client: discord.Client, *, reuse: float = REUSE, clock: Callable[[], float] = time.monotonic):
        self.client = client
        self.reuse = reuse
        self.clock = clock
        self._replies: dict[tuple[int, int], Reply] = {}  # (session, seat) -> its latest reply

    def __len__(self) -> int:
        return len(self._replies)

    def remember(self, session_id: int, seat: int, app: int | None, token: str | None, payload: dict[str, Any]) -> None:
        """``token`` (just received) edits the seat's reply, which now shows ``payload``; an older one is let go."""
        if app is None or not token or self.reuse <= 0:
            return
        self._replies[(session_id, seat)] = Reply(app, token, self.clock() + self.reuse, payloads.digest(payload))

    def showing(self, session_id: int, seat: int, payload: dict[str, Any]) -> bool:
        """Whether the seat's reply already shows ``payload`` (a click on it need not show it again)."""
        reply = self._replies.get((session_id, seat))
        return reply is not None and reply.digest == payloads.digest(payload)

    def follows(self, session_id: int, seat: int) -> bool:
        """Whether the seat's reply can still be edited (its token lives); if not, a DM-closed seat gets no screen."""
        reply = self._replies.get((session_id, seat))
        return reply is not None and reply.until > self.clock()

    async def update(self, session_id: int, seat: int, payload: dict[str, Any]) -> bool:
        """Show ``payload`` in the seat's reply if it still follows the game; True if it does (or already did).

        A refused token (expired, the reply dismissed: Discord says 401/404) is
        dropped, never tried again; the player's next press brings a new one.
        """
        key = (session_id, seat)
        reply = self._replies.get(key)
        if reply is None:
            return False
        if reply.until <= self.clock():
            del self._replies[key]
            return False
        digest = payloads.digest(payload)
        if reply.digest == digest:
            return True
        try:
            await wire.edit_original(self.client, reply.app, reply.token, payload)
        except (discord.NotFound, discord.Forbidden, discord.HTTPException) as exc:
            if self._replies.get(key) is reply:
                del self._replies[key]
            log.info("the My hand reply of seat %s of session %s stopped following (%s)", seat, session_id, exc)
            return False
        except SEND_ERRORS:
            log.warning("could not bring the My hand reply of seat %s of session %s up to date", seat, session_id,
                        exc_info=True)
            return False
        if self._replies.get(key) is reply:  # a newer reply (a press meanwhile) keeps its own
            self._replies[key] = Reply(reply.app, reply.token, reply.until, digest)
        return True

    def forget(self, session_id: int) -> None:
        """A finished session: its replies follow nothing any more."""
        for key in [k for k in self._replies if k[0] == session_id]:
            del self._replies[key]
