"""Opening a lobby: ``/<game> new`` and Rematch, and the checks and "thinking…" they share.

Split from :mod:`bot.frontend.inbound.interactions` (the other buttons and commands), which
uses :func:`thinking` for ``/game status``.  A lobby is the command's own
response, so its token (remembered by the presenter, :mod:`bot.transport.edits`) edits
it while players join, and the board it becomes.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot import i18n
from bot.core import settings as server_settings
from bot.core.games import get
from bot.core.sessions import SessionError
from bot.frontend.answers import failure_text, guarded
from bot.frontend.services import bot_of, player_of
from bot.frontend.ui import payloads, ratings

log = logging.getLogger(__name__)


_THREADS = frozenset(
    {discord.ChannelType.news_thread, discord.ChannelType.public_thread, discord.ChannelType.private_thread}
)


def _in_thread(interaction: discord.Interaction) -> bool:
    return getattr(interaction.channel, "type", None) in _THREADS


def _check_can_open(interaction: discord.Interaction, game: str | None = None) -> None:
    """The refusals a new lobby can get at once, answered privately before anything is shown."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise SessionError("guild_only")
    _check_permissions(interaction, game)
    busy = bot_of(interaction).sessions.in_channel(interaction.channel_id)
    if busy is not None:
        raise SessionError("channel_busy", game=busy.game, session=busy.id)


def _check_permissions(interaction: discord.Interaction, game: str | None) -> None:
    """Refuse a game the bot could not show here, naming the permission it lacks.

    The lobby itself is an interaction response (allowed anyway), but the game
    then posts here with the bot token (result lines, notices, a re-posted
    board): without the permission those fail with 403 and players see the
    lobby forever.  In a thread Discord checks Send Messages in Threads, not
    Send Messages.  Attach Files is not needed: without it the board is shown
    as text with a line asking for it (``payloads.without_picture``), and the
    game stays playable.  ``game`` is kept for callers; no game needs more.
    """
    perms = interaction.app_permissions
    thread = _in_thread(interaction)
    can_send = perms.send_messages_in_threads if thread else perms.send_messages
    if not (perms.view_channel and can_send and perms.embed_links):
        raise SessionError("cant_post_thread" if thread else "cant_post")


