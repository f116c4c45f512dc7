"""/portas: the Discord side of PORTAS — only what differs from every other game."""

from __future__ import annotations

from discord.ext import commands

from bot.gamecog import GameCog
from bot.i18n.commands import ls


class Portas(GameCog, group_name="portas", group_description=ls("cmd.group.desc", game="PORTAS")):
    game = "portas"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Portas(bot))
