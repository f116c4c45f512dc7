"""/promotion: the Discord side of Promotion — only what differs from every other game.

Every name here comes from ``ID`` in this package's :mod:`.game` (imported
relatively): the slash group's word, the cog's name and the catalogue keys.
A copy of the package under another name is then a game of its own with no
edit here (tests/platform/test_cog_names.py).  discord.py reads the group's
name when the class is defined, so ``ID`` is imported before it; ``name=``
names the group too, and keeps two games' cogs from sharing a name, which
``bot.add_cog`` refuses.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import games
from bot.frontend import interactions
from bot.frontend.gamecog import GameCog
from bot.frontend.ui.slash import ls

from .game import ID

games.load(ID)  # registers the catalogue: the group description names the game from it

DESCRIPTION = ls("cmd.group.desc", refs={"game": f"{ID}.name"})
"""Names the game per locale ("Play Eminit's Treasure", "エミニットの秘宝を遊ぶ"), not with a fixed English word."""


class Promotion(GameCog, name=ID, group_description=DESCRIPTION):
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
