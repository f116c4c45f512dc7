"""What every game's cog shares: the ``/<game> new`` command.

A game's ``cog.py`` subclasses :class:`GameCog` with its group name; anything
game-specific (a keyboard command for a hidden pick, say) is added there.
"""

from __future__ import annotations

from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import interactions, opening
from bot.frontend.ui.slash import ls


class GameCog(commands.GroupCog):
    game: ClassVar[str]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=ls("cmd.new"), description=ls("cmd.new.desc"))
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction) -> None:
        await opening.open_lobby(interaction, self.game)

    @app_commands.command(name=ls("cmd.game.hand"), description=ls("cmd.game.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await interactions.hand_command(interaction)
