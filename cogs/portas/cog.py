"""/portas: the Discord side of PORTAS — only what differs from every other game (see bot.frontend.gamecog)."""

from __future__ import annotations

from discord.ext import commands

from bot.frontend.gamecog import GameCog, described

from .game import ID


class Portas(GameCog, name=ID, group_description=described(ID)):
    game = ID


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Portas(bot))
