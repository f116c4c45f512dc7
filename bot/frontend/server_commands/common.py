"""What the server-life commands share: the asker's words, the server asked about, a game by id, who may manage.

Refusals are :class:`SessionError` with keys under ``error.``, so ``guarded``
(:mod:`bot.frontend.answers`) answers them in the asker's language like every other refusal.
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.core import games
from bot.core.games import GameSpec
from bot.core.sessions import SessionError
from bot.i18n import Tr

COLOUR = discord.Colour(0x3B7DD8)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tr_of(interaction: discord.Interaction) -> Tr:
    return i18n.translator(interaction.locale)


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise SessionError("guild_only")
    return interaction.guild_id


def spec_of(game: str) -> GameSpec:
    if game not in games.available():
        raise SessionError("unknown_game")
    return games.get(game)


def can_manage(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator): who may change a server's settings.

    Checked here on every change, not only through the command's visibility:
    Discord lets ``default_member_permissions`` be set on top-level commands
    only, and ``/game`` is for everyone, so the subcommands must guard themselves.
    """
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def require_manager(interaction: discord.Interaction) -> int:
    guild_id = guild_of(interaction)
    if not can_manage(interaction):
        raise SessionError("manage_only")
    return guild_id
