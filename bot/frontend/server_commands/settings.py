"""/game settings: show and change a server's settings (language, timer, AI levels, pace…) and its games' rules.

Only Manage Server (or Administrator) may change them (:func:`can_manage`);
every setting is declared once in :mod:`bot.core.settings.schema`, and the
lines and answers here are derived from that declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.core import games
from bot.core import settings as server_settings
from bot.core.sessions import SessionError
from bot.core.settings import Settings
from bot.frontend.answers import guarded, reply
from bot.frontend.server_commands.common import COLOUR, clip, guild_of, require_manager, spec_of, tr_of
from bot.frontend.services import bot_of
from bot.gamefacts import Game
from bot.i18n import Tr

ECHO = 40
"""Characters of a typed value or option name a refusal repeats at most."""


def _setting_error(exc: server_settings.SettingError, tr: Tr, spec: Game | None = None) -> SessionError:
    """A refusal in the asker's words: a known option is named by its label, not its identifier."""
    # what the user typed is echoed clipped (a 3,000-character value made a refusal Discord would not send)
    args = {k: clip(v, ECHO) if isinstance(v, str) else v for k, v in exc.args_.items()}
    if spec is not None and exc.code != "unknown_option" and "option" in args:
        args["option"] = server_settings.option_label(spec, str(args["option"]), tr)
    return SessionError(f"setting.{exc.code}", **args)


async def _change(interaction: discord.Interaction, change: Callable[[Settings], Settings]) -> Settings:
    """A manager's change to this server's settings, saved; a refused value is told in the asker's words."""
    guild_id = require_manager(interaction)
    try:
        return await server_settings.update(bot_of(interaction).store, guild_id, change)
    except server_settings.SettingError as exc:
        raise _setting_error(exc, tr_of(interaction)) from None


# -- showing -------------------------------------------------------------------------------------------------------


def _rule_line(spec: Game, opt: Any, value: Any, changed: bool, tr: Tr) -> str:
    label = server_settings.option_label(spec, opt.name, tr)
    shown = server_settings.value_label(spec, opt, value, tr)
    if changed:
        default = server_settings.value_label(spec, opt, opt.default, tr)
        return tr("settings.rule.changed", label=label, value=shown, default=default)
    return tr("settings.rule.default", label=label, value=shown)


def _option_field(spec: Game, opt: Any, value: Any, changed: bool, tr: Tr) -> tuple[str, str]:
    """One option in detail: its label as the title; current value, allowed values and what it does below."""
    current = tr(
        "settings.rule.current",
        value=server_settings.value_label(spec, opt, value, tr),
        default=server_settings.value_label(spec, opt, opt.default, tr),
    )
    body = [
        f"**{current}**" if changed else current,
        tr("settings.rule.choices", choices=server_settings.allowed_text(spec, opt, tr)),
        f"*{clip(server_settings.option_doc(spec, opt, tr), 300)}*",
    ]
    return clip(server_settings.option_label(spec, opt.name, tr), 256), clip("\n".join(body), 1024)


def settings_payload(interaction: discord.Interaction, data: dict[str, Any], game: str | None) -> dict[str, Any]:
    """All of a server's settings at a glance, or one game's rule options in full (each with its choices).

    Fields beyond Discord's 25 per embed or its 6,000 characters are dropped
    rather than failing the answer.
    """
    tr = tr_of(interaction)
    embed = discord.Embed(title=tr("settings.title"), colour=COLOUR)
    if game is None:
        embed.description = "\n".join(server_settings.setting_lines(data, tr, bot_of(interaction).settings))
        for game_id in games.available():
            spec = games.get(game_id)
            lines = [_rule_line(spec, o, v, c, tr) for o, v, c in server_settings.option_rows(data, spec)]
            embed.add_field(name=tr(f"{game_id}.name"), value=clip("\n".join(lines) or "—", 1024), inline=False)
        embed.set_footer(text=tr("settings.footer"))
    else:
        spec = spec_of(game)
        embed.title = tr("settings.game_title", game=tr(f"{game}.name"))
        for opt, value, changed in server_settings.option_rows(data, spec)[:25]:
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
        new, result["value"] = server_settings.set_rule(data, spec, option, value)
        return new

    try:
        await server_settings.update(bot_of(interaction).store, guild_id, change)
    except server_settings.SettingError as exc:
        raise _setting_error(exc, tr_of(interaction), spec) from None
    tr = tr_of(interaction)
    opt = server_settings.option_named(spec, option)
    await reply(
        interaction,
        tr(
            "settings.rule.done",
            game=tr(f"{game}.name"),
            label=server_settings.option_label(spec, option, tr),
            value=server_settings.value_label(spec, opt, result["value"], tr),
            default=server_settings.value_label(spec, opt, opt.default, tr),
        ),
    )


