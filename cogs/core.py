"""``/game``: the commands that work the same for every game in a channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import games, i18n, interactions
from bot.i18n.commands import ls
from bot.sessions import SessionError
from bot.ui import payloads


def _game_choices() -> list[app_commands.Choice[str]]:
    choices = []
    for game_id in games.available():
        name = i18n.translate("en", f"{game_id}.name")
        choices.append(app_commands.Choice(name=app_commands.locale_str(name, key=f"{game_id}.name"), value=game_id))
    return choices


class Core(commands.GroupCog, group_name=ls("cmd.game"), group_description=ls("cmd.game.desc")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=ls("cmd.game.status"), description=ls("cmd.game.status.desc"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        await interactions.status_command(interaction)

    @app_commands.command(name=ls("cmd.game.hand"), description=ls("cmd.game.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await interactions.hand_command(interaction)

    @app_commands.command(name=ls("cmd.game.leave"), description=ls("cmd.game.leave.desc"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await interactions.leave_command(interaction)

    @app_commands.command(name=ls("cmd.game.reset"), description=ls("cmd.game.reset.desc"))
    @app_commands.guild_only()
    async def reset(self, interaction: discord.Interaction) -> None:
        await interactions.reset_command(interaction)

    @app_commands.command(name=ls("cmd.game.rules"), description=ls("cmd.game.rules.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"))
    @app_commands.describe(game=ls("cmd.opt.game.desc"))
    @app_commands.choices(game=_game_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interactions.rules_command(interaction, game.value)

    @app_commands.command(name=ls("cmd.game.help"), description=ls("cmd.game.help.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        tr = i18n.translator(interaction.locale)
        embed = discord.Embed(title=tr("help.title"), description=tr("help.body"), colour=payloads.COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Core(bot))


__all__ = ["Core", "SessionError", "setup"]