@contextlib.asynccontextmanager
async def thinking(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Acknowledge before any database work; a refusal after that takes the public "thinking…" away.

    Under load a lobby's writes can wait longer than Discord's 3 seconds, so
    the command is deferred first and "Kado is thinking…" becomes the lobby
    message itself.  A refusal found later (a lobby opened here meanwhile)
    then follows privately, through ``guarded``.  Any other failure becomes
    the public message itself: Discord ignores the ephemeral flag of the first
    followup after a public deferral, so a followup would replace "thinking…"
    anyway, and editing it keeps a lobby's buttons from lingering there.
    """
    await interaction.response.defer(thinking=True)
    try:
        yield
    except SessionError:
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
        raise
    except Exception as exc:
        await _show_failure(interaction, failure_text(interaction, exc))


async def _show_failure(interaction: discord.Interaction, text: str) -> None:
    """Turn the deferred public response (or the lobby already shown there) into ``text``; never raises."""
    try:
        await interaction.edit_original_response(**payloads.failure(text))
    except Exception:
        log.exception("could not answer interaction %s", interaction.id)


@guarded
async def open_lobby(
    interaction: discord.Interaction,
    game: str,
    *,
    options: dict[str, Any] | None = None,
) -> None:
    """Open a lobby here with the server's rules for ``game``."""
    _check_can_open(interaction, game)
    async with thinking(interaction):
        await _create_lobby(interaction, game, options=options)


async def _create_lobby(
    interaction: discord.Interaction,
    game: str,
    *,
    options: dict[str, Any] | None = None,
    ai_levels: tuple[str, ...] = (),
    pace: str | None = None,
    pace_turn: float | None = None,
) -> None:
    """The lobby behind an acknowledged command or Rematch: the given rules (else the server's), AI seats taken,
    and the given pace and turn length (a rematch's are the old game's; else the server's default pace)."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    bot = bot_of(interaction)
    spec = get(game)
    # the server's language setting (/game settings language) wins over Discord's preferred locale
    settings = await bot.store.guild_settings(interaction.guild_id)
    locale = server_settings.post_locale(settings, interaction.guild_locale or interaction.locale)
    record = await bot.sessions.new_lobby(
        game,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        host=player_of(interaction),
        locale=locale,
        options=await bot.game_options(interaction.guild_id, game) if options is None else options,
        turn_timeout=await bot.guild_setting(interaction.guild_id, "turn_timeout"),
        pace=pace or server_settings.read(settings).pace,  # the host may change it on the lobby
        pace_turn=pace_turn,
    )
    try:
        for level in ai_levels:
            await bot.sessions.add_ai(record.id, player_of(interaction), level)
        async with bot.sessions.lock(record.channel_id):
            skills = await ratings.seat_skills(bot.store, record)
            payload = payloads.lobby(record, spec, i18n.translator(record.locale), skills)
            message = await interaction.edit_original_response(**payload)
            bot.presenter.tokens.remember(message.id, interaction.application_id, interaction.token)
            await bot.store.set_board_message(record, message.id)
    except Exception:
        await _drop_lobby(interaction, record)
        raise


async def _drop_lobby(interaction: discord.Interaction, record: Any) -> None:
    """Cancel a lobby whose command failed before its board was stored.

    Its players were told that nothing changed (the failure replaces the
    "thinking…" message, and with it any lobby shown there); kept, it would hold
    the channel (``channel_busy``) with no board until it expired.
    """
    try:
        await bot_of(interaction).sessions.cancel_lobby(record.id, player_of(interaction), moderator=True)
    except Exception:
        log.exception("could not cancel the unshown lobby %s", record.id)


@guarded
async def on_rematch(interaction: discord.Interaction, sid: int) -> None:
    """The same game again in this channel, with its AI seats, under the server's current settings.

    Whoever clicks hosts; others Join.  The rule options and the AI levels are
    the server's *now*: a manager who allowed only Easy AIs, or changed a rule,
    since the old game is obeyed, and the clicker is told what changed.
    """
    _check_can_open(interaction)
    async with thinking(interaction):
        bot = bot_of(interaction)
        old = await bot.store.get_session(sid)
        if old is None or old.status != "finished":
            raise SessionError("session_over")
        _check_permissions(interaction, old.game)  # a picture game needs Attach Files too
        assert interaction.guild_id is not None
        settings = await bot.store.guild_settings(interaction.guild_id)
        options = await bot.game_options(interaction.guild_id, old.game)
        tr = i18n.translator(str(interaction.locale))
        levels, changes = _levels_now(old, settings, tr)
        changes = _rules_changed(get(old.game), old.options, options, tr) + changes
        await _create_lobby(
            interaction, old.game, options=options, ai_levels=levels, pace=old.pace, pace_turn=old.pace_turn
        )
    if changes:
        lines = "\n".join(f"- {line}" for line in changes)
        await interaction.followup.send(f"{tr('rematch.changed')}\n{lines}", ephemeral=True)


def _levels_now(old: Any, settings: dict[str, Any], tr: i18n.Tr) -> tuple[tuple[str, ...], list[str]]:
    """The old game's AI seats under the levels the server allows now, and what had to change."""
    allowed = server_settings.allowed_ai_levels(settings)
    fill = server_settings.fill_level(settings)
    levels: list[str] = []
    changes: list[str] = []
    for level in (s.ai_level for s in old.seats if s.user_id is None and s.ai_level):
        if level in allowed:
            levels.append(level)
        elif fill is not None:
            levels.append(fill)
            changes.append(tr("rematch.ai", old=tr(f"ai.{level}"), new=tr(f"ai.{fill}")))
        else:
            changes.append(tr("rematch.ai_left_out", old=tr(f"ai.{level}")))
    return tuple(levels), changes


def _rules_changed(spec: Any, before: dict[str, Any], now: dict[str, Any], tr: i18n.Tr) -> list[str]:
    """Each rule option whose value differs between the old game and the server's rules now, in words."""
    lines = []
    for opt in spec.options:
        was, is_ = before.get(opt.name, opt.default), now.get(opt.name, opt.default)
        if was != is_:
            label = server_settings.option_label(spec, opt.name, tr)
            old, new = server_settings.value_label(spec, opt, was, tr), server_settings.value_label(spec, opt, is_, tr)
            lines.append(tr("rematch.rule", option=label, old=old, new=new))
    return lines