async def set_setting(interaction: discord.Interaction, name: str, value: Any) -> Settings:
    """``/game settings <setting>``: one declared setting changed, and the change told back in its words."""
    data = await _change(interaction, lambda d: server_settings.change(d, name, value))
    now = getattr(server_settings.read(data), name)
    tr = tr_of(interaction)
    answer = server_settings.change_answer(name, now, tr, bot_of(interaction).settings)
    await reply(interaction, answer, allowed_mentions=discord.AllowedMentions.none())
    return data


@guarded
async def settings_language(interaction: discord.Interaction, value: str) -> None:
    """``/game settings language``: the language of the channel posts; auto follows the server's Discord locale."""
    await set_setting(interaction, "language", value)


@guarded
async def settings_modrole(interaction: discord.Interaction, role: discord.Role | None) -> None:
    """``/game settings modrole``: a role whose members may reset games without Manage Messages (none: clears it).

    The bot's in-memory copy is updated at once: every moderator check reads it, not the store.
    """
    data = await set_setting(interaction, "moderator_role", role.id if role is not None else None)
    role_id, moderator_roles = server_settings.read(data).moderator_role, bot_of(interaction).moderator_roles
    if role_id is None:
        moderator_roles.pop(interaction.guild_id, None)
    else:
        moderator_roles[interaction.guild_id] = role_id


@guarded
async def settings_timer(interaction: discord.Interaction, seconds: int | None) -> None:
    """``/game settings timer``: the server's turn timer (none: the bot's default)."""
    await set_setting(interaction, "turn_timeout", seconds)


@guarded
async def settings_posts(interaction: discord.Interaction, value: str) -> None:
    """``/game settings posts``: each big moment and the result below the board, or the result only (a busy channel)."""
    await set_setting(interaction, "posts", value)


@guarded
async def settings_pace(interaction: discord.Interaction, value: str) -> None:
    """``/game settings pace``: the pace new lobbies start with (live, relaxed, correspondence); hosts may change it."""
    await set_setting(interaction, "pace", value)


@guarded
async def settings_afk(interaction: discord.Interaction, count: int | None) -> None:
    """``/game settings afk``: timeouts in a row that hand a seat to the AI in relaxed and correspondence games."""
    await set_setting(interaction, "afk_limit_slow", count)


@guarded
async def settings_ratings(interaction: discord.Interaction, rate_ai_games: bool) -> None:
    """``/game settings ratings``: whether games with AI seats change the players' ratings."""
    await set_setting(interaction, "rate_ai_games", rate_ai_games)


@guarded
async def settings_hints(interaction: discord.Interaction, value: str) -> None:
    """``/game settings hints``: where players may ask the strong AI for a hint; counts from the next click."""
    await set_setting(interaction, "hints", value)


@guarded
async def settings_ai(interaction: discord.Interaction, level: str, allowed: bool) -> None:
    """``/game settings ai``: allow or refuse one AI level in this server's lobbies; the answer lists those allowed."""
    data = await _change(interaction, lambda d: server_settings.set_ai_level(d, level, allowed))
    levels = server_settings.read(data).ai_levels
    await reply(interaction, server_settings.change_answer("ai_levels", levels, tr_of(interaction)))


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
    for opt, value, _changed in server_settings.option_rows(data, spec):
        label = server_settings.option_label(spec, opt.name, tr)
        if needle and needle not in opt.name.lower() and needle not in label.lower():
            continue
        name = f"{label} = {server_settings.value_label(spec, opt, value, tr)}"
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
    current_value = server_settings.rules_for(data, spec).get(opt.name, opt.default)
    values = list(opt.choices) if opt.choices is not None else [opt.default]
    if current_value not in values:
        values.append(current_value)
    out = []
    for v in values:
        text = server_settings.format_value(v)
        shown = server_settings.value_label(spec, opt, v, tr)
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
