"""The games' slash groups, loaded so that one broken game package leaves the others playing.

Why: games can come from an operator's directories (``KADO_GAME_DIRS``).  A
package there that fails to import, declares a wrong id or shadows a built-in
game used to stop the whole bot (exit 1, an ``ExtensionFailed`` traceback).
Each such package is now skipped with one ``kado:`` warning line naming it and
why (:func:`bot.gamefacts.skip`), before the platform's own commands list the
games, and the bot starts with the rest.
"""

from __future__ import annotations

import importlib

import discord
from discord.ext import commands

from bot import gamefacts
from bot.core import games
from bot.frontend.slash.gamecog import add_game_cog, has_own_cog


def playable() -> list[str]:
    """The installed games whose modules (and own cog module, if any) import; the others are skipped (one line each)."""
    for game_id in games.available():
        if not has_own_cog(game_id):
            continue
        try:
            importlib.import_module(f"{gamefacts.PACKAGE}.{game_id}.cog")
        except Exception as exc:
            gamefacts.skip(game_id, gamefacts.failure(exc))
    return list(gamefacts.ids())


async def load_groups(bot: commands.Bot, game_ids: list[str]) -> None:
    """Each game's slash group (its own ``cog`` extension, or the generated one); one that fails is skipped."""
    for game_id in game_ids:
        try:
            await add_game_cog(bot, game_id)
        except (commands.ExtensionError, commands.CommandError, discord.ClientException) as exc:
            gamefacts.skip(game_id, gamefacts.failure(exc))
