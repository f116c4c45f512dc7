"""``/<game> learn``: a guided first game in a thread of its own, and "Play a real game" after it.

The tutorial is played in a public thread the bot starts in the channel, so the channel stays
free for real games; where no thread can be started (a thread already, a channel without threads,
no permission to start one) it is played in the channel itself, and the learner is told so.  The
session itself is the core's (:mod:`bot.core.tutorial`); here is only where it is shown.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import i18n
from bot.core import settings as server_settings
from bot.core import tutorial
from bot.core.games import get
from bot.core.sessions import SessionError
from bot.core.tutorial import start as starting
from bot.frontend.answers import guarded
from bot.frontend.inbound import opening
from bot.frontend.presenting.turn_notices import jump_link
from bot.frontend.services import bot_of, player_of
from bot.frontend.ui import payloads, ratings

log = logging.getLogger(__name__)

ARCHIVE_MINUTES = 60
"""A tutorial thread is hidden from the channel list an hour after its last message."""


@guarded
async def learn(interaction: discord.Interaction, game: str) -> None:
    """Start ``game``'s tutorial for whoever asked: in a new thread, else in this channel."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise SessionError("guild_only")
    try:
        tutorial.load(game)
    except ModuleNotFoundError:  # a game installed without a tutorial.py (KADO_GAME_DIRS)
        raise SessionError("no_tutorial") from None
    learner = player_of(interaction)
    tr = i18n.translator(learner.locale)
    spec = get(game)
    name = payloads.game_name(spec, tr)
    where = tr("learn.where.board" if spec.public_controls else "learn.where.dm")
    await interaction.response.defer(ephemeral=True, thinking=True)
    thread = await _start_thread(interaction, tr(
        "learn.thread_name", game=name, name=learner.name)[:100])
    if thread is None:
        opening._check_permissions(interaction, game)
        channel_id, answer = interaction.channel_id, tr("learn.here", game=name, where=where)
    else:
        channel_id, answer = thread.id, tr("learn.ready", game=name, thread=thread.mention, where=where)
    await starting.start(
        bot_of(interaction).sessions, game, guild_id=interaction.guild_id, channel_id=channel_id,
        learner=learner, locale=learner.locale,
    )
    await interaction.followup.send(answer, ephemeral=True)


async def _start_thread(interaction: discord.Interaction, name: str) -> discord.Thread | None:
    """A public thread of the command's channel for the tutorial; None where none can be started."""
    channel = interaction.channel
    perms = interaction.app_permissions
    if not isinstance(channel, discord.TextChannel):  # a thread already, a voice channel's chat, a forum post
        return None
    if not (perms.create_public_threads and perms.send_messages_in_threads and perms.view_channel):
        return None
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=ARCHIVE_MINUTES
        )
    except discord.HTTPException as exc:  # threads turned off, a rate limit: the channel will do
        log.info("could not start a tutorial thread in channel %s: %s", channel.id, exc)
        return None


@guarded
async def play_real(interaction: discord.Interaction, game: str) -> None:
    """"Play a real game": a lobby with the server's rules in the channel the tutorial's thread is in."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise SessionError("guild_only")
    channel = interaction.channel
    target = getattr(channel, "parent_id", None) or interaction.channel_id
    bot = bot_of(interaction)
    busy = bot.sessions.in_channel(target)
    if busy is not None:
        raise SessionError("channel_busy", game=busy.game, session=busy.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings = await bot.store.guild_settings(interaction.guild_id)
    locale = server_settings.post_locale(settings, interaction.guild_locale or interaction.locale)
    record = await bot.sessions.new_lobby(
        game, guild_id=interaction.guild_id, channel_id=target, host=player_of(interaction), locale=locale,
        options=await bot.game_options(interaction.guild_id, game),
        turn_timeout=await bot.guild_setting(interaction.guild_id, "turn_timeout"),
    )
    message = await _post_lobby(interaction, record, target)
    tr = i18n.translator(interaction.locale)
    await interaction.followup.send(tr(
        "learn.lobby_opened", game=payloads.game_name(get(game), tr), channel=f"<#{target}>",
        link=jump_link(interaction.guild_id, target, message.id),
    ), ephemeral=True)


async def _post_lobby(interaction: discord.Interaction, record: Any, channel_id: int) -> discord.Message:
    """Post the new lobby in its channel with the bot's token (the click was in another channel)."""
    bot = bot_of(interaction)
    try:
        async with bot.sessions.lock(record.channel_id):
            skills = await ratings.seat_skills(bot.store, record)
            payload = payloads.lobby(record, get(record.game), i18n.translator(record.locale), skills)
            channel = interaction.client.get_partial_messageable(channel_id, guild_id=interaction.guild_id)
            message = await channel.send(**payloads.for_send(payload))
            await bot.store.set_board_message(record, message.id)
            return message
    except Exception:
        await opening._drop_lobby(interaction, record)
        raise
