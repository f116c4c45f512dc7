"""The Hint button: a player's private answer from the strong AI, and the mark that their game is now unrated.

Off the click path: the click is acknowledged at once ("thinking…",
privately), the search runs in the AI workers (:func:`bot.core.ai.hints.ask`,
due by the strong AI's think time plus one second), and the answer follows.
Before anything is shown, the seat is marked *hinted* and saved, under the
channel's lock like every change to a session (persist before you announce):
a restart keeps the mark, and the game's result leaves that player unrated.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import i18n
from bot.core.ai import hints
from bot.core.games import get
from bot.core.names import shown_names
from bot.core.sessions import SessionError, drafts
from bot.core.settings import hint_policy
from bot.core.store import SessionRecord
from bot.frontend.answers import guarded, reply
from bot.frontend.services import bot_of
from bot.frontend.ui import hint_text

log = logging.getLogger(__name__)


async def _mark_hinted(bot: Any, record: SessionRecord, seat: int) -> None:
    """Save that this seat took a hint (once), under the channel's lock; only then is it live."""
    if record.seats[seat].hinted:
        return
    async with bot.sessions.lock(record.channel_id):
        live = bot.sessions.by_id(record.id)
        if live is None or live.status != "active":
            raise SessionError("session_over")
        draft = drafts.draft(live)
        draft.seats[seat].hinted = True
        await bot.sessions.table.commit(live, draft, bot.store.save, "a hint's mark")


@guarded
async def on_hint(interaction: discord.Interaction, sid: int, pv: int) -> None:
    """A Hint click: refused politely when hints are off or it is not the player's choice; else answered privately."""
    bot = bot_of(interaction)
    tr = i18n.translator(interaction.locale)
    record = bot.sessions.by_id(sid)
    if record is None or record.status != "active" or record.state is None:
        raise SessionError("session_over")
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise SessionError("not_a_player")
    spec = get(record.game)
    legal = spec.rules.legal(record.state, seat)
    if not legal or seat not in spec.rules.to_act(record.state):
        await reply(interaction, tr("hint.not_now"))
        return
    if int(record.prompts.get(str(seat), [0])[0]) != pv:
        raise SessionError("stale_button")
    settings = await bot.store.guild_settings(record.guild_id) if record.guild_id is not None else {}
    if record.guild_id is not None:
        hint_policy.remember(record.guild_id, settings)  # the authority: the buttons drawn next follow it
    if not hint_policy.allowed(record.guild_id, hint_policy.seats_of(record), settings):
        await reply(interaction, tr("hint.off"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await _mark_hinted(bot, record, seat)
    state, version = record.state, record.version
    hint = await hints.ask(getattr(bot, "ai_pool", None), spec, state, seat, record.seed * 7919 + version)
    seat_view = spec.rules.view(state, seat)
    text = hint_text.answer(spec, hint, legal, seat_view, seat, shown_names(record), tr)
    await reply(interaction, text)
