"""What every game's cog shares: the ``/<game> new``, ``hand`` and ``learn`` commands.

A game needs no ``cog.py``: without one it gets :func:`generated` (the
commands below, named from its id).  A game with commands of its own has a
``cog.py`` that subclasses :class:`GameCog` with ``name=ID`` and
``group_description=described(ID)``, ``ID`` being the id its ``game.py``
declares; anything game-specific (a keyboard command for a hidden pick, say)
is added there.  Every name comes from ``ID`` -- the slash group's word, the
cog's name, the catalogue keys -- so a copy of the package under another name
is a game of its own with no edit of its cog.py
(tests/platform/games/test_cog_names.py).  discord.py reads the group's name when
the class is defined, so ``ID`` is imported before it; ``name=`` names the
group too, and keeps two games' cogs from sharing a name, which
``bot.add_cog`` refuses.
"""

from __future__ import annotations

import importlib.util
import types
from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import gamefacts
from bot.core import games
from bot.frontend.inbound import interactions, opening
from bot.frontend.inbound import learn as tutorials
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
    docstrings, as in :class:`bot.frontend.slash.commands.Core`); the handlers are in
    :mod:`bot.frontend.inbound.opening` and :mod:`bot.frontend.inbound.interactions`.
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


def generated(game_id: str) -> type[GameCog]:
    """The shared cog for a game that has no ``cog.py``: ``/<game_id> new`` and ``hand``, named from its id."""
    return types.new_class(
        f"{game_id.title()}Cog",
        (GameCog,),
        {"name": game_id, "group_description": described(game_id)},
        lambda namespace: namespace.update(game=game_id),
    )


def has_own_cog(game_id: str) -> bool:
    """Whether the game has a ``cog.py`` of its own (commands besides the shared ones)."""
    return importlib.util.find_spec(f"{gamefacts.PACKAGE}.{game_id}.cog") is not None


def cog_class(game_id: str) -> type[GameCog]:
    """The game's cog class: the :class:`GameCog` subclass of its ``cog.py``, else the generated one."""
    if not has_own_cog(game_id):
        return generated(game_id)
    module = importlib.import_module(f"{gamefacts.PACKAGE}.{game_id}.cog")
    return next(v for v in vars(module).values() if isinstance(v, type) and getattr(v, "game", None) == game_id)


async def add_game_cog(bot: commands.Bot, game_id: str) -> None:
    """Load the game's ``cogs/<game>/cog.py`` extension, or add the generated cog when it has none.

    Why optional: most games need no command of their own, and a ``cog.py``
    that only repeats :class:`GameCog` with its id is a file to copy and keep.
    """
    if has_own_cog(game_id):
        await bot.load_extension(f"{gamefacts.PACKAGE}.{game_id}.cog")
    else:
        await bot.add_cog(generated(game_id)(bot))
