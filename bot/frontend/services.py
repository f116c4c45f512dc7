"""What the click and command handlers need of the running bot, as a Protocol.

The handlers (:mod:`bot.frontend.inbound.interactions`, :mod:`bot.frontend.server_commands`) reach the
store, the sessions and the presenter through ``interaction.client``; naming
the concrete ``KadoBot`` there would make them import the composition root
(:mod:`bot.app`), which imports them — a cycle.  :class:`Services` states the
few things they use; ``KadoBot`` provides them, and tests can pass anything
that does.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot import i18n
from bot.core import config
from bot.core.sessions import Player, SessionManager
from bot.core.store import Store
from bot.frontend.gateway.forwarding import Forwarder
from bot.frontend.presenting.presenter import DiscordPresenter


class Services(Protocol):
    """The bot as the handlers see it (``bot.app.KadoBot`` satisfies it)."""

    settings: config.Settings
    store: Store
    sessions: SessionManager
    presenter: DiscordPresenter
    forwarder: Forwarder | None
    moderator_roles: dict[int, int]

    async def game_options(self, guild_id: int, game: str) -> dict[str, Any]:
        """The server's rule options for ``game``, resolved: what a new lobby is opened with."""

    async def guild_setting(self, guild_id: int | None, key: str, default: Any = None) -> Any:
        """One ``/game settings`` value of the server, or ``default`` (always, outside a server)."""


def bot_of(interaction: discord.Interaction) -> Services:
    """The running bot behind an interaction, typed as what the handlers may use of it (a cast, no check)."""
    return cast(Services, interaction.client)


def player_of(interaction: discord.Interaction) -> Player:
    """Who clicked, as the core knows a player: their name as shown here and the language their DMs use."""
    user = interaction.user
    return Player(user.id, user.display_name, i18n.normalise(interaction.locale))
