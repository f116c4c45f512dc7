"""Private delivery: one DM message per player per game, kept current by editing it.

Why one message: Discord's DM anti-spam watches bots that open DM channels or
send many DMs; editing a single message per game is quiet, and the player
always finds their hand and their buttons in the same place.  The DM channel
id and message id are stored with the seat, so after a restart we edit the
same message instead of opening a new channel.

When a player's DMs are closed (Discord error 50007) the seat is marked, and
the player uses the board's "My hand" button (an ephemeral reply) instead, which
then follows the game in place (:mod:`bot.frontend.presenting.hand_replies`); their turn
notice in the channel (:mod:`bot.core.slow.notify`) says so, without hidden content.
A player may open their DMs mid-game: the DM is tried again when they press
"My hand" or their turn comes, at most once every :data:`DM_RETRY_EVERY`
seconds per player (each refusal is a request Discord's anti-spam counts).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.core.store import SeatRecord, SessionRecord, Store
from bot.frontend.ui import payloads
from bot.transport.acks import ClickAnswer
from bot.transport.edits import Editor

if TYPE_CHECKING:
    from discord.abc import Messageable

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
KNOWN_DM_CHANNELS = 50_000  # players whose DM channel id is kept in memory (a few MB at most)
DM_RETRY_EVERY = 180.0  # seconds between two tries of a player's closed DMs (KADO_DM_RETRY for tests)
OPENING_AT_ONCE = 8  # DM channels opened ahead at once: with the real API's round trip, about its bucket's rate


class Delivery:
    """The DM side of the presenter: one message per player per game, sent once, then edited in place.

    It remembers, per process, what each DM shows (an unchanged screen costs no
    request) and each player's DM channel (opening one is a request Discord's
    anti-spam counts); a restart forgets both and finds the message from the seat.
    """

    def __init__(
        self, client: discord.Client, store: Store, editor: Editor, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.client = client
        self.clock = clock
        self.retry_every = DM_RETRY_EVERY
        self._refused: dict[int, float] = {}  # user id -> when their DMs last refused a message (clock)
        self._retrying: set[tuple[int, int]] = set()  # (session, seat): a closed seat being tried again
        self.store = store
        self.editor = editor  # the player's own last click edits their DM when it can (bot.transport.edits)
        self._sent: dict[tuple[int, int], str] = {}  # (session, seat) -> digest of what the DM shows
        self._dm_channels: dict[int, int] = {}  # user id -> their DM channel's id, oldest first
        self._opening: dict[int, asyncio.Task[None]] = {}  # user id -> their DM channel being opened ahead
        self._opening_slots = asyncio.Semaphore(OPENING_AT_ONCE)

    def forget(self, session_id: int) -> None:
        """The game ended: drop what its DMs were showing (the players' DM channels stay known)."""
        for key in [k for k in self._sent if k[0] == session_id]:
            del self._sent[key]

    def forget_user(self, user_id: int) -> None:
        """Drop what is kept in memory of ``user_id`` (``/game forget-me``): their DM channel, one being opened."""
        self._dm_channels.pop(user_id, None)
        self._refused.pop(user_id, None)
        opening = self._opening.pop(user_id, None)
        if opening is not None:
            opening.cancel()

    def retry_closed(self, record: SessionRecord, seat: SeatRecord) -> bool:
        """Unmark a DM-closed seat for one more try, if its player's last refusal is old enough; True if so.

        The caller then sends the seat's screen as usual (:meth:`send`): it
        reaches the DM and the seat stays unmarked (saved), or the seat is
        marked closed again and the next try waits :attr:`retry_every` more.
        """
        if not seat.dm_closed or seat.user_id is None:
            return False
        last = self._refused.get(seat.user_id)
        if last is not None and self.clock() - last < self.retry_every:
            return False
        self._refused[seat.user_id] = self.clock()
        seat.dm_closed = False
        self._retrying.add((record.id, seat.seat))
        return True

    async def send(
        self, record: SessionRecord, seat: SeatRecord, payload: dict[str, Any], answer: ClickAnswer | None = None
    ) -> bool:
        """Show ``payload`` in the seat's DM message.  False when the player's DMs are closed.

        ``answer``: the click on this DM whose move it shows; the edit is its answer (:meth:`Editor.edit`).
        """
        if seat.user_id is None or seat.dm_closed:
            return False
        key = (record.id, seat.seat)
        digest = payloads.digest(payload)
        if self._sent.get(key) == digest and seat.dm_message_id is not None:
            return True
        if seat.dm_channel_id is not None and seat.user_id not in self._dm_channels:
            self._remember_channel(seat.user_id, seat.dm_channel_id)  # one stored before a restart, say
        try:
            if seat.dm_message_id is not None and seat.dm_channel_id is not None:
                try:
                    await self.editor.edit(seat.dm_channel_id, seat.dm_message_id, payload, answer)
                except discord.NotFound:
                    seat.dm_message_id = None
            if seat.dm_message_id is None:
                message = await self._first_message(seat, payload)
                seat.dm_message_id = message.id
                await self.store.set_dm(record, seat)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            seat.dm_closed = True
            self._retrying.discard(key)
            self._refused[seat.user_id] = self.clock()
            await self.store.set_dm(record, seat)
            log.info("DMs closed for seat %s of session %s; using the ephemeral path", seat.seat, record.id)
            return False
        self._sent[key] = digest
        if key in self._retrying:  # open again: stored, so a restart does not take them back to "My hand"
            self._retrying.discard(key)
            await self.store.set_dm(record, seat)
            log.info("DMs open again for seat %s of session %s", seat.seat, record.id)
        return True

    def open_soon(self, user_ids: Iterable[int]) -> None:
        """Open these players' DM channels in the background, unless known: they joined a game played in DMs.

        Why ahead: a game's start posts every player's first DM message while it
        holds its channel, and for a player the bot has not written to yet that
        post first needs their DM channel opened, a round trip more, in one
        rate-limit bucket for the whole bot (many players starting their first
        games at once queued there for seconds: ``bench.clicks.openloop --trace``).  A
        lobby waits for people anyway; opening the channel then takes it out of
        the start.  Opening a channel sends the player nothing.  A failure is
        only logged: the start opens the channel itself, as before.
        """
        for user_id in user_ids:
            if user_id in self._dm_channels or user_id in self._opening:
                continue
            task = asyncio.get_running_loop().create_task(self._open_ahead(user_id))
            self._opening[user_id] = task
            task.add_done_callback(lambda _t, u=user_id: self._opening.pop(u, None))

    async def _open_ahead(self, user_id: int) -> None:
        async with self._opening_slots:
            if user_id in self._dm_channels:
                return
            try:
                data = await self.client.http.start_private_message(user_id)
            except Exception:  # best effort, whatever went wrong: the start opens the channel itself
                log.info("could not open the DM channel of user %s ahead of a start", user_id, exc_info=True)
                return
            self._remember_channel(user_id, int(data["id"]))

    async def _first_message(self, seat: SeatRecord, payload: dict[str, Any]) -> discord.Message:
        """Post the seat's DM message, in the player's DM channel: the one they had last game when known.

        Why keep the channel: a player's DM channel with the bot never changes,
        and opening it (``POST /users/@me/channels``) costs a bot-token request
        and a round trip per player per game.  It is also one rate-limit bucket
        for the whole bot, which discord.py sends one request at a time until
        Discord's headers say more: games starting together queued there
        (``bench.clicks.openloop --rtt 100 --trace``: a start held its channel for up
        to a minute).  A kept channel Discord no longer knows is opened afresh.
        """
        assert seat.user_id is not None
        opening = self._opening.get(seat.user_id)
        if opening is not None and seat.dm_channel_id is None:
            # being opened ahead (open_soon): wait for it (one request, not two), whatever becomes of it
            await asyncio.wait([opening])
        known = seat.dm_channel_id or self._dm_channels.get(seat.user_id)
        if known is not None:
            try:
                message = await self._channel(known).send(**payloads.for_send(payload))
            except discord.NotFound:
                self._dm_channels.pop(seat.user_id, None)
            else:
                seat.dm_channel_id = known
                self._remember_channel(seat.user_id, known)
                return message
        data = await self.client.http.start_private_message(seat.user_id)
        seat.dm_channel_id = int(data["id"])
        self._remember_channel(seat.user_id, seat.dm_channel_id)
        return await self._channel(seat.dm_channel_id).send(**payloads.for_send(payload))

    def _remember_channel(self, user_id: int, channel_id: int) -> None:
        self._dm_channels.pop(user_id, None)
        self._dm_channels[user_id] = channel_id
        if len(self._dm_channels) > KNOWN_DM_CHANNELS:
            del self._dm_channels[next(iter(self._dm_channels))]

    @staticmethod
    def message_link(seat: SeatRecord) -> str | None:
        """A link that opens the seat's DM message (for its turn notice); None if it has none (DMs closed)."""
        if seat.dm_closed or seat.dm_channel_id is None or seat.dm_message_id is None:
            return None
        return f"https://discord.com/channels/@me/{seat.dm_channel_id}/{seat.dm_message_id}"

    def _channel(self, channel_id: int) -> Messageable:
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
