"""Reading and changing one server's stored settings: one change at a time per server, and the hints follow at once."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import Any

from bot.core.settings import hint_policy
from bot.core.settings.schema import ServerSettings, Settings, read

log = logging.getLogger(__name__)

_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()  # while in use, not forever


async def update(store: Any, guild_id: int, change: Callable[[Settings], Settings]) -> Settings:
    """Read, change and write one server's settings; two managers clicking at once both count."""
    lock = _locks.setdefault(guild_id, asyncio.Lock())
    async with lock:
        data = await store.guild_settings(guild_id)
        new = change(data)
        await store.set_guild_settings(guild_id, new)
        hint_policy.remember(guild_id, new)  # the Hint button follows at once
        return new


async def load(store: Any, guild_id: int | None) -> ServerSettings:
    """A server's settings, typed (the defaults outside a server)."""
    return read(await store.guild_settings(guild_id) if guild_id is not None else None)


async def moments_posted(store: Any, guild_id: int | None) -> bool:
    """Whether a game in ``guild_id`` posts its big moments: read when it has one, so a change counts at once.

    A failed read posts it: a moment too many is better than a game that stops being shown.
    """
    if guild_id is None:
        return True
    try:
        return (await load(store, guild_id)).posts == "moments"
    except Exception:
        log.warning("could not read the posts setting of server %s; posting the moment", guild_id, exc_info=True)
        return True
