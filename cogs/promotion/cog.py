"""/promotion: the Discord side of Promotion — only what differs from every other game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import games
from bot.frontend import interactions
from bot.frontend.gamecog import GameCog
from bot.frontend.ui.slash import ls

games.load("promotion")  # registers the catalogue: the group description names the game from it

DESCRIPTION = ls("cmd.group.desc", refs={"game": "promotion.name"})
"""Names the game per locale ("Play Eminit's Treasure", "エミニットの秘宝を遊ぶ"), not with a fixed English word."""


class Promotion(GameCog, group_name="promotion", group_description=DESCRIPTION):
    game = "promotion"

    @app_commands.command(name=ls("cmd.promotion.pick"), description=ls("cmd.promotion.pick.desc"))
    @app_commands.rename(row=ls("cmd.promotion.opt.row"))
    @app_commands.describe(row=ls("cmd.promotion.opt.row.desc"))
    @app_commands.guild_only()
    async def pick(self, interaction: discord.Interaction, row: app_commands.Range[int, 1, 4]) -> None:
        """The keyboard twin of the row buttons: a secret pick, answered only to the picker."""
        await interactions.action_command(interaction, {"type": "pick", "row": row}, "promotion.cmd.picked", row=row)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Promotion(bot))
