"""Message edits through an interaction token when one may make them, else with the bot token.

Why: Discord's global limit — 50 requests a second per bot, shared by all its
processes — counts every bot-token request, while the interaction endpoints
(the callback and the webhook routes an interaction token opens,
``/webhooks/{app}/{token}/…``) are not bound to it.  A click's token may edit
the message the clicked button is on (its ``@original`` after the deferred
update), and a command's token the message its response became, for 15
minutes.  So a board the player just clicked, or the DM message they just
clicked, is edited through the click's own token: a move costs no bot-token
request for it.  Later changes of the same message (another player's move,
an AI's, a timeout) go through the freshest token remembered for it, while it
lives (:data:`REUSE`); without one, or when Discord refuses the token, the
bot token edits it as before.

Tokens are kept in memory only (never stored, never logged: :mod:`bot.runtime.logredact`),
one per message: a restart just falls back to the bot token until the next click.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import weakref
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.core.turns import discord_request
from bot.transport import wire
from bot.transport.acks import ClickAnswer
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)

REUSE = 14 * 60.0
"""Seconds a token is used after its interaction arrived: Discord's 15 minutes, less a minute of margin
(``KADO_TOKEN_REUSE``; 0: a click's token edits only that click's own message, as it is handled).

A token used after it expired costs a refused request (401, which also counts
towards Discord's invalid-request limit) and a second one with the bot token,
so it is dropped well before."""

UNKNOWN_MESSAGE = 10008
PRUNE_EVERY = 512  # remembered tokens between two sweeps of the expired ones

OWN_CLICK = 60.0
"""With ``reuse`` 0 (only a click's own message, while the click is handled): how long that may take at most."""

# (the click's task, the message it was on), read only with reuse 0 (:meth:`Tokens.get`): a task spawned
# meanwhile (an AI's turn) copies the context, and is not that click.  The task is held weakly: the task holds
# its context, so a strong reference would make every click's task, coroutine and context a reference cycle,
# left for the collector's pauses to free.  The click's *answer* is never here: it is a parameter, handed
# from the click's handler down to the edit that sends it (:meth:`Editor.edit`).
_clicked: ContextVar[tuple[weakref.ref[asyncio.Task[Any]], int] | None] = ContextVar(
    "kado_clicked_message", default=None
)


def clicked_message() -> int | None:
    """The message whose click this task is handling, if any: the clicker looks at it, so it is edited first."""
    clicked = _clicked.get()
    if clicked is None or clicked[0]() is not asyncio.current_task():
        return None
    return clicked[1]


async def answer_click_on(answer: ClickAnswer | None, message_id: int) -> None:
    """If ``answer`` is a click's on ``message_id``, answer it now (a deferred update), while that message stands.

    Why: a message about to be deleted (a buried board posted again:
    bot.frontend.presenting.buried) can no longer be a click's answer, and Discord refuses
    even a deferred update for a click on a deleted message.
    """
    if answer is not None and answer.message_id == message_id:
        await answer.settle()


class Channels(Protocol):
    """Told when a token's deferred answer became a public message (:class:`bot.transport.followups.ChannelTokens`)."""

    def filled(self, token: str) -> None:
        """``token``'s deferred "thinking…" became a public message: its followups may follow it in the channel now."""


@dataclass(frozen=True, slots=True)
class Token:
    """An interaction token able to edit one message (its ``@original``), and until when it is used."""

    app: int
    token: str
    until: float  # on :attr:`Tokens.clock`


class Tokens:
    """The freshest interaction token for each message it may edit."""

    def __init__(
        self,
        *,
        reuse: float = REUSE,
        clock: Callable[[], float] = time.monotonic,
        channels: Channels | None = None,
    ) -> None:
        self.reuse = reuse
        self.clock = clock
        self.channels = channels  # told which tokens now answer with a public message (their followups may post)
        self._by_message: dict[int, Token] = {}
        self._since_prune = 0

    def __len__(self) -> int:
        return len(self._by_message)

    def remember(self, message_id: int, app: int | None, token: str | None) -> None:
        """``token`` (just received) may edit ``message_id`` from now on; it replaces an older one."""
        if app is None or not token:
            return
        if self.channels is not None:
            self.channels.filled(token)
        self._by_message[message_id] = Token(app, token, self.clock() + (self.reuse if self.reuse > 0 else OWN_CLICK))
        self._since_prune += 1
        if self._since_prune >= PRUNE_EVERY:
            self._prune()

    def remember_click(self, interaction: discord.Interaction, answer: ClickAnswer | None = None) -> None:
        """A component click: its token edits the clicked message (once ``answer``, if given, is sent: the move's
        first edit of that message is the click's answer, :meth:`Editor.edit`).

        An ephemeral message is left out: it is edited through the click
        itself (``edit_original_response``), never by the presenter.
        """
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            remember = functools.partial(self.remember, message.id, interaction.application_id, interaction.token)
            if answer is None:
                remember()
            else:  # the token edits @original only once the click is answered: until then Discord says 404
                answer.when_answered(remember)
            task = asyncio.current_task()
            if task is not None:
                _clicked.set((weakref.ref(task), message.id))

    def get(self, message_id: int) -> Token | None:
        """A live token that may edit ``message_id``, or None: the caller then edits with the bot token."""
        token = self._by_message.get(message_id)
        if token is not None and token.until <= self.clock():
            del self._by_message[message_id]
            return None
        clicked = _clicked.get()  # (the request may run in a task of its own: this context, not this task)
        if self.reuse <= 0 and (clicked is None or clicked[1] != message_id):
            return None  # reuse off: a token edits only its own click's message, as that click is handled
        return token

    def drop(self, message_id: int, token: Token) -> None:
        """Discord refused ``token``: never try it again (a newer one for the message stays)."""
        if self._by_message.get(message_id) is token:
            del self._by_message[message_id]

    def forget(self, message_ids: list[int | None]) -> None:
        """The messages of a session that ended: their tokens are of no more use."""
        for message_id in message_ids:
            if message_id is not None:
                self._by_message.pop(message_id, None)

    def _prune(self) -> None:
        now = self.clock()
        self._by_message = {m: t for m, t in self._by_message.items() if t.until > now}
        self._since_prune = 0


class Editor:
    """Edits a message by id with a payload (``content``/``embed``/``view``/``attachments`` kwargs)."""

    def __init__(self, client: discord.Client, tokens: Tokens) -> None:
        self.client = client
        self.tokens = tokens

    async def edit(
        self, channel_id: int, message_id: int, payload: dict[str, Any], answer: ClickAnswer | None = None
    ) -> None:
        """Edit through the message's token if one is live, else (or if Discord refuses it) with the bot token.

        ``answer``: the answer of the click whose move this edit shows.  When
        that click was on this message and is not answered yet, it is answered
        with the message changed (:mod:`bot.transport.acks`), and nothing more is sent.

        Raises what the bot-token edit raises, and, from the token edit,
        ``NotFound`` for a deleted message (the caller posts it again) and
        ``Forbidden`` (a picture where the app may not attach files: the caller
        shows it without).  Nothing here parses Discord's reply into a
        ``Message``: nothing reads it, and that parse was a tenth of a
        click's CPU (docs/performance.md).
        """
        if answer is not None and answer.message_id == message_id and await self._answer(answer, payload):
            return
        token = self.tokens.get(message_id)
        if token is not None:
            try:
                await self._edit_by_token(token, payload)
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_MESSAGE:
                    raise
                self.tokens.drop(message_id, token)  # 10015 Unknown Webhook: the token is no good
            except discord.Forbidden:
                raise
            except discord.HTTPException:
                self.tokens.drop(message_id, token)  # 401/50027 expired, or Discord failed: the bot token next
            _rewind(payload)
        previous = self.client.allowed_mentions if "content" in payload else None
        with discord.http.handle_message_parameters(previous_allowed_mentions=previous, **payload) as params:
            # a slow round trip (or a rate limit's sleep) lends the work slot to the next channel
            await discord_request(self.client.http.edit_message(channel_id, message_id, params=params))

    @staticmethod
    async def _answer(answer: ClickAnswer, payload: dict[str, Any]) -> bool:
        """The clicked message shown as the click's answer; False: edit it as any other (the click was answered
        already, or the answer failed: the click is then acknowledged apart, :meth:`ClickAnswer.settle`)."""
        try:
            return await answer.update(payload)
        except discord.Forbidden:
            raise  # a picture where the app may not attach files: the caller shows it without, answering with that
        except SEND_ERRORS as exc:
            if answer.expired_by(exc):  # past Discord's 3 s (a busy bot): one line; no deferred update follows
                log.warning("a click was answered after Discord's 3 s; editing its message instead")
            else:
                log.warning("could not answer a click with its message; editing it instead", exc_info=True)
            _rewind(payload)
            return False

    async def _edit_by_token(self, token: Token, payload: dict[str, Any]) -> None:
        # bot.transport.wire, not discord.py's webhook adapter: the same request and errors for a fraction of the CPU
        await discord_request(wire.edit_original(self.client, token.app, token.token, payload))


def _rewind(payload: dict[str, Any]) -> None:
    """Put the payload's files back at their start: the refused request read them."""
    for file in payload.get("attachments") or ():
        if isinstance(file, discord.File):
            file.reset()

