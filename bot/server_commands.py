"""The Discord side of server life: settings, stats, leaderboards, history, replays, spectating, data rights.

Handlers only: the rules of each feature live in Discord-free modules
(:mod:`bot.guildconf`, :mod:`bot.stats`, :mod:`bot.replay`, :mod:`bot.privacy`)
and in the store.  Every answer is ephemeral: these are questions one person
asks, and a channel should not fill with everyone's stats.  Refusals are
:class:`SessionError` with keys under ``error.`` so :func:`guarded` answers
them in the asker's language like every other refusal.
"""

from __future__ import annotations

import io
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot import games, guildconf, i18n, privacy, replay, stats
from bot.games import GameSpec
from bot.gameui import Board
from bot.i18n import Tr
from bot.interactions import bot_of, guarded, reply
from bot.sessions import SessionError
from bot.ui.components import ForgetButton, ReplayButton, Static

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0x3B7DD8)
REPLAY_IMAGE = "replay.png"
HISTORY_SIZE = 10


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _tr(interaction: discord.Interaction) -> Tr:
    return i18n.translator(interaction.locale)


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise SessionError("guild_only")
    return interaction.guild_id


def _spec(game: str) -> GameSpec:
    if game not in games.available():
        raise SessionError("unknown_game")
    return games.get(game)


def can_manage(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator): who may change a server's settings.

    Checked here on every change, not only through the command's visibility:
    Discord lets ``default_member_permissions`` be set on top-level commands
    only, and ``/game`` is for everyone, so the subcommands must guard themselves.
    """
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def _require_manager(interaction: discord.Interaction) -> int:
    guild_id = _guild(interaction)
    if not can_manage(interaction):
        raise SessionError("manage_only")
    return guild_id


def _setting_error(exc: guildconf.SettingError, tr: Tr, spec: GameSpec | None = None) -> SessionError:
    """A refusal in the asker's words: a known option is named by its label, not its identifier."""
    args = dict(exc.args_)
    if spec is not None and exc.code != "unknown_option" and "option" in args:
        args["option"] = guildconf.option_label(spec, str(args["option"]), tr)
    return SessionError(f"setting.{exc.code}", **args)


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
        f"*{_clip(guildconf.option_doc(spec, opt, tr), 300)}*",
    ]
    return _clip(guildconf.option_label(spec, opt.name, tr), 256), _clip("\n".join(body), 1024)


def settings_payload(interaction: discord.Interaction, data: dict[str, Any], game: str | None) -> dict[str, Any]:
    tr = _tr(interaction)
    embed = discord.Embed(title=tr("settings.title"), colour=COLOUR)
    if game is None:
        embed.description = "\n".join(_general_lines(interaction, data, tr))
        for game_id in games.available():
            spec = games.get(game_id)
            lines = [_rule_line(spec, o, v, c, tr) for o, v, c in guildconf.option_rows(data, spec)]
            embed.add_field(name=tr(f"{game_id}.name"), value=_clip("\n".join(lines) or "—", 1024), inline=False)
        embed.set_footer(text=tr("settings.footer"))
    else:
        spec = _spec(game)
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
    guild_id = _guild(interaction)
    data = await bot_of(interaction).store.guild_settings(guild_id)
    await reply(interaction, **settings_payload(interaction, data, game))


@guarded
async def settings_rule(interaction: discord.Interaction, game: str, option: str, value: str) -> None:
    guild_id = _require_manager(interaction)
    spec = _spec(game)
    result: dict[str, Any] = {}

    def change(data: dict[str, Any]) -> dict[str, Any]:
        new, result["value"] = guildconf.set_rule(data, spec, option, value)
        return new

    try:
        await guildconf.update(bot_of(interaction).store, guild_id, change)
    except guildconf.SettingError as exc:
        raise _setting_error(exc, _tr(interaction), spec) from None
    tr = _tr(interaction)
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
    guild_id = _require_manager(interaction)
    try:
        await guildconf.update(bot_of(interaction).store, guild_id, lambda d: guildconf.set_language(d, value))
    except guildconf.SettingError as exc:
        raise _setting_error(exc, _tr(interaction)) from None
    tr = _tr(interaction)
    await reply(interaction, tr("settings.language.done", value=tr(f"settings.language.{value}")))


