"""A "Reviewing…" answer finished once its review is stored, even after a restart or past its token's life.

Why: the answer is an ephemeral message only its interaction's token can edit,
for 15 minutes.  Kept in memory alone, a restart (or a review longer than the
token) left the player with "Reviewing…" forever.  So who waits is stored with
the pending review (the token while it lives, the asker, their language:
``Store.wait_for_review``), the bot resumes the review and this answer at start
(:func:`resume`), and the review reaches the player:

* the token still lives (:data:`TOKEN_LIFE`): the "Reviewing…" message becomes the
  review, as without a restart;
* else, in a DM: the player asked and was told the answer would come; a DM is
  where Kado already tells a player something privately, and it needs no second
  request.  Their own review, drawn from their own views (as on the button), so
  nothing hidden.  Without its "Find a better move" button: a DM cannot run a
  server's review (a line says where to), and asking again there shows it too.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from bot import i18n
from bot.core.review.runner import NotReviewable, ReviewRunner, load
from bot.frontend.inbound import review_screens
from bot.transport import wire
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)

TOKEN_LIFE = 840.0
"""Seconds an interaction token edits its answer: Discord's 15 minutes less a margin (as ``KADO_TOKEN_REUSE``)."""
DM_LIMIT = 2000  # characters of a message's text

_answering: set[asyncio.Task[None]] = set()
"""The "Reviewing…" answers waiting for their review (kept so they are not collected midway)."""


def waiter(interaction: discord.Interaction, now: float) -> dict[str, Any]:
    """Who waits for a review and how to answer them: what the store keeps with the pending review."""
    return {"user": interaction.user.id, "app": interaction.application_id, "token": interaction.token,
            "at": now, "locale": str(interaction.locale)}


def answer_when_ready(bot: Any, runner: ReviewRunner, game: tuple[Any, Any, list[Any], int], who: dict[str, Any],
                      clock: Callable[[], float] = time.time) -> None:
    """Answer ``who`` with the review of ``game`` (record, spec, steps, seat) once it is stored, in a task."""
    task = asyncio.create_task(_answer(bot, runner, game, who, clock))
    _answering.add(task)
    task.add_done_callback(_answering.discard)


async def resume(bot: Any, runner: ReviewRunner, clock: Callable[[], float] = time.time) -> int:
    """At start, after ``runner.resume()``: finish every answer a stop left waiting; how many."""
    waiting = await bot.store.review_waiters()
    for session_id, seat, who in waiting:
        try:
            spec, steps, record = await load(bot.store, session_id)
        except NotReviewable:
            continue  # the runner drops its request: asking again says why
        answer_when_ready(bot, runner, (record, spec, steps, seat), who, clock)
    if waiting:
        log.info("finishing %d review answer(s) left waiting by the restart", len(waiting))
    return len(waiting)


async def _answer(bot: Any, runner: ReviewRunner, game: tuple[Any, Any, list[Any], int], who: dict[str, Any],
                  clock: Callable[[], float]) -> None:
    record, spec, steps, seat = game
    tr = i18n.translator(who["locale"])
    try:
        review = await runner.wait(record.id, seat)
        if review is None:
            payload: dict[str, Any] = {"content": tr("review.failed"), "attachments": [], "view": None}
        else:
            payload = await asyncio.to_thread(review_screens.review_payload, record, spec, steps, seat, review, tr)
        if clock() - float(who["at"]) < TOKEN_LIFE and await _edit(bot, who, payload):
            return
        await _send_dm(bot, who, record.id, payload, tr)
    except asyncio.CancelledError:
        raise
    except Exception:  # asking again shows the stored review
        log.warning("could not show the review of session %s to its player", record.id, exc_info=True)


async def _edit(bot: Any, who: dict[str, Any], payload: dict[str, Any]) -> bool:
    """The "Reviewing…" message becomes the review; False if Discord refused (the token died, the message is gone)."""
    try:
        await wire.edit_original(bot, int(who["app"]), str(who["token"]), payload)
    except SEND_ERRORS as exc:  # expected once Discord has spent the token: one line, no traceback
        log.info("the review's answer could not be edited any more (%s); telling its player in a DM", exc)
        return False
    return True


async def _send_dm(bot: Any, who: dict[str, Any], session_id: int, payload: dict[str, Any], tr: i18n.Tr) -> None:
    """The review in the player's DM, without its button (a DM cannot run it), saying where to try again."""
    head = tr("review.ready_dm", id=session_id)
    foot = tr("review.find_in_server", id=session_id) if payload.get("view") is not None else ""
    room = DM_LIMIT - len(head) - len(foot) - 2
    text = "\n".join(part for part in (head, str(payload.get("content") or "")[:room], foot) if part)
    user = await bot.fetch_user(int(who["user"]))
    await user.send(content=text, files=list(payload.get("attachments") or []))
