"""The review's handlers: ``/game review``, the Review button, "Find a better move" and its tries.

Replays and drawings run in threads (:func:`bot.core.review.runner.load`, the
payloads here), not on the event loop: a long game's replay takes tens of
milliseconds.  A review is the clicker's own: their seat in the game is found from who
clicked, and every answer is private (ephemeral).  A review not computed yet
is queued (:class:`bot.core.review.runner.ReviewRunner`: in the AI workers, at
idle priority); the answer says "Reviewing…" at once and is edited when the
review is ready, by a task of its own, so no handler waits on the search
(:mod:`bot.frontend.inbound.review_answers`: who waits is stored with the request, so a
restart finishes that answer too).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, cast

import discord

from bot.core.review.runner import NotReviewable, ReviewRunner, load
from bot.core.sessions import SessionError
from bot.frontend.answers import guarded
from bot.frontend.inbound import review_answers, review_screens
from bot.frontend.server_commands.common import guild_of, tr_of
from bot.frontend.services import bot_of

log = logging.getLogger(__name__)


def runner_of(interaction: discord.Interaction) -> ReviewRunner:
    """The bot's review runner (``KadoBot.reviews``)."""
    return cast(ReviewRunner, cast(Any, interaction.client).reviews)


async def _game_of_player(interaction: discord.Interaction, session_id: int) -> tuple[Any, Any, list[Any], int]:
    """This server's finished game ``session_id`` as (record, spec, steps, the clicker's seat); refusals otherwise."""
    guild_id = guild_of(interaction)
    store = bot_of(interaction).store
    record = await store.get_session(session_id)
    if record is None or record.guild_id != guild_id:
        raise SessionError("review_not_found", id=session_id)
    asker = interaction.user.id  # a player who left mid-game (the AI took the seat) may still review their part
    seat = next((s.seat for s in record.seats if asker in (s.user_id, s.left_by)), None)
    if seat is None:
        raise SessionError("review_not_player", id=session_id)
    if record.pruned_at is not None:
        raise SessionError("review_pruned", id=session_id)
    try:
        _spec, steps, _record = await load(store, session_id)
    except NotReviewable:
        raise SessionError("review_not_finished", id=session_id) from None
    return record, _spec, steps, seat


@guarded
async def review_command(interaction: discord.Interaction, session_id: int) -> None:
    """``/game review`` and the Review button: the clicker's review, or "Reviewing…" until it is ready."""
    record, spec, steps, seat = await _game_of_player(interaction, session_id)
    tr = tr_of(interaction)
    runner = runner_of(interaction)
    review = await runner.request(record.id, seat)
    if review is not None:
        payload = await asyncio.to_thread(review_screens.review_payload, record, spec, steps, seat, review, tr)
        await interaction.response.send_message(ephemeral=True, **_for_send(payload))
        return
    await interaction.response.send_message(tr("review.working", id=record.id), ephemeral=True)
    who = review_answers.waiter(interaction, time.time())
    await bot_of(interaction).store.wait_for_review(record.id, seat, who)  # a restart finishes this answer too
    review_answers.answer_when_ready(interaction.client, runner, (record, spec, steps, seat), who)


@guarded
async def on_find(interaction: discord.Interaction, session_id: int, tried: int | None = None) -> None:
    """"Find a better move" and each try: the costliest decision's position, the message edited in place."""
    record, spec, steps, seat = await _game_of_player(interaction, session_id)
    found = await bot_of(interaction).store.review(record.id, seat)
    if found is None or found[1] is None or not found[1]["costliest"]:
        raise SessionError("review_not_finished", id=session_id)
    # the position's words and picture are drawn in a thread: a click elsewhere is not held up behind them
    payload = await asyncio.to_thread(review_screens.find_payload, record, spec, steps, seat, found[1],
                                      tr_of(interaction), tried)
    if tried is None:
        await interaction.response.send_message(ephemeral=True, **_for_send(payload))
    else:
        await interaction.response.edit_message(**payload)


def _for_send(payload: dict[str, Any]) -> dict[str, Any]:
    """An edit's payload as a first send: files instead of attachments, and no empty view."""
    out = dict(payload)
    out["files"] = out.pop("attachments", [])
    if out.get("view") is None:
        out.pop("view", None)
    return out