@guarded
async def settings_modrole(interaction: discord.Interaction, role: discord.Role | None) -> None:
    guild_id = _require_manager(interaction)
    bot = bot_of(interaction)
    role_id = role.id if role is not None else None
    await guildconf.update(bot.store, guild_id, lambda d: guildconf.set_moderator_role(d, role_id))
    if role_id is None:
        bot.moderator_roles.pop(guild_id, None)
    else:
        bot.moderator_roles[guild_id] = role_id
    tr = _tr(interaction)
    text = tr("settings.modrole.done", role=f"<@&{role_id}>") if role_id else tr("settings.modrole.cleared")
    await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())


@guarded
async def settings_timer(interaction: discord.Interaction, seconds: int | None) -> None:
    guild_id = _require_manager(interaction)
    try:
        await guildconf.update(bot_of(interaction).store, guild_id, lambda d: guildconf.set_turn_timeout(d, seconds))
    except guildconf.SettingError as exc:
        raise _setting_error(exc, _tr(interaction)) from None
    tr = _tr(interaction)
    await reply(interaction, tr("settings.timer.done", n=seconds) if seconds else tr("settings.timer.cleared"))


@guarded
async def settings_ai(interaction: discord.Interaction, level: str, allowed: bool) -> None:
    guild_id = _require_manager(interaction)
    try:
        data = await guildconf.update(
            bot_of(interaction).store, guild_id, lambda d: guildconf.set_ai_level(d, level, allowed)
        )
    except guildconf.SettingError as exc:
        raise _setting_error(exc, _tr(interaction)) from None
    tr = _tr(interaction)
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
    tr = _tr(interaction)
    data = await bot_of(interaction).store.guild_settings(interaction.guild_id)
    needle = current.strip().lower()
    out = []
    for opt, value, _changed in guildconf.option_rows(data, spec):
        label = guildconf.option_label(spec, opt.name, tr)
        if needle and needle not in opt.name.lower() and needle not in label.lower():
            continue
        name = f"{label} = {guildconf.value_label(spec, opt, value, tr)}"
        out.append(app_commands.Choice(name=_clip(name, 100), value=opt.name))
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
    tr = _tr(interaction)
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
        out.append(app_commands.Choice(name=_clip(label, 100), value=text))
    if current and opt.choices is None and all(c.value != current for c in out):
        out.insert(0, app_commands.Choice(name=_clip(current, 100), value=current[:100]))
    return out[:25]


# -- stats, leaderboard, history -----------------------------------------------------------------------------------


def _pct(rate: float) -> str:
    return f"{round(rate * 100)}%"


def _stat_line(line: stats.Line, tr: Tr) -> str:
    return tr(
        "stats.line", played=line.played, won=line.won, drawn=line.drawn, lost=line.lost, rate=_pct(line.win_rate)
    )


@guarded
async def stats_command(interaction: discord.Interaction, user: discord.abc.User | None) -> None:
    guild_id = _guild(interaction)
    target = user or interaction.user
    tr = _tr(interaction)
    rows = await bot_of(interaction).store.stats_rows(guild_id=guild_id, user_id=target.id)
    per = stats.per_game(rows)
    total = stats.total(per)
    embed = discord.Embed(title=tr("stats.title", name=target.display_name), colour=COLOUR)
    if total is None:
        embed.description = tr("stats.none")
    else:
        embed.description = tr("stats.total") + " " + _stat_line(total, tr)
        for line in per:
            embed.add_field(name=tr(f"{line.game}.name"), value=_stat_line(line, tr), inline=False)
    embed.set_footer(text=tr("stats.footer"))
    await reply(interaction, embed=embed)


