"""Turn notices as followups of an interaction made in their channel, outside Discord's global limit.

Why: a turn notice (bot/core/slow/notify.py) is a NEW channel message, so no click's
``@original`` can be edited into it (bot/transport/edits.py); what can post it without
the bot token is a followup (``POST /webhooks/{app}/{token}``) of an
interaction that happened in that channel, while its token lives.  Posting and
deleting a notice with the bot token cost two requests of the global limit per
turn; as a followup, none.  Without a live token, or when Discord refuses
one, the bot token does it as before.

Tokens are kept in memory only (never stored, never logged: :mod:`bot.runtime.logredact`):
after a restart notices go with the bot token until the channel's next click.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.turns import discord_request
from bot.transport import wire
from bot.transport.edits import PRUNE_EVERY, REUSE, UNKNOWN_MESSAGE, Token
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)


@dataclass(eq=False, slots=True)
class _Seen:
    """An interaction seen in a server channel, not yet known to have been answered in public."""

    token: Token
    response: discord.InteractionResponse[Any]  # read later: the handler answers after the listener saw it
    on_private: bool  # clicked on an ephemeral message: its followups would answer a message only one user sees
    filled: bool = False  # a deferred "thinking…" answer was edited into a public message (Tokens.remember)


class ChannelTokens:
    """The freshest interaction token of each server channel that may post a followup there.

    Why: a turn notice posted with the bot token costs two requests of the
    global limit (the post and its deletion); as a followup of an interaction
    made in the same channel (``POST /webhooks/{app}/{token}``) it costs none.
    A followup lands in the channel of its interaction, so a DM click's token
    is never one of these (its followups would land in that DM).

    Only a token whose interaction was answered with a *public* message is
    used: a click on a board or lobby acknowledged with a (deferred) update, or
    a command whose "thinking…" became a public message (``/<game> new``,
    ``/game status``: :meth:`filled`).  Discord shows a followup as an answer to
    its interaction; one answering a private reply ("Details", "My hand") would
    point at a message the channel cannot see, and the first followup after a
    deferral still "thinking…" would *replace* that message.

    Interactions are seen by an ``on_interaction`` listener before their
    handler answers, so the answer is read when the token is wanted.  One
    unjudged interaction is held per channel, and the last public one as a bare
    :class:`Token`: memory stays a few objects per active channel.  Nothing is
    stored on disk or logged.
    """

    def __init__(self, *, reuse: float = REUSE, clock: Callable[[], float] = time.monotonic) -> None:
        self.reuse = reuse  # 0: no token outlives its own interaction's handling, so none is used for a notice
        self.clock = clock
        self._ready: dict[int, Token] = {}  # channel -> the freshest token known to have answered in public
        self._pending: dict[int, _Seen] = {}  # channel -> the newest interaction, answer not judged yet
        self._by_token: dict[str, _Seen] = {}
        self._since_prune = 0

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The ``on_interaction`` listener (a coroutine, as discord.py wants one)."""
        self.seen(interaction)

    def seen(self, interaction: discord.Interaction) -> None:
        """An interaction arrived: in a server channel, it may be that channel's next followup token."""
        kinds = (discord.InteractionType.application_command, discord.InteractionType.component,
                 discord.InteractionType.modal_submit)  # autocomplete answers with choices, never a message
        channel_id = interaction.channel_id
        if (self.reuse <= 0 or interaction.guild_id is None or channel_id is None or interaction.type not in kinds
                or interaction.application_id is None or not interaction.token):
            return
        self._judge(channel_id)  # the one before has answered by now (or never will in public)
        message = interaction.message
        seen = _Seen(
            Token(interaction.application_id, interaction.token, self.clock() + self.reuse),
            interaction.response,
            on_private=message is not None and message.flags.ephemeral,
        )
        self._pending[channel_id] = seen
        self._by_token[seen.token.token] = seen
        self._since_prune += 1
        if self._since_prune >= PRUNE_EVERY:
            self._prune()

    def filled(self, token: str) -> None:
        """``token``'s deferred answer became a public message (the bot edited its ``@original`` into one)."""
        seen = self._by_token.get(token)
        if seen is not None:
            seen.filled = True

    def get(self, channel_id: int) -> Token | None:
        """The freshest live token that may post a followup in ``channel_id``, if any."""
        self._judge(channel_id, final=False)
        token = self._ready.get(channel_id)
        if token is not None and token.until <= self.clock():
            del self._ready[channel_id]
            return None
        return token

    def drop(self, channel_id: int, token: Token) -> None:
        """Discord refused ``token``: never try it again."""
        if self._ready.get(channel_id) is token:
            del self._ready[channel_id]

    def _judge(self, channel_id: int, *, final: bool = True) -> None:
        """Promote the channel's pending interaction if it answered in public; forget it if it cannot any more."""
        seen = self._pending.get(channel_id)
        if seen is None:
            return
        public = _answered_in_public(seen)
        if public is None and not final:
            return  # not answered yet: ask again later
        del self._pending[channel_id]
        self._by_token.pop(seen.token.token, None)
        if public:
            self._ready[channel_id] = seen.token

    def _prune(self) -> None:
        now = self.clock()
        self._ready = {c: t for c, t in self._ready.items() if t.until > now}
        for channel_id in [c for c, s in self._pending.items() if s.token.until <= now]:
            self._by_token.pop(self._pending.pop(channel_id).token.token, None)
        self._since_prune = 0


