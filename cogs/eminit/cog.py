"""/eminit: the Discord side of Eminit — only what differs from every other game."""

from __future__ import annotations

from discord.ext import commands

from bot.core import games
from bot.frontend.gamecog import GameCog
from bot.frontend.ui.slash import ls

games.load("eminit")  # registers the catalogue: the group description names the game from it

DESCRIPTION = ls("cmd.group.desc", refs={"game": "eminit.name"})
"""Names the game per locale ("Play Eminit's Treasure", "エミニットの秘宝を遊ぶ"), not with a fixed English word."""


class Eminit(GameCog, group_name="eminit", group_description=DESCRIPTION):
    game = "eminit"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Eminit(bot))
