"""/getgem: the Discord side of GETGEM — only what differs from every other game."""

from __future__ import annotations

from discord.ext import commands

from bot.gamecog import GameCog
from bot.i18n.commands import ls


class Getgem(GameCog, group_name="getgem", group_description=ls("cmd.group.desc", game="GETGEM")):
    game = "getgem"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Getgem(bot))
