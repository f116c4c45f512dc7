"""/promotion: the Discord side of Promotion — only what differs from every other game."""

from __future__ import annotations

from discord.ext import commands

from bot.gamecog import GameCog
from bot.i18n.commands import ls


class Promotion(GameCog, group_name="promotion", group_description=ls("cmd.group.desc", game="Promotion")):
    game = "promotion"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Promotion(bot))
