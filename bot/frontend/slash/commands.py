"""``/game``: the platform's commands, the same for every game in a channel (a discord.py extension)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.core import ai, games
from bot.core import settings as server_settings
from bot.core.sessions import SessionError
from bot.core.slow import notify_prefs
from bot.core.slow import pace as pace_of
from bot.frontend import server_commands
from bot.frontend.inbound import interactions
from bot.frontend.inbound import review as reviews
from bot.frontend.server_commands.absence import ai_for_command, away_command
from bot.frontend.server_commands.mine import mine_command
from bot.frontend.server_commands.notify import notify_command
from bot.frontend.slash import help_page
from bot.frontend.ui.slash import ls

# the command names below are looked up while the class body runs, so the catalogue must be in first


def _game_choices() -> list[app_commands.Choice[str]]:
    choices = []
    for game_id in games.available():
        name = i18n.translate("en", f"{game_id}.name")
        choices.append(app_commands.Choice(name=app_commands.locale_str(name, key=f"{game_id}.name"), value=game_id))
    return choices


def _ai_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=app_commands.locale_str(i18n.translate("en", f"ai.{lv}"), key=f"ai.{lv}"), value=lv)
        for lv in ai.LEVELS
    ]


def _language_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=ls(f"settings.language.{code}"), value=code)  # type: ignore[arg-type]
        for code in ("auto", *i18n.SUPPORTED)
    ]


def _setting_choices(name: str) -> list[app_commands.Choice[str]]:
    """A server setting's values as the command offers them, read from its declaration (``bot.core.settings``)."""
    return [
        app_commands.Choice(name=ls(f"settings.{name}.{value}.choice"), value=value)  # type: ignore[arg-type]
        for value in server_settings.SPECS[name].choices
    ]


def _notify_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(f"notify.choice.{v}"), value=v) for v in notify_prefs.CHOICES]  # type: ignore[arg-type]


