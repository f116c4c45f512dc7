"""What the server-life commands share: the asker's words, the server asked about, a game by id, who may manage.

Refusals are :class:`SessionError` with keys under ``error.``, so ``guarded``
(:mod:`bot.frontend.answers`) answers them in the asker's language like every other refusal.
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.core import games
from bot.core.sessions import SessionError
from bot.gamefacts import Game
from bot.gameui import clip as clip  # the kit's one clip (a longer field fails the send)
from bot.i18n import Tr

COLOUR = discord.Colour(0x3B7DD8)


def tr_of(interaction: discord.Interaction) -> Tr:
    """The asker's words: these answers are private, so in the asker's client language, not the server's."""
    return i18n.translator(interaction.locale)


def guild_of(interaction: discord.Interaction) -> int:
    """The server asked about; a refusal in DMs, where these commands mean nothing."""
    if interaction.guild_id is None:
        raise SessionError("guild_only")
    return interaction.guild_id


def spec_of(game: str) -> Game:
    """The game a command option names; a refusal for an id no installed game has (a stale choice list)."""
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
    """The server's id, once the asker may manage it (:func:`can_manage`); a refusal otherwise."""
    guild_id = guild_of(interaction)
    if not can_manage(interaction):
        raise SessionError("manage_only")
    return guild_id
