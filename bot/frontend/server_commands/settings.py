"""/game settings: show and change a server's rules, language, moderator role, turn timer, AI levels and posts.

Only Manage Server (or Administrator) may change them (:func:`can_manage`);
the rules of each setting live in :mod:`bot.core.guildconf`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.core import games, guildconf
from bot.core.games import GameSpec
from bot.core.guildconf import Settings
from bot.core.sessions import SessionError
from bot.core.slow import pace_settings
from bot.frontend.answers import guarded, reply
from bot.frontend.server_commands import hint_settings
from bot.frontend.server_commands.common import COLOUR, clip, guild_of, require_manager, spec_of, tr_of
from bot.frontend.services import bot_of
from bot.i18n import Tr

ECHO = 40
"""Characters of a typed value or option name a refusal repeats at most."""


def _setting_error(exc: guildconf.SettingError, tr: Tr, spec: GameSpec | None = None) -> SessionError:
    """A refusal in the asker's words: a known option is named by its label, not its identifier."""
    # what the user typed is echoed clipped (a 3,000-character value made a refusal Discord would not send)
    args = {k: clip(v, ECHO) if isinstance(v, str) else v for k, v in exc.args_.items()}
    if spec is not None and exc.code != "unknown_option" and "option" in args:
        args["option"] = guildconf.option_label(spec, str(args["option"]), tr)
    return SessionError(f"setting.{exc.code}", **args)


async def _change(interaction: discord.Interaction, change: Callable[[Settings], Settings]) -> Settings:
    """A manager's change to this server's settings, saved; a refused value is told in the asker's words."""
    guild_id = require_manager(interaction)
    try:
        return await guildconf.update(bot_of(interaction).store, guild_id, change)
    except guildconf.SettingError as exc:
        raise _setting_error(exc, tr_of(interaction)) from None


# -- settings -----------------------------------------------------------------------------------------------------


def _general_lines(interaction: discord.Interaction, data: dict[str, Any], tr: Tr) -> list[str]:
    bot = bot_of(interaction)
    lang = guildconf.language(data)
    role = data.get(guildconf.MODERATOR_ROLE)
    timeout = guildconf.turn_timeout(data)
    default_timeout = int(getattr(bot.settings, "turn_timeout", 120))
    levels = guildconf.allowed_ai_levels(data)
    return [
        tr("settings.language", value=tr(f"settings.language.{lang or 'auto'}")),
        tr("settings.modrole", value=f"<@&{role}>" if role else tr("settings.modrole.none")),
        tr(
            "settings.timer",
            value=tr("settings.seconds", n=timeout) if timeout else tr("settings.timer.default", n=default_timeout),
        ),
        tr("settings.ai", value=", ".join(tr(f"ai.{lv}") for lv in levels) if levels else tr("settings.ai.none")),
        tr("settings.posts", value=tr(f"settings.posts.{guildconf.posts(data)}")),
        tr("settings.pace", value=tr(f"pace.{pace_settings.default_pace(data)}")),
        tr("settings.afk", n=pace_settings.afk_limit_slow(data, int(getattr(bot.settings, "afk_limit_slow", 5)))),
        tr("settings.rate_ai", value=tr(f"settings.rate_ai.{'on' if guildconf.rate_ai_games(data) else 'off'}")),
        hint_settings.show_line(data, tr),
    ]


def _rule_line(spec: GameSpec, opt: Any, value: Any, changed: bool, tr: Tr) -> str:
    label = guildconf.option_label(spec, opt.name, tr)
    shown = guildconf.value_label(spec, opt, value, tr)
    if changed:
        default = guildconf.value_label(spec, opt, opt.default, tr)
        return tr("settings.rule.changed", label=label, value=shown, default=default)
    return tr("settings.rule.default", label=label, value=shown)


def _option_field(spec: GameSpec, opt: Any, value: Any, changed: bool, tr: Tr) -> tuple[str, str]:
    """One option in detail: its label as the title; current value, allowed values and what it does below."""
    current = tr(
        "settings.rule.current",
        value=guildconf.value_label(spec, opt, value, tr),
        default=guildconf.value_label(spec, opt, opt.default, tr),
    )
    body = [
        f"**{current}**" if changed else current,
        tr("settings.rule.choices", choices=guildconf.allowed_text(spec, opt, tr)),
        f"*{clip(guildconf.option_doc(spec, opt, tr), 300)}*",
    ]
    return clip(guildconf.option_label(spec, opt.name, tr), 256), clip("\n".join(body), 1024)


