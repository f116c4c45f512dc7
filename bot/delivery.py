"""Private delivery: one DM message per player per game, kept current by editing it.

Why one message: Discord's DM anti-spam watches bots that open DM channels or
send many DMs; editing a single message per game is quiet, and the player
always finds their hand and their buttons in the same place.  The DM channel
id and message id are stored with the seat, so after a restart we edit the
same message instead of opening a new channel.

When a player's DMs are closed (Discord error 50007) the seat is marked, and
the player uses the board's "My hand" button (an ephemeral reply) instead; their
turn notice in the channel (:mod:`bot.notify`) says so, without hidden content.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.edits import Editor
from bot.store import SeatRecord, SessionRecord, Store
from bot.ui import payloads

if TYPE_CHECKING:
    from discord.abc import Messageable

log = logging.getLogger(__name__)

DMS_CLOSED = 50007


class Delivery:
    def __init__(self, client: discord.Client, store: Store, editor: Editor) -> None:
        self.client = client
        self.store = store
        self.editor = editor  # the player's own last click edits their DM when it can (bot.edits)
        self._sent: dict[tuple[int, int], str] = {}  # (session, seat) -> digest of what the DM shows

    def forget(self, session_id: int) -> None:
        for key in [k for k in self._sent if k[0] == session_id]:
            del self._sent[key]

    async def send(self, record: SessionRecord, seat: SeatRecord, payload: dict[str, Any]) -> bool:
        """Show ``payload`` in the seat's DM message.  False when the player's DMs are closed."""
        if seat.user_id is None or seat.dm_closed:
            return False
        key = (record.id, seat.seat)
        digest = payloads.digest(payload)
        if self._sent.get(key) == digest and seat.dm_message_id is not None:
            return True
        try:
            if seat.dm_message_id is not None and seat.dm_channel_id is not None:
                try:
                    await self.editor.edit(seat.dm_channel_id, seat.dm_message_id, payload)
                except discord.NotFound:
                    seat.dm_message_id = None
            if seat.dm_message_id is None:
                if seat.dm_channel_id is None:
                    data = await self.client.http.start_private_message(seat.user_id)
                    seat.dm_channel_id = int(data["id"])
                message = await self._channel(seat.dm_channel_id).send(**payloads.for_send(payload))
                seat.dm_message_id = message.id
                await self.store.set_dm(record, seat)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            seat.dm_closed = True
            await self.store.set_dm(record, seat)
            log.info("DMs closed for seat %s of session %s; using the ephemeral path", seat.seat, record.id)
            return False
        self._sent[key] = digest
        return True

    @staticmethod
    def message_link(seat: SeatRecord) -> str | None:
        """A link that opens the seat's DM message (for its turn notice); None if it has none (DMs closed)."""
        if seat.dm_closed or seat.dm_channel_id is None or seat.dm_message_id is None:
            return None
        return f"https://discord.com/channels/@me/{seat.dm_channel_id}/{seat.dm_message_id}"

    def _channel(self, channel_id: int) -> Messageable:
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
