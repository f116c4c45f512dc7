"""/promotion: the Discord side of Promotion — only what differs from other games (see bot.frontend.slash.gamecog)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend.inbound import interactions
from bot.frontend.slash.gamecog import GameCog, described
from bot.frontend.ui.slash import ls

from .game import ID


class Promotion(GameCog, name=ID, group_description=described(ID)):
    game = ID

    @app_commands.command(name=ls(f"cmd.{ID}.pick"), description=ls(f"cmd.{ID}.pick.desc"))
    @app_commands.rename(row=ls(f"cmd.{ID}.opt.row"))
    @app_commands.describe(row=ls(f"cmd.{ID}.opt.row.desc"))
    @app_commands.guild_only()
    async def pick(self, interaction: discord.Interaction, row: app_commands.Range[int, 1, 4]) -> None:
        """The keyboard twin of the row buttons: a secret pick, answered only to the picker."""
        await interactions.action_command(interaction, {"type": "pick", "row": row}, f"{ID}.cmd.picked", row=row)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Promotion(bot))
