"""/portas: the Discord side of PORTAS — only what differs from every other game.

Every name here comes from ``ID`` in this package's :mod:`.game` (imported
relatively): the slash group's word, the cog's name and the catalogue keys.
A copy of the package under another name is then a game of its own with no
edit here (tests/platform/test_cog_names.py).  discord.py reads the group's
name when the class is defined, so ``ID`` is imported before it; ``name=``
names the group too, and keeps two games' cogs from sharing a name, which
``bot.add_cog`` refuses.
"""

from __future__ import annotations

from discord.ext import commands

from bot.core import games
from bot.frontend.gamecog import GameCog
from bot.frontend.ui.slash import ls

from .game import ID

games.load(ID)  # registers the catalogue: the group description names the game from it

DESCRIPTION = ls("cmd.group.desc", refs={"game": f"{ID}.name"})
"""Names the game per locale ("Play Eminit's Treasure", "エミニットの秘宝を遊ぶ"), not with a fixed English word."""


class Portas(GameCog, name=ID, group_description=DESCRIPTION):
    game = ID


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Portas(bot))
