"""What every game's cog shares: the ``/<game> new``, ``hand`` and ``learn`` commands.

A game's ``cog.py`` subclasses :class:`GameCog` with ``name=ID`` and
``group_description=described(ID)``, ``ID`` being the id its ``game.py``
declares; anything game-specific (a keyboard command for a hidden pick, say)
is added there.  Every name comes from ``ID`` -- the slash group's word, the
cog's name, the catalogue keys -- so a copy of the package under another name
is a game of its own with no edit of its cog.py
(tests/platform/test_cog_names.py).  discord.py reads the group's name when
the class is defined, so ``ID`` is imported before it; ``name=`` names the
group too, and keeps two games' cogs from sharing a name, which
``bot.add_cog`` refuses.
"""

from __future__ import annotations

from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import games
from bot.frontend import interactions, opening
from bot.frontend import learn as tutorials
from bot.frontend.ui.slash import ls


def described(game_id: str) -> app_commands.locale_str:
    """The slash group's description, naming the game per locale ("Play Eminit's Treasure", "エミニットの秘宝を遊ぶ").

    Loads the game's catalogue first: the description is read from it when the
    cog's class is defined.
    """
    games.load(game_id)
    return ls("cmd.group.desc", refs={"game": f"{game_id}.name"})


class GameCog(commands.GroupCog):
    """A game's slash group, ``/<game>``: the commands every game has, so a new game declares only its own.

    Its methods only declare commands, described by their catalogue keys (no
    docstrings, as in :class:`bot.frontend.commands.Core`); the handlers are in
    :mod:`bot.frontend.opening` and :mod:`bot.frontend.interactions`.
    """

    game: ClassVar[str]
    """The game's id (``ID`` in its game.py): which game ``new`` opens a lobby for."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=ls("cmd.new"), description=ls("cmd.new.desc"))
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction) -> None:
        await opening.open_lobby(interaction, self.game)

    @app_commands.command(name=ls("cmd.game.hand"), description=ls("cmd.game.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await interactions.hand_command(interaction)

    @app_commands.command(name=ls("cmd.learn"), description=ls("cmd.learn.desc"))
    @app_commands.guild_only()
    async def learn(self, interaction: discord.Interaction) -> None:
        await tutorials.learn(interaction, self.game)