@guarded
async def leaderboard_command(interaction: discord.Interaction, game: str) -> None:
    guild_id = _guild(interaction)
    _spec(game)
    tr = _tr(interaction)
    rows = await bot_of(interaction).store.stats_rows(guild_id=guild_id, game=game)
    board = stats.leaderboard(rows)
    embed = discord.Embed(title=tr("leaderboard.title", game=tr(f"{game}.name")), colour=COLOUR)
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = [
        tr(
            "leaderboard.line",
            rank=medals.get(i, f"{i}."),
            name=discord.utils.escape_markdown(line.name),
            won=line.won,
            played=line.played,
            rate=_pct(line.win_rate),
        )
        for i, line in enumerate(board.ranked, start=1)
    ]
    embed.description = "\n".join(lines) if lines else tr("leaderboard.empty", n=board.min_games)
    embed.set_footer(text=tr("leaderboard.footer", n=board.min_games, unranked=board.unranked))
    await reply(interaction, embed=embed)


def history_line(entry: dict[str, Any], tr: Tr) -> str:
    names = entry["names"]
    result = entry["result"]
    if result is None:
        outcome = tr("history.ended")
    elif result.get("winners"):
        winners = [names[w] if w < len(names) else "?" for w in result["winners"]]
        outcome = tr("history.won", names=", ".join(winners))
    else:
        outcome = tr("history.draw")
    when = f"<t:{int(entry['ended_at'])}:d>" if entry.get("ended_at") else "—"
    players = discord.utils.escape_markdown(", ".join(names))
    return tr("history.line", id=entry["session_id"], game=tr(f"{entry['game']}.name"), when=when,
              players=players, outcome=outcome)  # fmt: skip


@guarded
async def history_command(interaction: discord.Interaction, user: discord.abc.User | None) -> None:
    guild_id = _guild(interaction)
    tr = _tr(interaction)
    store = bot_of(interaction).store
    if user is not None:
        entries = await store.history(guild_id=guild_id, user_id=user.id, limit=HISTORY_SIZE)
        title = tr("history.title_user", name=user.display_name)
    else:
        entries = await store.history(guild_id=guild_id, channel_id=interaction.channel_id, limit=HISTORY_SIZE)
        title = tr("history.title_channel")
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.description = _clip("\n".join(history_line(e, tr) for e in entries), 4000) or tr("history.none")
    embed.set_footer(text=tr("history.footer", option=tr("cmd.opt.id")))
    await reply(interaction, embed=embed)


# -- replay ----------------------------------------------------------------------------------------------------------


def _board_embed(board: Board) -> discord.Embed:
    embed = discord.Embed(
        title=_clip(board.title, 256), description=_clip(board.description, 4000) or None, colour=COLOUR
    )
    for name, value in board.fields[:20]:
        embed.add_field(name=_clip(name, 256) or "\u200b", value=_clip(value, 1024) or "—", inline=False)
    return embed


def _move_text(spec: GameSpec, step: replay.Step, names: list[str], tr: Tr) -> str:
    if step.seat is None:
        return tr("replay.deal")
    who = names[step.seat] if step.seat < len(names) else f"#{step.seat + 1}"
    lines = [spec.render.event(e, names, tr) for e in step.public_events()]
    lines = [line for line in lines if line]
    if not lines:
        return tr("replay.moved", name=who)
    return tr("replay.by", name=who) + "\n" + "\n".join(f"• {line}" for line in lines)


STARTED_ENDS = ("finished", "abandoned")  # the ends of a started game (a cancelled lobby never started)


def _pruned(session_id: int, days: int) -> SessionError:
    """Why a game retention pruned (``HISTORY_DAYS``) has no replay; without the days when retention is off now."""
    if days > 0:
        return SessionError("replay_pruned", id=session_id, days=days)
    return SessionError("replay_pruned_any", id=session_id)