def settings_payload(interaction: discord.Interaction, data: dict[str, Any], game: str | None) -> dict[str, Any]:
    """All of a server's settings at a glance, or one game's rule options in full (each with its choices).

    Fields beyond Discord's 25 per embed or its 6,000 characters are dropped
    rather than failing the answer.
    """
    tr = tr_of(interaction)
    embed = discord.Embed(title=tr("settings.title"), colour=COLOUR)
    if game is None:
        embed.description = "\n".join(_general_lines(interaction, data, tr))
        for game_id in games.available():
            spec = games.get(game_id)
            lines = [_rule_line(spec, o, v, c, tr) for o, v, c in guildconf.option_rows(data, spec)]
            embed.add_field(name=tr(f"{game_id}.name"), value=clip("\n".join(lines) or "—", 1024), inline=False)
        embed.set_footer(text=tr("settings.footer"))
    else:
        spec = spec_of(game)
        embed.title = tr("settings.game_title", game=tr(f"{game}.name"))
        for opt, value, changed in guildconf.option_rows(data, spec)[:25]:
            name, value_text = _option_field(spec, opt, value, changed, tr)
            embed.add_field(name=name, value=value_text, inline=False)
        embed.set_footer(text=tr("settings.game_footer"))
    while len(embed) > 5900 and embed.fields:  # the 6000-character embed limit, with room to spare
        embed.remove_field(-1)
    return {"embed": embed}


@guarded
async def settings_show(interaction: discord.Interaction, game: str | None) -> None:
    """``/game settings show``: anyone may read the settings; only a manager may change them."""
    guild_id = guild_of(interaction)
    data = await bot_of(interaction).store.guild_settings(guild_id)
    await reply(interaction, **settings_payload(interaction, data, game))


@guarded
async def settings_rule(interaction: discord.Interaction, game: str, option: str, value: str) -> None:
    """``/game settings rule``: one rule option of one game (a docs/rules [decision]), told back with its default."""
    guild_id = require_manager(interaction)
    spec = spec_of(game)
    result: dict[str, Any] = {}

    def change(data: dict[str, Any]) -> dict[str, Any]:
        new, result["value"] = guildconf.set_rule(data, spec, option, value)
        return new

    try:
        await guildconf.update(bot_of(interaction).store, guild_id, change)
    except guildconf.SettingError as exc:
        raise _setting_error(exc, tr_of(interaction), spec) from None
    tr = tr_of(interaction)
    opt = guildconf.option_named(spec, option)
    await reply(
        interaction,
        tr(
            "settings.rule.done",
            game=tr(f"{game}.name"),
            label=guildconf.option_label(spec, option, tr),
            value=guildconf.value_label(spec, opt, result["value"], tr),
            default=guildconf.value_label(spec, opt, opt.default, tr),
        ),
    )


@guarded
async def settings_language(interaction: discord.Interaction, value: str) -> None:
    """``/game settings language``: the language of the channel posts; auto follows the server's Discord locale."""
    await _change(interaction, lambda d: guildconf.set_language(d, value))
    tr = tr_of(interaction)
    await reply(interaction, tr("settings.language.done", value=tr(f"settings.language.{value}")))


@guarded
async def settings_modrole(interaction: discord.Interaction, role: discord.Role | None) -> None:
    """``/game settings modrole``: a role whose members may reset games without Manage Messages (none: clears it).

    The bot's in-memory copy is updated at once: every moderator check reads it, not the store.
    """
    guild_id = require_manager(interaction)
    bot = bot_of(interaction)
    role_id = role.id if role is not None else None
    await guildconf.update(bot.store, guild_id, lambda d: guildconf.set_moderator_role(d, role_id))
    if role_id is None:
        bot.moderator_roles.pop(guild_id, None)
    else:
        bot.moderator_roles[guild_id] = role_id
    tr = tr_of(interaction)
    text = tr("settings.modrole.done", role=f"<@&{role_id}>") if role_id else tr("settings.modrole.cleared")
    await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())


@guarded
async def settings_timer(interaction: discord.Interaction, seconds: int | None) -> None:
    """``/game settings timer``: the server's turn timer (none: the bot's default)."""
    await _change(interaction, lambda d: guildconf.set_turn_timeout(d, seconds))
    tr = tr_of(interaction)
    await reply(interaction, tr("settings.timer.done", n=seconds) if seconds else tr("settings.timer.cleared"))


