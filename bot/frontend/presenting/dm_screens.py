"""Each player's own screen of a game, in their DM: built from their own view, kept current by editing it.

Split from :mod:`bot.frontend.presenting.presenter`, which shows what is public (the board, the
channel's posts): here is what one seat may know, and nothing else — its
view, its hand's picture drawn from that view, its choices, and the last few
private event lines addressed to it.  :class:`bot.frontend.presenting.delivery.Delivery` keeps
the one DM message per player that this edits.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot import i18n
from bot.core.games import get
from bot.core.names import shown_names
from bot.core.store import SeatRecord, SessionRecord
from bot.core.turns import discord_request
from bot.engine import Event
from bot.frontend.drawing import picture_jobs
from bot.frontend.drawing.picture_pool import PicturePool
from bot.frontend.presenting import results
from bot.frontend.presenting.delivery import Delivery
from bot.frontend.presenting.hand_replies import HandReplies
from bot.frontend.ui import payloads, seat_status
from bot.gamefacts import Game
from bot.transport.acks import ClickAnswer
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)

RECENT = 4
"""Private event lines a DM keeps (the newest last)."""

TIPS = 3
"""A tutorial's step lines a learner's DM shows (the newest last): those of the last change or two."""


def outcome_lines(spec: Game, events: list[Event], seat: int, names: list[str], tr: i18n.Tr) -> list[str]:
    """The game's lines of what a contest, steal or clash of ``events`` did to ``seat`` (``render.outcome``).

    Handed only what ``seat`` may know, the public events and those sent to it,
    so no line can tell it more.
    """
    outcome = getattr(spec.render, "outcome", None)
    if outcome is None:
        return []
    return outcome([e for e in events if e.to is None or seat in e.to], seat, names, tr)


class DmScreens:
    """Builds and sends each seat's screen from that seat's view alone, with its last private event lines.

    One instance per presenter: it holds those lines between moves (in memory
    only: a restart shows the screen without them) and the "My hand" replies
    that stand in for closed DMs.
    """

    def __init__(self, client: discord.Client, delivery: Delivery, pictures: PicturePool) -> None:
        self.client = client
        self.delivery = delivery
        self.pictures = pictures
        self.recent: dict[tuple[int, int], list[str]] = {}  # (session, seat) -> its last private event lines
        self.tips: dict[tuple[int, int], list[str]] = {}  # (session, seat) -> a tutorial's latest lines for it
        self.hands = HandReplies(client)  # DM-closed players' "My hand" replies, kept current in their place

    def remember(self, record: SessionRecord, events: list[Event]) -> set[int]:
        """Keep each human seat's lines of ``events`` addressed to it, for its next DM; the seats given some."""
        spec = get(record.game)
        names = shown_names(record)
        given: set[int] = set()
        for seat in record.seats:
            if seat.user_id is None:
                continue  # an AI's own seat; an AFK player's seat keeps its lines for their return
            tr = i18n.translator(seat.locale)
            mine = [e for e in events if e.to is not None and seat.seat in e.to]
            lines = [spec.render.event(e, names, tr, seat.seat) for e in mine]
            lines += outcome_lines(spec, events, seat.seat, names, tr)
            if lines:
                key = (record.id, seat.seat)
                self.recent[key] = (self.recent.get(key, []) + lines)[-RECENT:]
                given.add(seat.seat)
        return given

    def add_lines(self, record: SessionRecord, lines: dict[int, str]) -> None:
        """Platform lines for some seats' next DM screen (seat -> line; a rating change at the end)."""
        for seat, line in lines.items():
            key = (record.id, seat)
            self.recent[key] = [*self.recent.get(key, []), line][-RECENT:]

    def add_reason(self, record: SessionRecord) -> None:
        """The game's one line of why it ended as it did, for each player's last DM (in their language)."""
        spec = get(record.game)
        lines = {
            seat.seat: line
            for seat in record.seats
            if seat.user_id is not None
            and (line := results.decisive_reason(record, spec, i18n.translator(seat.locale)))
        }
        if record.end_reason == "kicked":  # a 2-player game a moderator ended: its taken-out player is told so
            lines.update(
                (seat.seat, i18n.translator(seat.locale)("dm.kicked_end"))
                for seat in record.seats
                if seat.user_id is not None and seat.user_id == record.ended_by
            )
        self.add_lines(record, lines)

    def add_tips(self, record: SessionRecord, tips: dict[int, list[str]]) -> None:
        """A tutorial's new step lines for its learner's DM, above the buttons: every line of this change
        (the end's recaps can be many), after those of the changes before while they fit in :data:`TIPS`."""
        for seat, lines in tips.items():
            key = (record.id, seat)
            kept = self.tips.get(key, [])[-max(0, TIPS - len(lines)):] if len(lines) < TIPS else []
            self.tips[key] = [*kept, *lines]

    def forget(self, session_id: int) -> None:
        """A finished session: its lines and what its DMs showed are no longer needed."""
        self.delivery.forget(session_id)
        self.hands.forget(session_id)
        for key in [k for k in self.recent if k[0] == session_id]:
            del self.recent[key]
        for key in [k for k in self.tips if k[0] == session_id]:
            del self.tips[key]

    async def payload(self, record: SessionRecord, seat: int) -> dict[str, Any]:
        """``seat``'s DM screen; its hand's picture kept or drawn by the picture pool (as boards' are)."""
        spec = get(record.game)
        tr = i18n.translator(record.seats[seat].locale)
        channel = self.client.get_channel(record.channel_id)
        channel_name = getattr(channel, "name", None)  # None (a deleted channel): the title names the game alone
        assert record.state is not None
        own = spec.rules.view(record.state, seat)  # once, for the picture's job and the words
        job = picture_jobs.hand_job(record, spec, tr, seat, own)
        picture = None if job is None else await self.pictures.picture(job)
        return payloads.private(
            record, spec, seat, tr, channel_name, self.recent.get((record.id, seat)), picture=picture, view=own,
            tips=self.tips.get((record.id, seat)),
        )

    @staticmethod
    def clicker(record: SessionRecord, answer: ClickAnswer | None) -> SeatRecord | None:
        """The seat whose DM the click of ``answer`` was on (its player looks at it), if the click was in a DM."""
        clicked = None if answer is None else answer.message_id
        if clicked is None:
            return None
        return next((s for s in record.seats if s.user_id is not None and s.dm_message_id == clicked), None)

    async def update_all(
        self, record: SessionRecord, *, done: SeatRecord | None = None, answer: ClickAnswer | None = None,
        later: set[int] | frozenset[int] = frozenset(),
    ) -> None:
        """Bring every player's DM message up to date: the clicker's first, then the others' all at once.

        The clicker looks at their own DM (a DM click's message), so it goes
        first; the others' edits are one request each to a different DM
        channel, sent together rather than one after another, so the channel's
        turn (which waits for them) is held for the slowest, not their sum.
        An AFK player's seat (``ai_level`` set, ``user_id`` kept) is updated
        too: its fresh buttons are how they take the seat back.  A player whose
        DMs are closed is told so in their turn notice (the presenter's), once
        per turn, not once per message that could not be sent.
        ``done``: a seat whose DM this move already showed (the clicker's, before the board); ``answer``: the
        click whose move this shows (its DM, first, is its answer); ``later``: seats of a slow game whose
        refresh waits for their catch-up (:mod:`bot.frontend.presenting.slow.dm_refresh`).
        """
        if record.state is None:
            return
        seats = [s for s in record.seats if s.user_id is not None and s is not done and s.seat not in later]
        first = self.clicker(record, answer)
        if first is not None and first is not done:
            await self.update(record, first, answer=answer)
        others = [self.update(record, seat) for seat in seats if seat is not first]
        if others:  # as one request to Discord: a slow one lends the channel's work slot, as a single edit does
            await discord_request(asyncio.gather(*others))

    async def try_dm_again(self, record: SessionRecord, seat: SeatRecord) -> bool:
        """A DM-closed player asked for their hand: their DM is tried again (at most every few minutes).

        True when it reached them: from then on the game goes to their DM, as
        for everyone else (caller holds the channel's turn, as for any DM update).
        """
        if record.status != "active" or not self.delivery.retry_closed(record, seat):
            return False
        await self.update(record, seat)
        return not seat.dm_closed

    async def update(
        self,
        record: SessionRecord,
        seat: SeatRecord,
        *,
        built: asyncio.Future[None] | None = None,
        answer: ClickAnswer | None = None,
    ) -> None:
        """One seat's DM brought up to date (a failure is logged: the move stands); DMs closed: its "My hand".

        ``built``: done once its screen is built, right before it is sent (the presenter starts the rest
        of a move's showing then, so the clicker's answer is on its way first); ``answer``: the click of
        this seat's player, when this DM is the message it was on.
        """
        if seat.dm_closed and record.state is not None and seat.seat in get(record.game).rules.to_act(record.state):
            self.delivery.retry_closed(record, seat)  # their turn: their DMs may be open again (at most every few min)
        if seat.dm_closed and not self.hands.follows(record.id, seat.seat):
            if built is not None:  # nowhere to show it: no screen is built (its picture is not drawn)
                built.set_result(None)
            return
        payload = await self.payload(record, seat.seat)
        if built is not None:
            built.set_result(None)
        try:
            # not wrapped in discord_request: its requests lend the work slot themselves
            if not await self.delivery.send(record, seat, payload, answer):
                await self.hands.update(record.id, seat.seat, payload)  # DMs closed: the reply follows instead
        except SEND_ERRORS:
            log.exception("DM update failed for session %s seat %s", record.id, seat.seat)

    async def show_departures(self, record: SessionRecord, events: list[Event]) -> None:
        """A seat the AI took from its player (a kick, a leave): their DM says so and loses its buttons.

        The seat is no longer theirs (``user_id`` cleared), so :meth:`update_all`
        leaves it: this edits its last message once, from the kept DM ids.
        """
        for event in events:
            if event.kind not in seat_status.DEPARTED:
                continue
            seat = record.seats[event.args["seat"]]
            if seat.dm_channel_id is None or seat.dm_message_id is None:
                continue
            tr = i18n.translator(seat.locale)
            channel_name = getattr(self.client.get_channel(record.channel_id), "name", None)
            payload = seat_status.departed(get(record.game), tr, channel_name, event.kind)
            try:
                await self.delivery.editor.edit(seat.dm_channel_id, seat.dm_message_id, payload)
            except SEND_ERRORS:
                log.warning("could not tell seat %s of session %s it was taken", seat.seat, record.id, exc_info=True)