class Core(commands.GroupCog, group_name=ls("cmd.game"), group_description=ls("cmd.game.desc")):
    """The ``/game`` group: its methods declare the commands (localized names, options, choices).

    The handlers (all but help's few lines) live in :mod:`bot.frontend.inbound.interactions` and
    :mod:`bot.frontend.server_commands`, so a test can call them without a
    command tree, and this class stays a readable list of what ``/game`` offers.
    Its methods carry no docstrings on purpose: what each command is for is
    its ``description=``, a catalogue key every user reads in their language;
    a docstring would be a second, English-only copy (and discord.py parses
    command docstrings for parameter descriptions).
    """

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

    @app_commands.command(name=ls("cmd.game.kick"), description=ls("cmd.game.kick.desc"))
    @app_commands.rename(user=ls("cmd.opt.player"))
    @app_commands.describe(user=ls("cmd.opt.player.desc"))
    @app_commands.guild_only()
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        # User, not Member: the player to kick has often left the server, and Discord then resolves
        # no member (discord.py would fail the conversion); the seat is found by user id anyway.
        await interactions.kick_command(interaction, user)

    @app_commands.command(name=ls("cmd.game.rules"), description=ls("cmd.game.rules.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"))
    @app_commands.describe(game=ls("cmd.opt.game.desc"))
    @app_commands.choices(game=_game_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interactions.rules_command(interaction, game.value)

    @app_commands.command(name=ls("cmd.game.help"), description=ls("cmd.game.help.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        tr = i18n.translator(interaction.locale)
        known = help_page.leaf_names(self.bot.tree.get_commands())
        embed = help_page.help_embed(tr, getattr(self.bot, "command_ids", {}), known)  # commands as mentions
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- server life: settings, stats, history, replays, spectating, data rights -----------------------------------
    # Handlers live in bot.frontend.server_commands; these methods only declare the commands.

    settings = app_commands.Group(name=ls("cmd.game.settings"), description=ls("cmd.game.settings.desc"))

    @settings.command(name=ls("cmd.game.settings.show"), description=ls("cmd.game.settings.show.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"))
    @app_commands.describe(game=ls("cmd.opt.game.show.desc"))
    @app_commands.choices(game=_game_choices())
    async def settings_show(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        await server_commands.settings_show(interaction, game.value if game else None)

    @settings.command(name=ls("cmd.game.settings.rule"), description=ls("cmd.game.settings.rule.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"), option=ls("cmd.opt.option"), value=ls("cmd.opt.value"))
    @app_commands.describe(
        game=ls("cmd.opt.game.desc"), option=ls("cmd.opt.option.desc"), value=ls("cmd.opt.value.desc")
    )
    @app_commands.choices(game=_game_choices())
    async def settings_rule(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], option: str, value: str
    ) -> None:
        await server_commands.settings_rule(interaction, game.value, option, value)

    @settings_rule.autocomplete("option")
    async def _settings_rule_option(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await server_commands.option_autocomplete(interaction, current)

    @settings_rule.autocomplete("value")
    async def _settings_rule_value(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await server_commands.value_autocomplete(interaction, current)

    @settings.command(name=ls("cmd.game.settings.language"), description=ls("cmd.game.settings.language.desc"))
    @app_commands.rename(language=ls("cmd.opt.language"))
    @app_commands.describe(language=ls("cmd.opt.language.desc"))
    @app_commands.choices(language=_language_choices())
    async def settings_language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        await server_commands.settings_language(interaction, language.value)

    @settings.command(name=ls("cmd.game.settings.modrole"), description=ls("cmd.game.settings.modrole.desc"))
    @app_commands.rename(role=ls("cmd.opt.role"))
    @app_commands.describe(role=ls("cmd.opt.role.desc"))
    async def settings_modrole(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        await server_commands.settings_modrole(interaction, role)

    @settings.command(name=ls("cmd.game.settings.timer"), description=ls("cmd.game.settings.timer.desc"))
    @app_commands.rename(seconds=ls("cmd.opt.seconds"))
    @app_commands.describe(seconds=ls("cmd.opt.seconds.desc"))
    async def settings_timer(
        self,
        interaction: discord.Interaction,
        seconds: app_commands.Range[int, server_settings.TIMEOUT_MIN, server_settings.TIMEOUT_MAX] | None = None,
    ) -> None:
        await server_commands.settings_timer(interaction, seconds)

    @settings.command(name=ls("cmd.game.settings.posts"), description=ls("cmd.game.settings.posts.desc"))
    @app_commands.rename(posts=ls("cmd.opt.posts"))
    @app_commands.describe(posts=ls("cmd.opt.posts.desc"))
    @app_commands.choices(posts=_setting_choices("posts"))
    async def settings_posts(self, interaction: discord.Interaction, posts: app_commands.Choice[str]) -> None:
        await server_commands.settings_posts(interaction, posts.value)

    @settings.command(name=ls("cmd.game.settings.pace"), description=ls("cmd.game.settings.pace.desc"))
    @app_commands.rename(pace=ls("cmd.opt.pace"))
    @app_commands.describe(pace=ls("cmd.opt.pace.desc"))
    @app_commands.choices(pace=[app_commands.Choice(name=ls(f"pace.{p}"), value=p) for p in pace_of.PACES])  # type: ignore[arg-type]
    async def settings_pace(self, interaction: discord.Interaction, pace: app_commands.Choice[str]) -> None:
        await server_commands.settings_pace(interaction, pace.value)

    @settings.command(name=ls("cmd.game.settings.afk"), description=ls("cmd.game.settings.afk.desc"))
    @app_commands.rename(count=ls("cmd.opt.count"))
    @app_commands.describe(count=ls("cmd.opt.count.desc"))
    async def settings_afk(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, server_settings.AFK_SLOW_MAX] | None = None,
    ) -> None:
        await server_commands.settings_afk(interaction, count)

    @settings.command(name=ls("cmd.game.settings.ratings"), description=ls("cmd.game.settings.ratings.desc"))
    @app_commands.rename(rate_ai_games=ls("cmd.opt.rate_ai"))
    @app_commands.describe(rate_ai_games=ls("cmd.opt.rate_ai.desc"))
    async def settings_ratings(self, interaction: discord.Interaction, rate_ai_games: bool) -> None:
        await server_commands.settings_ratings(interaction, rate_ai_games)

    @settings.command(name=ls("cmd.game.settings.hints"), description=ls("cmd.game.settings.hints.desc"))
    @app_commands.rename(hints=ls("cmd.opt.hints"))
    @app_commands.describe(hints=ls("cmd.opt.hints.desc"))
    @app_commands.choices(hints=_setting_choices("hints"))
    async def settings_hints(self, interaction: discord.Interaction, hints: app_commands.Choice[str]) -> None:
        await server_commands.settings_hints(interaction, hints.value)

    @settings.command(name=ls("cmd.game.settings.ai"), description=ls("cmd.game.settings.ai.desc"))
    @app_commands.rename(level=ls("cmd.opt.level"), allowed=ls("cmd.opt.allowed"))
    @app_commands.describe(level=ls("cmd.opt.level.desc"), allowed=ls("cmd.opt.allowed.desc"))
    @app_commands.choices(level=_ai_choices())
    async def settings_ai(
        self, interaction: discord.Interaction, level: app_commands.Choice[str], allowed: bool
    ) -> None:
        await server_commands.settings_ai(interaction, level.value, allowed)

    @app_commands.command(name=ls("cmd.game.stats"), description=ls("cmd.game.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=ls("cmd.opt.user"))
    @app_commands.describe(user=ls("cmd.opt.user.desc"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await server_commands.stats_command(interaction, user)

    @app_commands.command(name=ls("cmd.game.leaderboard"), description=ls("cmd.game.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("cmd.opt.game"))
    @app_commands.describe(game=ls("cmd.opt.game.desc"))
    @app_commands.choices(game=_game_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await server_commands.leaderboard_command(interaction, game.value)

    @app_commands.command(name=ls("cmd.game.history"), description=ls("cmd.game.history.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=ls("cmd.opt.user"))
    @app_commands.describe(user=ls("cmd.opt.user.history.desc"))
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await server_commands.history_command(interaction, user)

    @app_commands.command(name=ls("cmd.game.replay"), description=ls("cmd.game.replay.desc"))
    @app_commands.guild_only()
    @app_commands.rename(session_id=ls("cmd.opt.id"))
    @app_commands.describe(session_id=ls("cmd.opt.id.desc"))
    async def replay(self, interaction: discord.Interaction, session_id: app_commands.Range[int, 1]) -> None:
        await server_commands.replay_command(interaction, session_id)

    @app_commands.command(name=ls("cmd.game.review"), description=ls("cmd.game.review.desc"))
    @app_commands.guild_only()
    @app_commands.rename(session_id=ls("cmd.opt.id"))
    @app_commands.describe(session_id=ls("cmd.opt.id.desc"))
    async def review(self, interaction: discord.Interaction, session_id: app_commands.Range[int, 1]) -> None:
        await reviews.review_command(interaction, session_id)

    @app_commands.command(name=ls("cmd.game.spectate"), description=ls("cmd.game.spectate.desc"))
    @app_commands.guild_only()
    async def spectate(self, interaction: discord.Interaction) -> None:
        await server_commands.spectate_command(interaction)

    @app_commands.command(name=ls("cmd.game.mine"), description=ls("cmd.game.mine.desc"))
    async def mine(self, interaction: discord.Interaction) -> None:
        await mine_command(interaction)

    @app_commands.command(name=ls("cmd.game.away"), description=ls("cmd.game.away.desc"))
    @app_commands.rename(days=ls("cmd.opt.days"))
    @app_commands.describe(days=ls("cmd.opt.days.desc"))
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 7] | None = None) -> None:
        await away_command(interaction, days)

    @app_commands.command(name=ls("cmd.game.ai-for"), description=ls("cmd.game.ai-for.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"))
    @app_commands.guild_only()
    async def ai_for(self, interaction: discord.Interaction, player: discord.User) -> None:
        await ai_for_command(interaction, player)

    @app_commands.command(name=ls("cmd.game.notify"), description=ls("cmd.game.notify.desc"))
    @app_commands.rename(own=ls("cmd.opt.own_turn"), other=ls("cmd.opt.others_turn"))
    @app_commands.describe(own=ls("cmd.opt.own_turn.desc"), other=ls("cmd.opt.others_turn.desc"))
    @app_commands.choices(own=_notify_choices(), other=_notify_choices())
    async def notify(
        self, interaction: discord.Interaction,
        own: app_commands.Choice[str] | None = None, other: app_commands.Choice[str] | None = None,
    ) -> None:
        await notify_command(interaction, own.value if own else None, other.value if other else None)

    @app_commands.command(name=ls("cmd.game.mydata"), description=ls("cmd.game.mydata.desc"))
    async def mydata(self, interaction: discord.Interaction) -> None:
        await server_commands.mydata_command(interaction)

    @app_commands.command(name=ls("cmd.game.forget"), description=ls("cmd.game.forget.desc"))
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await server_commands.forget_command(interaction)


async def setup(bot: commands.Bot) -> None:
    """The extension's entry (``bot.load_extension("bot.frontend.slash.commands")``), loaded before the games."""
    await bot.add_cog(Core(bot))


__all__ = ["Core", "SessionError", "setup"]
