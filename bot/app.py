"""The Bot: opens the store, loads the cogs, registers the buttons, restores sessions."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot import config, games, guildconf, i18n
from bot.i18n import core as core_strings
from bot.i18n import server as server_strings
from bot.i18n.commands import CatalogueTranslator
from bot.presenter import DiscordPresenter
from bot.sessions import SessionManager
from bot.store import Store
from bot.ui.components import DYNAMIC_ITEMS

log = logging.getLogger(__name__)
SWEEP_EVERY = 60.0

i18n.register(core_strings.STRINGS)
i18n.register(server_strings.STRINGS)


class KadoBot(commands.Bot):
    store: Store
    sessions: SessionManager
    presenter: DiscordPresenter

    def __init__(self, settings: config.Settings) -> None:
        intents = discord.Intents.default()
        intents.members = settings.members_intent  # privileged: only when the operator enabled it
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=settings.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.moderator_roles: dict[int, int] = {}

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database_path)
        self.moderator_roles = await self.store.moderator_roles()  # /game settings modrole, per server
        self.presenter = DiscordPresenter(self, self.store)
        cfg = self.settings
        self.sessions = SessionManager(
            self.store,
            self.presenter,
            ai_delay=cfg.ai_delay,
            turn_timeout=cfg.turn_timeout,
            pick_timeout=cfg.pick_timeout,
            afk_limit=cfg.afk_limit,
            lobby_ttl=cfg.lobby_ttl,
            idle_ttl=cfg.idle_ttl,
            seed=cfg.seed,
        )
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.load_extension("cogs.core")
        for game_id in games.available():
            await self.load_extension(f"cogs.{game_id}.cog")
        restored = await self.sessions.restore()
        log.info("restored %d live sessions", restored)
        await self._sync_commands()
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        """Close expired lobbies and idle games once a minute."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sessions.sweep()
            except Exception:
                log.exception("sweep failed")

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        await self.sessions.seat_left(payload.guild_id, payload.user.id)

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def game_options(self, guild_id: int, game: str) -> dict[str, Any]:
        """The server's rule options for ``game`` (set with /game settings; defaults otherwise)."""
        return guildconf.rules_for(await self.store.guild_settings(guild_id), games.get(game))

    async def guild_setting(self, guild_id: int | None, key: str, default: Any = None) -> Any:
        """One server setting from /game settings (``"turn_timeout"``, ``"language"``...), or ``default``."""
        if guild_id is None:
            return default
        return (await self.store.guild_settings(guild_id)).get(key, default)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def close(self) -> None:
        if hasattr(self, "_sweeper"):
            self._sweeper.cancel()
        if hasattr(self, "sessions"):
            await self.sessions.close()
        if hasattr(self, "store"):
            await self.store.close()
        await super().close()


def point_at(settings: config.Settings) -> None:
    """Use another Discord endpoint (the test emulator) when the settings name one."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def run(settings: config.Settings) -> None:
    point_at(settings)
    bot = KadoBot(settings)
    async with bot:
        await bot.start(settings.token)
