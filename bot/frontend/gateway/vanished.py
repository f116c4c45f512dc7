"""Games whose channel was deleted while Kado was stopped: found once after a start, and ended.

While connected, Discord says when a channel, a thread or a whole server goes
(``on_guild_channel_delete``, ``on_raw_thread_delete`` and ``on_guild_remove``
in bot/app.py).  What went while the bot was stopped nobody says: its games
are restored like any other and would play on (timers, AI seats, DM clicks)
into a channel that refuses every post, until the idle sweep a day later.

So once the gateway has delivered every server, a live session whose channel
the cache does not hold is asked about once (``GET /channels/{id}``), and
Unknown Channel (10003) ends it as if the deletion had been seen.  Anything
else leaves it be (an archived thread is not in the cache but answers; a
server in an outage or a permission taken away answers otherwise): ending a
game by mistake would be worse than the sweep ending a dead one later.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.core.store import SessionRecord

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003


class Sessions(Protocol):
    """The two things of the session manager this needs: so a test can hand it a fake one."""

    def live(self) -> list[SessionRecord]:
        """The sessions still running (lobbies and games), as known in memory."""

    async def channel_gone(self, channel_id: int) -> bool:
        """End the channel's session as abandoned (its channel is gone); True if one was ended."""


def unseen(client: discord.Client, records: list[SessionRecord]) -> list[SessionRecord]:
    """The sessions whose channel the cache lacks, in servers the gateway has delivered whole."""
    out = []
    for record in records:
        guild = client.get_guild(record.guild_id) if record.guild_id else None
        if guild is None or guild.unavailable:
            continue  # not this process's server, or in an outage: the cache says nothing
        if guild.get_channel_or_thread(record.channel_id) is None:
            out.append(record)
    return out


async def end_games_of_deleted_channels(client: Any, sessions: Sessions) -> int:
    """End the live games whose channel Discord no longer knows (call once the client is ready)."""
    ended = 0
    for record in unseen(client, sessions.live()):
        try:
            await client.fetch_channel(record.channel_id)
            continue  # still there (an archived thread, say)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_CHANNEL:
                continue
        except discord.HTTPException:
            continue  # cannot tell now: leave it to the idle sweep
        try:
            ended += await sessions.channel_gone(record.channel_id)
        except Exception:
            log.exception("could not end session %s, whose channel is gone", record.id)
    if ended:
        log.info("ended %d game(s) whose channel was deleted while Kado was stopped", ended)
    return ended
