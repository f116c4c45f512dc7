"""A DM *message* when a choice waits on someone: their turn, or a choice in another's turn.

Why a message and not only the DM screen's edit: an edit sends no phone
notification, and in a game that lasts days nobody watches the channel.  Who
gets one follows ``/game notify`` (:mod:`bot.core.slow.notify_prefs`; by default a
DM in relaxed and correspondence games).  The notice says only what the
recipient may know: the game, a link to where they act, and the deadline as
Discord timestamps.  A reaction window's notice goes to each seat the rules
ask (``to_act``), in its own DM: nobody else learns who was asked.

The timing is :class:`bot.core.slow.notify.TurnNotifier`'s (one notice per turn
whatever its sub-steps, deleted once the seat has acted), one notifier
"session" per seat, keyed :func:`key`, whose channel argument is that key.  In
a live game a notice waits the channel ping's grace time; in a relaxed or
correspondence game it waits the pace's notice delay
(:func:`bot.core.slow.pace.notice_delay`) counted from the commit that last changed
the game (``updated_at``, stored: a restart keeps the notice's time): a player
at the table answers within it and is sent nothing, since every notice costs
two bot-token requests (a post and a delete; docs/slow-games.md).  At half
time the notice is replaced by a reminder: a new message (which notifies)
and the old one deleted.  Posted as a followup of the player's last click in
that DM while its token lives, else with the bot token.

Standing notices are stored (``dm_notices``): after a restart a seat still
waited for keeps its message (no second notification), and one that has acted
meanwhile gets it deleted.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from bot import i18n
from bot.core import pace_words as words
from bot.core.games import get
from bot.core.sessions.parts import absence
from bot.core.sessions.prompts import is_own_turn, is_reaction, waiting_humans
from bot.core.slow import notify_prefs, pace
from bot.core.slow.notify import CallLater, Notice, TurnNotifier
from bot.core.slow.notify_prefs import NotifyPrefs
from bot.core.store import SessionRecord
from bot.core.turns import discord_request
from bot.frontend.presenting.delivery import Delivery
from bot.frontend.presenting.turn_notices import jump_link
from bot.gamefacts import Game
from bot.transport import wire
from bot.transport.edits import Token, Tokens

log = logging.getLogger(__name__)

SEATS = 16
"""More than any game seats: a notifier key is ``session * SEATS + seat``."""


def key(session_id: int, seat: int) -> int:
    return session_id * SEATS + seat


def kind_of(spec: Game, record: SessionRecord, seat: int) -> str:
    """Own turn, or a choice in another's turn (a reaction window, or a choice asked during someone else's turn)."""
    if is_reaction(spec, record, seat) or not is_own_turn(spec, record, seat):
        return notify_prefs.OTHER
    return notify_prefs.OWN


def notice_text(record: SessionRecord, spec: Game, seat: int, *, reminder: bool) -> str:
    """The DM's words in the seat's language: what waits (never its content), where, and until when."""
    s = record.seats[seat]
    tr = i18n.translator(s.locale)
    board = jump_link(record.guild_id, record.channel_id, record.board_message_id or 0)
    link = (None if spec.public_controls else Delivery.message_link(s)) or board
    kind = "reminder" if reminder else "own" if kind_of(spec, record, seat) == notify_prefs.OWN else "choice"
    text = tr(f"dmnote.{kind}", game=tr(f"{spec.id}.name"), link=link)
    if record.deadline:
        text += "\n" + tr("dmnote.when", when=words.deadline(tr, record.deadline))
    return text


class DmSender:
    """:class:`bot.core.slow.notify.Sender` for DMs: the channel argument is a :func:`key`, resolved here."""

    def __init__(self, client: discord.Client, store: Any, tokens: Tokens) -> None:
        self.client = client
        self.store = store
        self.tokens = tokens
        self.where: dict[int, tuple[int, int, int | None, int | None]] = {}
        """key -> (session, seat, DM channel if known, the seat's DM message: its click's token posts for free)."""
        self.posted: dict[int, tuple[int, Token | None]] = {}  # message -> (its DM channel, the token that posted it)

    async def _channel(self, user_id: int, known: int | None) -> int:
        if known:
            return known
        channel = await discord_request(self.client.create_dm(discord.Object(id=user_id)))
        return int(channel.id)

    async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
        session_id, seat, dm_channel, dm_message = self.where[channel_id]
        only = discord.AllowedMentions.none()
        try:
            dm = await self._channel(user_id, dm_channel)
            token = self.tokens.get(dm_message) if dm_message else None
            message_id = None
            if token is not None:
                try:
                    message_id = await discord_request(
                        wire.send_followup(self.client, token.app, token.token, text, only))
                except discord.HTTPException:
                    self.tokens.drop(dm_message or 0, token)
                    token = None
            if message_id is None:
                sent = await discord_request(self.client.get_partial_messageable(dm).send(text, allowed_mentions=only))
                message_id = int(sent.id)
        except (discord.Forbidden, discord.NotFound) as exc:  # DMs closed, or the user gone: no notice, no traceback
            log.info("no DM notice for session %s seat %s: %s", session_id, seat, exc)
            return None
        self.posted[message_id] = (dm, token)
        await self.store.add_dm_notice(message_id, session_id, seat, user_id, dm)
        return message_id

    async def edit(self, channel_id: int, message_id: int, text: str) -> None:
        dm, token = self.posted.get(message_id, (0, None))
        if token is not None and token.until > self.tokens.clock():
            with contextlib.suppress(discord.HTTPException):
                await discord_request(wire.edit_followup(self.client, token.app, token.token, message_id, text,
                                                         discord.AllowedMentions.none()))
                return
        if dm:
            with contextlib.suppress(discord.NotFound):
                message = self.client.get_partial_messageable(dm).get_partial_message(message_id)
                await discord_request(message.edit(content=text, allowed_mentions=discord.AllowedMentions.none()))

    async def delete(self, channel_id: int, message_id: int) -> None:
        dm, token = self.posted.pop(message_id, (0, None))
        await self.store.drop_dm_notice(message_id)
        if token is not None and token.until > self.tokens.clock():
            with contextlib.suppress(discord.HTTPException):
                await discord_request(wire.delete_followup(self.client, token.app, token.token, message_id))
                return
        if dm:
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await discord_request(self.client.get_partial_messageable(dm).get_partial_message(message_id).delete())


class DmNotices:
    """Whom a commit owes a DM notice, by their ``/game notify`` choice; the timing is the notifier's."""

    def __init__(self, client: discord.Client, store: Any, tokens: Tokens, *, grace: float,
                 clock: Callable[[], float] = time.time, call_later: CallLater | None = None) -> None:
        self.prefs = NotifyPrefs(store)
        self.store = store
        self.sender = DmSender(client, store, tokens)
        self.notifier = TurnNotifier(self.sender, grace=grace, most=1, call_later=call_later)
        self.clock = clock  # the wall clock of the records' updated_at
        self.delay = pace.NOTICE_DELAY
        """A slow game's notice delay (``SLOW_NOTICE_DELAY``), before the pace's cap and the test scale."""
        self._seats: dict[int, set[int]] = {}  # session -> seats with a notifier turn
        self._stored: dict[tuple[int, int], tuple[int, int]] | None = None  # (session, seat) -> (message, DM)

    async def load(self, record: SessionRecord) -> None:
        """Read what :meth:`show` needs that is not in memory yet: the players' choices, notices kept over a restart."""
        await self.prefs.load([s.user_id for s in record.seats if s.user_id is not None])
        await absence.refresh(self.store, self.clock())  # who is away, for the board (another shard's word too)
        if self._stored is None:
            self._stored = {}
            for message_id, session_id, seat, _user, dm in await self.store.dm_notices():
                self._stored[(session_id, seat)] = (message_id, dm)

    def due(self, record: SessionRecord, spec: Game, *, reminder: bool = False) -> dict[int, Notice]:
        """Each seat owed a DM notice now: a human asked to choose whose choice for that kind includes a DM."""
        out: dict[int, Notice] = {}
        for seat in waiting_humans(spec, record):
            s = record.seats[seat]
            if s.user_id is None or s.dm_closed:
                continue
            if not notify_prefs.wants_dm(self.prefs.choice(s.user_id, kind_of(spec, record, seat), record.pace)):
                continue
            text = notice_text(record, spec, seat, reminder=reminder or record.reminded)
            out[seat] = Notice(s.user_id, text)
        return out

    def channel_only(self, record: SessionRecord, spec: Game, notices: dict[int, Notice]) -> dict[int, Notice]:
        """The channel notices of the seats whose choice for that kind includes a channel ping (after :meth:`load`)."""
        return {
            seat: n for seat, n in notices.items()
            if notify_prefs.wants_channel(self.prefs.choice(n.user_id, kind_of(spec, record, seat), record.pace))
        }

    async def show(self, record: SessionRecord, spec: Game | None = None) -> None:
        """After a commit: start, keep or end each seat's DM notice."""
        spec = spec or get(record.game)
        await self.load(record)
        due = self.due(record, spec)
        seats = self._seats.setdefault(record.id, set())
        for seat in sorted(seats | set(due)):
            k = key(record.id, seat)
            s = record.seats[seat] if seat < len(record.seats) else None
            if s is not None:
                self.sender.where[k] = (record.id, seat, s.dm_channel_id, s.dm_message_id)
            self._adopt_stored(record.id, seat, k, due.get(seat))
            self.notifier.show(k, k, {seat: due[seat]} if seat in due else {}, delay=self.wait(record))
            (seats.add if seat in due else seats.discard)(seat)
        if not seats:
            self._seats.pop(record.id, None)

    def wait(self, record: SessionRecord) -> float | None:
        """Seconds from now until a new notice of ``record`` is due: a slow game's delay since its last change.

        None in a live game (the notifier's grace).  Counted from the stored
        ``updated_at``, so a restart in the middle of the delay posts the
        notice when it was due, not a whole delay later.
        """
        delay = pace.notice_delay(record.pace, words.live_turn(record), self.delay, record.pace_turn)
        if delay is None:
            return None
        return max(0.0, record.updated_at + delay - self.clock())

    def _adopt_stored(self, session_id: int, seat: int, k: int, notice: Notice | None) -> None:
        """A notice posted before a restart: kept as this turn's if the seat is still asked, else deleted."""
        stored = (self._stored or {}).pop((session_id, seat), None)
        if stored is None:
            return
        message_id, dm = stored
        self.sender.posted[message_id] = (dm, None)
        if notice is not None and self.notifier.adopt(k, k, seat, notice, message_id):
            return
        self.notifier.spawn(self.sender.delete(k, message_id))

    async def remind(self, record: SessionRecord) -> None:
        """Half the time is gone: each DM notice is replaced by a reminder, a new message that notifies again."""
        spec = get(record.game)
        await self.load(record)
        for seat, notice in self.due(record, spec, reminder=True).items():
            k = key(record.id, seat)
            self.notifier.show(k, k, {})  # the first notice goes...
            # ...and the reminder is posted: at once in a slow game (half a turn is far past its delay),
            # after the grace time in a live one
            self.notifier.show(k, k, {seat: notice}, delay=0.0 if pace.is_slow(record.pace) else None)
            self._seats.setdefault(record.id, set()).add(seat)

    def forget(self, session_id: int) -> None:
        """The game ended: its notices go."""
        for seat in self._seats.pop(session_id, set()):
            self.notifier.forget(key(session_id, seat))
