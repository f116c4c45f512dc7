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
from collections.abc import Awaitable, Callable
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
from bot.frontend.gateway import forwarding
from bot.frontend.gateway.forwarded_click import ForwardedClick
from bot.frontend.services import bot_of
from bot.frontend.ui import hint_text
from bot.i18n import Tr

log = logging.getLogger(__name__)
HINT = "hint"
"""The kind of a forwarded Hint click (:mod:`bot.frontend.gateway.forwarding`)."""


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
    """A Hint click: refused politely when hints are off or it is not the player's choice; else answered privately.

    A click in a DM reaches shard 0's process only; a game another process
    holds gets it forwarded there (:mod:`bot.frontend.gateway.forwarding`), which
    answers through the click's token: the owner marks the seat and knows the game.
    """
    bot = bot_of(interaction)
    record = bot.sessions.by_id(sid)
    if record is None and bot.forwarder is not None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the owner's answer replaces "thinking…"
        if await bot.forwarder.forward_click(interaction, sid, pv, kind=HINT):
            return
    if record is None or record.status != "active" or record.state is None:
        raise SessionError("session_over")

    async def thinking() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)

    await reply(interaction, await _answer(bot, record, interaction.user.id, pv, i18n.translator(interaction.locale),
                                           thinking))


@forwarding.receiver(HINT)
async def _forwarded(bot: Any, click: ForwardedClick, answer: forwarding.Answer) -> None:
    """A Hint click forwarded from the process that received it (already acknowledged there, "thinking…")."""
    record = bot.sessions.by_id(click.session)
    if record is None or record.status != "active" or record.state is None:
        raise SessionError("session_over")
    await answer(await _answer(bot, record, click.user, click.version, i18n.translator(click.locale), _nothing))


async def _nothing() -> None:
    """The forwarded click was acknowledged by the process that received it."""


async def _answer(bot: Any, record: SessionRecord, user_id: int, pv: int, tr: Tr,
                  thinking: Callable[[], Awaitable[None]]) -> str:
    """The hint for ``user_id`` at prompt version ``pv``, or why there is none; ``thinking`` runs before the search."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise SessionError("not_a_player")
    spec = get(record.game)
    assert record.state is not None
    legal = spec.rules.legal(record.state, seat)
    if not legal or seat not in spec.rules.to_act(record.state):
        return tr("hint.not_now")
    if int(record.prompts.get(str(seat), [0])[0]) != pv:
        raise SessionError("stale_button")
    settings = await bot.store.guild_settings(record.guild_id) if record.guild_id is not None else {}
    if record.guild_id is not None:
        hint_policy.remember(record.guild_id, settings)  # the authority: the buttons drawn next follow it
    if not hint_policy.allowed(record.guild_id, hint_policy.seats_of(record), settings):
        return tr("hint.off")
    await thinking()
    await _mark_hinted(bot, record, seat)
    state, version = record.state, record.version
    hint = await hints.ask(getattr(bot, "ai_pool", None), spec, state, seat, record.seed * 7919 + version)
    seat_view = spec.rules.view(state, seat)
    return hint_text.answer(spec, hint, legal, seat_view, seat, shown_names(record), tr)