async def _load_replay(interaction: discord.Interaction, session_id: int) -> tuple[Any, GameSpec, list[replay.Step]]:
    guild_id = _guild(interaction)
    store = bot_of(interaction).store
    record = await store.get_session(session_id)
    if record is None or record.guild_id != guild_id:
        raise SessionError("replay_not_found", id=session_id)
    if record.live:
        raise SessionError("replay_live")
    if record.pruned_at is not None and record.status in STARTED_ENDS:
        raise _pruned(record.id, bot_of(interaction).settings.history_days)
    if record.state is None:
        raise SessionError("replay_never_started", id=session_id)
    spec = _spec(record.game)
    try:
        steps = replay.rebuild(
            spec.rules, len(record.seats), record.seed, record.options, await store.actions(record.id)
        )
    except replay.ReplayError:
        log.exception("replay of session %s failed", session_id)
        raise SessionError("replay_broken", id=session_id) from None
    return record, spec, steps


def replay_payload(record: Any, spec: GameSpec, steps: list[replay.Step], page: int, tr: Tr) -> dict[str, Any]:
    """One page of a replay: the public board after ``page`` actions, or, past the last one, the hidden hands.

    Boards come from the spectator view only; what was hidden is shown on its
    own page after the end, and only for a session that is over.
    """
    last = len(steps)  # the reveal page comes after the final board
    page = max(0, min(page, last))
    names = record.names()
    files: list[discord.File] = []
    if page < len(steps):
        step = steps[page]
        board = spec.render.board(spec.rules.view(step.state, None), names, tr)
        embed = _board_embed(board)
        embed.add_field(name=tr("replay.move"), value=_clip(_move_text(spec, step, names, tr), 1024), inline=False)
        if board.image_png:
            embed.set_image(url=f"attachment://{REPLAY_IMAGE}")
            files.append(discord.File(io.BytesIO(board.image_png), filename=REPLAY_IMAGE))
        footer = tr("replay.footer", id=record.id, step=page, total=len(steps) - 1)
    else:
        final = steps[-1].state
        embed = discord.Embed(title=tr("replay.reveal_title", game=tr(f"{spec.id}.name")), colour=COLOUR)
        embed.description = tr("replay.reveal_intro")
        for seat, name in enumerate(names):
            text = spec.render.private(spec.rules.view(final, seat), seat, names, tr)
            embed.add_field(name=_clip(name, 256) or "\u200b", value=_clip(text, 1000) or "—", inline=False)
        footer = tr("replay.footer_reveal", id=record.id)
    embed.set_footer(text=footer)
    while len(embed) > 5900 and len(embed.fields) > 1:
        embed.remove_field(0 if page < len(steps) else -1)
    view = Static()
    view.add_item(ReplayButton(record.id, 0, "f", tr("replay.first"), disabled=page == 0))
    view.add_item(ReplayButton(record.id, max(page - 1, 0), "p", tr("replay.prev"), disabled=page == 0))
    view.add_item(ReplayButton(record.id, page + 1, "n", tr("replay.next"), disabled=page >= last))
    view.add_item(ReplayButton(record.id, last, "l", tr("replay.reveal"), disabled=page >= last))
    return {"embed": embed, "view": view, "files": files}


@guarded
async def replay_command(interaction: discord.Interaction, session_id: int) -> None:
    record, spec, steps = await _load_replay(interaction, session_id)
    payload = replay_payload(record, spec, steps, 0, _tr(interaction))
    await interaction.response.send_message(ephemeral=True, **payload)


@guarded
async def on_replay(interaction: discord.Interaction, session_id: int, page: int) -> None:
    record, spec, steps = await _load_replay(interaction, session_id)
    payload = replay_payload(record, spec, steps, page, _tr(interaction))
    files = payload.pop("files")
    await interaction.response.edit_message(attachments=files, **payload)


# -- spectating ----------------------------------------------------------------------------------------------------


