"""A move click's one answer: its message already changed, when the move is shown soon; else a deferred update.

Why: Discord wants every click answered within 3 s.  Answered at once with a
deferred update (type 6), a move cost two requests in a row before the player
saw it: that callback, then the edit of the clicked message through the
click's token (``PATCH @original``), each a round trip to Discord (far
longer on the real API than the move itself).  Answered with
the clicked message changed (UPDATE_MESSAGE, type 7), it costs one, and the
player's button stops spinning as the move appears.

So a move click is answered by whichever comes first: the clicked message's
new content (the board after a board click, the clicker's DM after a DM
click), sent by :class:`bot.transport.edits.Editor` through :meth:`ClickAnswer.update`;
or, once ``within`` seconds have passed without it (a picture queued behind
others, a slow save), a deferred update, after which the message is edited
through the token as before.  A click that changes no message it is on (a
refusal, a hidden pick that leaves the board as it was) is answered when its
handler ends: a refusal as its ephemeral reply, anything else by a deferred
update.  Nothing is shown before its move is saved: the update is the
presenter's, after the commit.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import weakref
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot.core.turns import discord_request
from bot.runtime import metrics
from bot.transport import wire

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062  # Discord's code for an interaction past its 3 s (or unknown)


class ClickAnswer:
    """The answer to one move click: sent once, as an UPDATE_MESSAGE if one comes in time, else a deferred update."""

    __slots__ = (
        "_answered", "_click_task", "_context", "_deferring", "_expired", "_interaction", "_timer", "_updating",
        "message_id",
    )

    def __init__(self, interaction: discord.Interaction, within: float) -> None:
        """``within``: seconds to wait for the message's new content (``Settings.answer_within``, 0.25 by default:
        long enough for a move whose picture is drawn, or a board that waited for a round trip to Discord; far
        from Discord's 3 s; ``bench.clicks.openloop --rtt 100`` shows it faster to the click's screen than a shorter
        wait, docs/performance.md); 0: no deadline, the caller settles the click itself (at once)."""
        self._interaction = interaction
        message = getattr(interaction, "message", None)
        # the message the click was on, which the move's edit of it answers; an ephemeral one its handler shows
        self.message_id: int | None = None if message is None or message.flags.ephemeral else message.id
        task = asyncio.current_task()
        # weakly: the task's frames hold this answer (it is handed down the click's path), and its requests hold it
        self._click_task = None if task is None else weakref.ref(task)
        # The requests run in the click's context as it is now (its clock for bot.runtime.metrics), without what is
        # added later to it (bot.transport.edits marks the clicked message there).
        self._context = contextvars.copy_context()
        self._deferring: asyncio.Future[None] | None = None  # the deferred update, once started (done once sent)
        self._updating: asyncio.Future[None] | None = None  # the UPDATE_MESSAGE, once started
        self._timer: asyncio.TimerHandle | None = None
        self._answered: list[Callable[[], None]] = []
        self._expired = False  # Discord said the click is past its 3 s (10062): no callback may be sent any more
        if within > 0:
            self._timer = asyncio.get_running_loop().call_later(within, self._defer, context=self._context)

    def when_answered(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once Discord has the click's answer (whichever it was)."""
        self._answered.append(callback)

    @property
    def open(self) -> bool:
        """The callback is still free: nothing was sent, or only an update that failed (and may be tried again)."""
        return not self._expired and self._deferring is None and (self._updating is None or self._update_failed())

    async def update(self, payload: dict[str, Any]) -> bool:
        """Answer the click with its message changed to ``payload``; False if a deferred update went first.

        After False, the caller edits the message through the click's token
        as usual (the deferred update is answered by then).  Raises what the
        callback raises; the click is then answered by :meth:`settle`.
        """
        if not self.open:
            await self._deferred()
            return False
        self._stop_timer()
        self._updating = _spawn(wire.update_message(self._interaction, payload), self._context)
        # answered when Discord answers, not when this task has its work slot back (a lent slot may be busy)
        self._updating.add_done_callback(self._update_done)
        await discord_request(asyncio.shield(self._updating))
        return True

    async def settle(self) -> None:
        """Make sure the click is answered: by a deferred update now if nothing was sent, or if the update failed.

        Sent from this task, not a task of its own: one would leave only when
        this task first waits, behind the loop's other work (bench.clicks.latency
        with ``KADO_ANSWER_WITHIN=0``: about twice as slow at the 99th percentile).
        """
        if self.open:
            self._stop_timer()
            sent = self._deferring = asyncio.get_running_loop().create_future()
            try:
                await self._send_deferred()
            finally:
                sent.set_result(None)
        await self._deferred()

    async def before_reply(self) -> None:
        """The handler answers the click itself (a refusal): no deferred update from now on, and one on its way is
        waited for, so the reply sees the click answered (and becomes a followup)."""
        self._stop_timer()
        await self._deferred()

    # -- inside ---------------------------------------------------------------------------------------------

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _defer(self) -> None:
        self._timer = None
        if self.open:
            self._deferring = _spawn(self._send_deferred(), self._context)

    async def _send_deferred(self) -> None:
        try:
            await wire.ack_update(self._interaction)
        except discord.InteractionResponded:
            return
        except Exception as exc:  # expired (10062) or the connection dropped: the move stands, the edits fall back
            if self.expired_by(exc):  # a bot past its capacity: one line, not a traceback per click
                log.warning("the click of interaction %s was answered after Discord's 3 s", self._interaction.id)
            else:
                log.warning("could not acknowledge the click of interaction %s", self._interaction.id, exc_info=True)
            return
        self._acked()

    def expired_by(self, exc: BaseException) -> bool:
        """``exc`` says the click is past Discord's deadline (10062): it is then never sent another callback.

        Why: under load a click may be handled after its 3 s; its failed
        UPDATE_MESSAGE was followed by a deferred update certain to fail the
        same way (a doomed request and a second traceback per late click, at
        the moment the bot is busiest).  Its message is edited through the
        freshest token that still lives, or the bot token (:mod:`bot.transport.edits`).
        """
        if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_INTERACTION:
            self._expired = True
            self._stop_timer()
        return self._expired

    def _update_done(self, update: asyncio.Task[None]) -> None:
        if not update.cancelled() and update.exception() is None:
            self._acked()

    def _acked(self) -> None:
        callbacks, self._answered = self._answered, []
        for callback in callbacks:
            callback()
        task = None if self._click_task is None else self._click_task()
        if task is not None:
            metrics.click_acked(task)

    async def _deferred(self) -> None:
        if self._deferring is not None:
            await asyncio.shield(self._deferring)

    def _update_failed(self) -> bool:
        update = self._updating
        return update is not None and update.done() and (update.cancelled() or update.exception() is not None)


def _spawn(request: Coroutine[Any, Any, None], context: contextvars.Context) -> asyncio.Task[None]:
    return asyncio.get_running_loop().create_task(request, context=context)
