"""Which of this process's gateway shards are down: while one is, no turn of its servers runs out.

Why: every click reaches Kado through its gateway connection.  While that is
down (Discord in an outage, the network gone, the bot still starting), nobody
can act, so a turn whose time runs out then was not the player's fault.  Its
deadline is held instead of played (:mod:`bot.core.sessions.parts.clock`) and starts
again, a full timer, when the shard is back.  Without it, an outage of six
minutes handed every waiting player's seat to the AI, in every game at once
(three turns timed out in a row).

A shard counts as down from the bot's start until its first READY, and from
discord.py's ``disconnect`` until its ``resumed`` or next READY (discord.py's
``connect``, or ``ready``, which comes once the members are chunked).  A
connection that dies silently is noticed by discord.py's heartbeat, within a
minute or so; until then its deadlines run as usual.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.core import config
from bot.core.store import SessionRecord
from bot.runtime import detached

log = logging.getLogger(__name__)


class GatewayWatch:
    """The shards of this process that are down, and what to do when one is back."""

    def __init__(self, shards: list[int], shard_count: int | None, back_again: Callable[[], Awaitable[int]]) -> None:
        self.shard_count = shard_count or 1
        self.down: set[int] = set(shards)  # none is connected before its first READY
        self._back_again = back_again
        self._restarting: set[asyncio.Task[None]] = set()

    def unreachable(self, record: SessionRecord) -> bool:
        """Is the connection that carries clicks from ``record``'s server down now?"""
        return bool(self.down) and config.shard_of(record.guild_id, self.shard_count) in self.down

    def lost(self, shard: int) -> None:
        """Shard ``shard`` is disconnected: from now on its servers' turns are held, not played out."""
        if shard not in self.down:
            self.down.add(shard)
            # info, not a warning: Discord asks bots to reconnect now and then, and a RESUME takes a second
            log.info("gateway shard %d disconnected: its games' turns are held until it is back", shard)

    def back(self, shard: int) -> None:
        """Shard ``shard`` is connected again: the turns held meanwhile start again, in the background."""
        if shard not in self.down:
            return
        self.down.discard(shard)
        task = detached.create_task(self._restart())
        self._restarting.add(task)
        task.add_done_callback(self._restarting.discard)

    async def _restart(self) -> None:
        try:
            restarted = await self._back_again()
        except Exception:
            log.exception("could not restart the turns held while Discord was unreachable")
            return
        if restarted:
            log.info("restarted %d turn(s) whose time ran out while Discord was unreachable", restarted)

    async def close(self) -> None:
        """Cancel the restarts of held turns still under way: the bot is stopping, and they must not outlive it."""
        for task in list(self._restarting):
            task.cancel()
        await asyncio.gather(*self._restarting, return_exceptions=True)
