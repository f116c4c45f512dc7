"""/portas: the Discord side of PORTAS — only what differs from every other game."""

from __future__ import annotations

from discord.ext import commands

from bot.core import games
from bot.frontend.gamecog import GameCog
from bot.frontend.ui.slash import ls

games.load("portas")  # registers the catalogue: the group description names the game from it

DESCRIPTION = ls("cmd.group.desc", refs={"game": "portas.name"})
"""Names the game per locale ("Play Eminit's Treasure", "エミニットの秘宝を遊ぶ"), not with a fixed English word."""


class Portas(GameCog, group_name="portas", group_description=DESCRIPTION):
    game = "portas"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Portas(bot))