@guarded
async def settings_posts(interaction: discord.Interaction, value: str) -> None:
    """``/game settings posts``: each big moment and the result below the board, or the result only (a busy channel)."""
    await _change(interaction, lambda d: guildconf.set_posts(d, value))
    tr = tr_of(interaction)
    await reply(interaction, tr("settings.posts.done", value=tr(f"settings.posts.{value}")))


@guarded
async def settings_pace(interaction: discord.Interaction, value: str) -> None:
    """``/game settings pace``: the pace new lobbies start with (live, relaxed, correspondence); hosts may change it."""
    await _change(interaction, lambda d: pace_settings.set_default_pace(d, value))
    tr = tr_of(interaction)
    await reply(interaction, tr("settings.pace.done", pace=tr(f"pace.{value}")))


@guarded
async def settings_afk(interaction: discord.Interaction, count: int | None) -> None:
    """``/game settings afk``: timeouts in a row that hand a seat to the AI in relaxed and correspondence games."""
    await _change(interaction, lambda d: pace_settings.set_afk_limit_slow(d, count))
    tr = tr_of(interaction)
    await reply(interaction, tr("settings.afk.done", n=count) if count else tr("settings.afk.cleared"))


@guarded
async def settings_ratings(interaction: discord.Interaction, rate_ai_games: bool) -> None:
    """``/game settings ratings``: whether games with AI seats change the players' ratings."""
    await _change(interaction, lambda d: guildconf.set_rate_ai_games(d, rate_ai_games))
    tr = tr_of(interaction)
    value = tr(f"settings.rate_ai.{'on' if rate_ai_games else 'off'}")
    await reply(interaction, tr("settings.rate_ai.done", value=value))


@guarded
async def settings_ai(interaction: discord.Interaction, level: str, allowed: bool) -> None:
    """``/game settings ai``: allow or refuse one AI level in this server's lobbies; the answer lists those allowed."""
    data = await _change(interaction, lambda d: guildconf.set_ai_level(d, level, allowed))
    tr = tr_of(interaction)
    levels = guildconf.allowed_ai_levels(data)
    await reply(
        interaction,
        tr("settings.ai.done", value=", ".join(tr(f"ai.{lv}") for lv in levels) if levels else tr("settings.ai.none")),
    )


async def option_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The chosen game's options, labelled with their current value."""
    game = getattr(interaction.namespace, "game", None)
    if game not in games.available() or interaction.guild_id is None:
        return []
    spec = games.get(game)
    tr = tr_of(interaction)
    data = await bot_of(interaction).store.guild_settings(interaction.guild_id)
    needle = current.strip().lower()
    out = []
    for opt, value, _changed in guildconf.option_rows(data, spec):
        label = guildconf.option_label(spec, opt.name, tr)
        if needle and needle not in opt.name.lower() and needle not in label.lower():
            continue
        name = f"{label} = {guildconf.value_label(spec, opt, value, tr)}"
        out.append(app_commands.Choice(name=clip(name, 100), value=opt.name))
    return out[:25]


async def value_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The option's allowed values, the default and the current one marked."""
    game = getattr(interaction.namespace, "game", None)
    name = getattr(interaction.namespace, "option", None)
    if game not in games.available() or interaction.guild_id is None:
        return []
    spec = games.get(game)
    opt = next((o for o in spec.options if o.name == name), None)
    if opt is None:
        return []
    tr = tr_of(interaction)
    data = await bot_of(interaction).store.guild_settings(interaction.guild_id)
    current_value = guildconf.rules_for(data, spec).get(opt.name, opt.default)
    values = list(opt.choices) if opt.choices is not None else [opt.default]
    if current_value not in values:
        values.append(current_value)
    out = []
    for v in values:
        text = guildconf.format_value(v)
        shown = guildconf.value_label(spec, opt, v, tr)
        marks = []
        if v == opt.default:
            marks.append(tr("settings.mark.default"))
        if v == current_value:
            marks.append(tr("settings.mark.current"))
        label = f"{shown} ({', '.join(marks)})" if marks else shown
        if current and current.lower() not in text.lower() and current.lower() not in shown.lower():
            continue
        out.append(app_commands.Choice(name=clip(label, 100), value=text))
    if current and opt.choices is None and all(c.value != current for c in out):
        out.insert(0, app_commands.Choice(name=clip(current, 100), value=current[:100]))
    return out[:25]
