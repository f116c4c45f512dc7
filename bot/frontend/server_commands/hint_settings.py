"""``/game settings hints``: when players may ask the strong AI for a hint (:mod:`bot.core.hint_policy`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.core import guildconf, hint_policy
from bot.frontend.answers import guarded, reply
from bot.frontend.server_commands.common import require_manager, tr_of
from bot.frontend.services import bot_of
from bot.frontend.ui.slash import ls
from bot.i18n import Tr


def choices() -> list[app_commands.Choice[str]]:
    """The command's choices, in the catalogue's words."""
    return [
        app_commands.Choice(name=ls(f"settings.hints.{v}.choice"), value=v)  # type: ignore[arg-type]
        for v in hint_policy.VALUES
    ]


def show_line(data: dict[str, object], tr: Tr) -> str:
    """The line ``/game settings show`` gives the hints setting."""
    return tr("settings.hints", value=tr(f"settings.hints.{hint_policy.hints_setting(data)}"))


@guarded
async def settings_hints(interaction: discord.Interaction, value: str) -> None:
    """A manager's choice, saved for this server; it counts from the next click on a Hint button."""
    guild_id = require_manager(interaction)
    await guildconf.update(bot_of(interaction).store, guild_id, lambda d: hint_policy.set_hints(d, value))
    tr = tr_of(interaction)
    await reply(interaction, tr("settings.hints.done", value=tr(f"settings.hints.{value}")))
