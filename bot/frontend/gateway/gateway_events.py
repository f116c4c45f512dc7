"""discord.py's connection events, fed to :class:`bot.frontend.gateway.outages.GatewayWatch`, per shard.

Split from the bot class (:mod:`bot.app`) because it is one job with its own
traps: while a shard's gateway is down no click can reach the bot, so no turn
of its servers may run out (:mod:`bot.frontend.gateway.outages` says why).  The traps:

* an ``AutoShardedBot`` also dispatches the shard-less events, once per shard:
  for it only the ``on_shard_*`` events count, for a single-shard bot only the others;
* a shard is back at READY (``connect``), not only at ``ready``: clicks flow
  from READY, while ``ready`` waits for the members' chunks.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

from discord.ext import commands

from bot.frontend.gateway.outages import GatewayWatch

log = logging.getLogger(__name__)


class GatewayEvents:
    """Mixed into the bot class: its connection events mark a shard lost or back in ``self.gateway``.

    ``gateway`` is set by the bot's ``setup_hook``; an event before it (none
    can be missed: every shard counts as down until its first READY) is ignored.
    """

    gateway: GatewayWatch
    user: Any  # discord.Client's: who the bot logged in as

    async def on_ready(self) -> None:
        """The members are chunked too; a shard missed by ``connect`` (none, normally) counts as back here."""
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))
        self._gateway_event("back", None)

    async def on_connect(self) -> None:
        """READY of a single-shard bot: clicks flow from here, before the members are chunked."""
        self._gateway_event("back", None)

    async def on_shard_connect(self, shard_id: int) -> None:
        """READY of one shard of a sharded bot: its servers' clicks flow again."""
        self._gateway_event("back", shard_id)

    async def on_disconnect(self) -> None:
        """The single shard's connection is lost: its deadlines are held until it is back."""
        self._gateway_event("lost", None)

    async def on_resumed(self) -> None:
        """The single shard's session resumed, Discord replaying what it missed: back, with no READY."""
        self._gateway_event("back", None)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        """One shard's connection is lost: only its servers' deadlines are held."""
        self._gateway_event("lost", shard_id)

    async def on_shard_ready(self, shard_id: int) -> None:
        """One shard's members are chunked; back, if its READY was somehow not seen."""
        self._gateway_event("back", shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        """One shard's session resumed without a READY: back."""
        self._gateway_event("back", shard_id)

    def _gateway_event(self, what: Literal["lost", "back"], shard_id: int | None) -> None:
        """One shard lost or back; ``shard_id`` None: the event of a bot that runs one shard (its ``shard_id``)."""
        watch = getattr(self, "gateway", None)
        if watch is None or (shard_id is None) == isinstance(self, commands.AutoShardedBot):
            return  # before set-up, or the other kind of event of the two discord.py sends
        shard = shard_id if shard_id is not None else getattr(self, "shard_id", None) or 0
        if what == "lost":
            watch.lost(shard)
        else:
            watch.back(shard)
