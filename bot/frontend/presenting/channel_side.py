"""The channel side of the presenter: its board, edited in place or posted again, and its posts.

Split from :mod:`bot.frontend.presenting.presenter` by responsibility: that module decides what a
commit shows and in which order; this one makes the channel's requests (the board's edit through a
live click token, its re-post when deleted or buried by talk, the result and closing posts).  A mixin,
so tests that subclass the presenter still replace ``_edit_board`` and ``_post`` by name.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot import i18n
from bot.core.store import SessionRecord, Store
from bot.core.turns import discord_request
from bot.frontend.presenting import buried, tutorial_lines
from bot.frontend.presenting.board_position import RunningPost
from bot.frontend.ui import payloads
from bot.runtime import metrics
from bot.transport.acks import ClickAnswer
from bot.transport.edits import Editor, Tokens, answer_click_on
from bot.transport.followups import ChannelTokens, Followups
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)


class ChannelSide:
    """The board and the channel posts of :class:`~bot.frontend.presenting.presenter.DiscordPresenter`."""

    client: discord.Client
    store: Store
    editor: Editor
    tokens: Tokens
    channel_tokens: ChannelTokens
    followups: Followups
    moments: RunningPost
    buried: buried.BuriedBoards
    _boards: dict[int, tuple[int, str]]

    def _channel(self, record: SessionRecord) -> discord.PartialMessageable:
        """The session's channel to send to, built from its id alone: no cache lookup, no request."""
        return self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def _post(
        self, record: SessionRecord, content: str, *, nonce: str | None = None, ping: Sequence[int] = (),
        view: discord.ui.View | None = None,
    ) -> bool:
        """Post ``content`` to the session's channel; False only if trying again later might succeed.

        A refusal for good (no permission, the channel is gone) counts as
        settled: posting it again at the next start would be refused again.
        With a ``nonce`` Discord drops a repeat of the post made within a few
        minutes (discord.py sends ``enforce_nonce``), so posting it again is safe.
        Only the users in ``ping`` are pinged: a name in the text (a nickname
        ``<@id>``) never is.
        """
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in ping])
        try:
            await discord_request(
                self._channel(record).send(content, allowed_mentions=mentions, nonce=nonce, view=view)
            )
        except (discord.Forbidden, discord.NotFound) as exc:  # for good: a line for the operator, not a traceback
            log.warning("could not post to channel %s: %s", record.channel_id, exc)
        except SEND_ERRORS:
            log.exception("could not post to channel %s", record.channel_id)
            return False
        return True

    async def _post_closing(self, record: SessionRecord) -> None:
        """A tutorial's last message, below its result: "Play a real game" (:mod:`~.presenting.tutorial_lines`)."""
        closing = tutorial_lines.closing(record)
        if closing is None:
            return
        try:
            await discord_request(self._channel(record).send(**closing))
        except SEND_ERRORS:
            log.warning("could not post the end of tutorial %s", record.id)

    async def _mark_announced(self, record: SessionRecord) -> None:
        """Remember that this end was shown, so a restart does not show it again.

        Until this is stored, the next start re-presents the end
        (``SessionManager.announce_missed_endings``): a crash before this line
        heals.  A crash between the result post and this write makes the next
        start post the result again, with the same nonce (:func:`~.presenter._end_nonce`):
        Discord returns the first post instead of a second one if that start
        comes within its few-minute nonce window.
        """
        try:
            await self.store.mark_announced(record)
        except Exception:
            log.exception("could not mark the end of session %s announced", record.id)

    async def _edit_board(self, record: SessionRecord, payload: dict[str, Any], *,
                          click: asyncio.Task[Any] | None = None, answer: ClickAnswer | None = None) -> None:
        """Edit the board in place (by a live click token: :mod:`bot.transport.edits`); re-post if deleted.

        A picture board in a channel where the bot may not attach files (never
        given, or taken away mid-game) is shown without its picture
        rather than not at all: every edit would fail, and the players would
        look at a board that never changes.  Each edit tries the picture first,
        so it comes back as soon as the permission does.
        """
        channel = self._channel(record)
        shown = payloads.digest(payload)
        if record.board_message_id is not None:
            if self._boards.get(record.id) == (record.board_message_id, shown):
                return  # nothing public changed (a hidden pick, a private sub-step)
            buried_by_talk = record.status == "active" and self.buried.due(record.channel_id, record.board_message_id)
            if buried_by_talk and await self._bring_back(record, payload, shown, answer):  # posted again below
                return
            message_id = record.board_message_id
            try:
                edit = functools.partial(self.editor.edit, record.channel_id, message_id, answer=answer)
                await self._try_picture_then_text(record, payload, edit)
                self._boards[record.id] = (message_id, shown)
                metrics.board_edited(click)  # a move click's "click -> board" ends here (bot.runtime.metrics)
                return
            except discord.NotFound:
                log.info("board of session %s was deleted; posting it again", record.id)
            except SEND_ERRORS:
                log.exception("board edit failed for session %s", record.id)
                return
        try:
            message = await self._try_picture_then_text(record, payload, functools.partial(self._send_board, channel))
        except SEND_ERRORS:
            log.exception("could not post the board of session %s", record.id)
            return
        await self.store.set_board_message(record, message.id)
        self._boards[record.id] = (message.id, shown)
        self.buried.posted(record.channel_id, message.id)

    async def _bring_back(
        self, record: SessionRecord, payload: dict[str, Any], shown: str, answer: ClickAnswer | None = None
    ) -> bool:
        """Post the board again at the bottom, with its moments message, deleting the old two (presenting.buried);
        False when it could not be posted (the old board is then edited as usual)."""
        await answer_click_on(answer, record.board_message_id or 0)  # a click on the old board: answered while it is
        async def post(payload: dict[str, Any]) -> int:
            sent = payloads.for_send(payload)
            return await buried.post_board(self.client, self.channel_tokens, record.channel_id, sent)
        try:
            new_board = await self._try_picture_then_text(record, payload, post)
        except SEND_ERRORS:
            log.exception("could not post the board of session %s again", record.id)
            return False
        self.buried.posted(record.channel_id, new_board)
        self.tokens.forget([record.board_message_id])
        self._boards[record.id] = (new_board, shown)
        await buried.bring_back(self.client, self.store, self.followups, self.moments, record, new_board)
        return True

    async def _try_picture_then_text(
        self, record: SessionRecord, payload: dict[str, Any], show: Callable[[dict[str, Any]], Awaitable[Any]]
    ) -> Any:
        """``show(payload)``; refused (403) with a picture in it, ``show`` it once more without the picture."""
        try:
            return await show(payload)
        except discord.Forbidden:
            if not payload.get("attachments"):
                raise
            log.warning("no Attach Files in channel %s: board of session %s without its picture",
                        record.channel_id, record.id)
            return await show(payloads.without_picture(payload, i18n.translator(record.locale)))

    @staticmethod
    async def _send_board(channel: discord.PartialMessageable, payload: dict[str, Any]) -> discord.Message:
        """Post a board afresh; a slow post lends the turn's work slot (:func:`bot.core.turns.discord_request`)."""
        return await discord_request(channel.send(**payloads.for_send(payload)))