@guarded
async def spectate_command(interaction: discord.Interaction) -> None:
    """This channel's board as only a spectator may see it, without buttons, in the asker's language."""
    from bot.ui import payloads

    _guild(interaction)
    record = bot_of(interaction).sessions.in_channel(interaction.channel_id or 0)
    if record is None:
        raise SessionError("no_session")
    if record.status != "active" or record.state is None:
        raise SessionError("not_started")
    payload = payloads.board(record, games.get(record.game), _tr(interaction))
    files = payload.pop("attachments", None) or []
    payload.pop("view", None)
    await interaction.response.send_message(ephemeral=True, files=files, **payload)


# -- data rights ---------------------------------------------------------------------------------------------------


def _status_counts(by_status: dict[str, int], tr: Tr) -> str:
    """``finished: 3`` in words; a status without a key (added later) is shown as stored rather than hidden."""
    parts = []
    for status, n in sorted(by_status.items()):
        key = f"mydata.status.{status}"
        parts.append(f"{tr(key) if i18n.has(key) else status}: {n}")
    return ", ".join(parts) or "—"


def mydata_embed(data: dict[str, Any], tr: Tr) -> discord.Embed:
    seats = data["seats"]
    names = sorted({s["name"] for s in seats})
    by_status: dict[str, int] = {}
    for s in seats:
        by_status[s["status"]] = by_status.get(s["status"], 0) + 1
    embed = discord.Embed(title=tr("mydata.title"), colour=COLOUR, description=tr("mydata.intro"))
    lines = [
        tr("mydata.seats", n=len(seats), detail=_status_counts(by_status, tr)),
        tr("mydata.names", names=_clip(", ".join(names), 500) or "—"),
        tr("mydata.actions", n=sum(data["actions"].values())),
        tr("mydata.results", n=data["results"], wins=data["wins"]),
        tr("mydata.hosted", n=data["hosted"]),
        tr("mydata.dm", n=sum(1 for s in seats if s["dm_stored"])),
    ]
    embed.add_field(name="\u200b", value=_clip("\n".join(lines), 1024), inline=False)
    embed.set_footer(text=tr("mydata.footer"))
    return embed


@guarded
async def mydata_command(interaction: discord.Interaction) -> None:
    data = await bot_of(interaction).store.user_data(interaction.user.id)
    export = {"user_id": str(interaction.user.id), **data, "actions": {str(k): v for k, v in data["actions"].items()}}
    raw = json.dumps(export, ensure_ascii=False, indent=1).encode()
    file = discord.File(io.BytesIO(raw), filename="kado-mydata.json")
    await interaction.response.send_message(embed=mydata_embed(data, _tr(interaction)), file=file, ephemeral=True)


@guarded
async def forget_command(interaction: discord.Interaction) -> None:
    tr = _tr(interaction)
    view = Static()
    view.add_item(ForgetButton(interaction.user.id, tr("forget.confirm")))
    await reply(interaction, tr("forget.warning"), view=view)


@guarded
async def on_forget(interaction: discord.Interaction, user_id: int) -> None:
    tr = _tr(interaction)
    if interaction.user.id != user_id:
        raise SessionError("forget_not_yours")
    await interaction.response.defer()
    bot = bot_of(interaction)
    done = await privacy.forget(bot.sessions, bot.store, user_id)
    text = tr(
        "forget.done",
        left=len(done.left),
        seats=done.counts.get("seats", 0),
        actions=done.counts.get("actions", 0),
        results=done.counts.get("results", 0),
    )
    await interaction.edit_original_response(content=text, view=None)


__all__ = [
    "can_manage",
    "forget_command",
    "history_command",
    "leaderboard_command",
    "mydata_command",
    "on_forget",
    "on_replay",
    "replay_command",
    "settings_ai",
    "settings_language",
    "settings_modrole",
    "settings_rule",
    "settings_show",
    "settings_timer",
    "spectate_command",
    "stats_command",
]
