"""/eminit: the Discord side of Eminit — only what differs from every other game."""

from __future__ import annotations

from discord.ext import commands

from bot.gamecog import GameCog
from bot.i18n.commands import ls


class Eminit(GameCog, group_name="eminit", group_description=ls("cmd.group.desc", game="Eminit")):
    game = "eminit"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Eminit(bot))