def _answered_in_public(seen: _Seen) -> bool | None:
    """Whether the interaction's answer is a public message its followups may follow; None: not known yet."""
    kind = seen.response.type
    if kind is None:
        return None
    if kind in (discord.InteractionResponseType.deferred_message_update,
                discord.InteractionResponseType.message_update):
        return not seen.on_private  # a board or lobby click (a DM click never gets here: no guild)
    if kind is discord.InteractionResponseType.deferred_channel_message:
        return True if seen.filled else None  # still "thinking…" (or about to be edited): ask again later
    return False  # a reply (Kado's are private), a modal, ...


class Followups:
    """Channel messages posted, edited and deleted as followups of the channel's freshest interaction.

    Discord: a followup is edited or deleted "from the same token" (Edit
    Webhook Message), so each message keeps the token that posted it, and is
    edited or deleted with the bot token once that token is past its use
    (:data:`REUSE`) or refused.  Without a live channel token, or when Discord
    refuses it, the bot token posts as before.
    """

    def __init__(self, client: discord.Client, channels: ChannelTokens) -> None:
        self.client = client
        self.channels = channels
        self._posted: dict[int, Token] = {}  # message -> the token that posted it
        self._since_prune = 0

    async def send(self, channel_id: int, content: str, mentions: discord.AllowedMentions) -> int:
        """Post ``content`` (pinging only whom ``mentions`` allows); the new message's id."""
        token = self.channels.get(channel_id)
        if token is not None:
            try:
                message_id = await discord_request(
                    wire.send_followup(self.client, token.app, token.token, content, mentions)
                )
            except discord.HTTPException:
                self.channels.drop(channel_id, token)  # expired, unknown, or Discord failed: the bot token now
            else:
                self._posted[message_id] = token
                self._since_prune += 1
                if self._since_prune >= PRUNE_EVERY:
                    self._prune()
                return message_id
        channel = self.client.get_partial_messageable(channel_id)
        message = await discord_request(channel.send(content, allowed_mentions=mentions))
        return message.id

    async def edit(self, channel_id: int, message_id: int, content: str, mentions: discord.AllowedMentions) -> None:
        """Edit its text; ``NotFound`` when the message is gone."""
        token = self._live(message_id)
        if token is not None:
            try:
                await discord_request(
                    wire.edit_followup(self.client, token.app, token.token, message_id, content, mentions)
                )
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_MESSAGE:
                    raise
            except discord.HTTPException:
                pass
            self._posted.pop(message_id, None)  # refused: the bot token from now on
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        await discord_request(message.edit(content=content, allowed_mentions=mentions))

    async def delete(self, channel_id: int, message_id: int) -> None:
        """Delete it; a message already gone (a moderator was quicker) is no error."""
        token = self._live(message_id)
        self._posted.pop(message_id, None)
        if token is not None:
            try:
                await discord_request(wire.delete_followup(self.client, token.app, token.token, message_id))
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_MESSAGE:
                    return
            except discord.HTTPException:
                pass
        with contextlib.suppress(discord.NotFound):
            message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
            await discord_request(message.delete())

    def sender(self, channel_id: int) -> Callable[[int | None, str], Awaitable[int | None]]:
        """A running post's sender for a channel (``bot.frontend.presenting.board_position.Send``), through its tokens.

        Why: a game's moments message (one below the board, edited with each
        move's lines) went by the bot token: in a game played in DMs nobody
        clicks in its channel after Start, so it was a bot-token edit most moves
        (the request budget).  Posted as a followup of the channel's
        freshest interaction, it is edited by that token while it lives, as the
        turn notices are.  A refusal for good (no permission, the channel gone)
        is a line, not a traceback; a deleted message raises ``NotFound`` on its
        edit, so that the caller posts a new one.  No line pings anyone.
        """

        async def send(message_id: int | None, content: str) -> int | None:
            mentions = discord.AllowedMentions.none()
            try:
                if message_id is None:
                    return await self.send(channel_id, content, mentions)
                await self.edit(channel_id, message_id, content, mentions)
                return message_id
            except discord.NotFound:
                if message_id is not None:
                    raise
                log.warning("could not post to channel %s: it is gone", channel_id)
            except discord.Forbidden as exc:
                log.warning("could not post to channel %s: %s", channel_id, exc)
            except SEND_ERRORS:
                log.exception("could not show a moment in channel %s", channel_id)
            return None

        return send

    def _live(self, message_id: int) -> Token | None:
        token = self._posted.get(message_id)
        if token is not None and token.until <= self.channels.clock():
            del self._posted[message_id]
            return None
        return token

    def _prune(self) -> None:
        now = self.channels.clock()
        self._posted = {m: t for m, t in self._posted.items() if t.until > now}
        self._since_prune = 0
