"""The Discord side of :class:`bot.core.sessions.Presenter`: boards, DMs, notices.

Everything here runs after the change was committed.  A failure to show it
(a deleted board, a missing permission) is logged and repaired where it can
be (the board is re-posted), never allowed to undo or block the game.
What a turn notice says and how it is posted is :mod:`bot.frontend.presenting.turn_notices`;
each player's DM screen is :mod:`bot.frontend.presenting.dm_screens`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot import i18n
from bot.core import settings as server_settings
from bot.core.games import get
from bot.core.names import shown, shown_names
from bot.core.slow.notify import DEFAULT_GRACE, Notice, TurnNotifier
from bot.core.store import CHANNEL_GONE, SeatRecord, SessionRecord, Store
from bot.core.turns import discord_request
from bot.engine import Event, Result
from bot.frontend.drawing import picture_cache, picture_jobs
from bot.frontend.drawing.picture_pool import PicturePool
from bot.frontend.presenting import buried, results, tutorial_lines
from bot.frontend.presenting.board_position import RunningPost
from bot.frontend.presenting.channel_side import ChannelSide
from bot.frontend.presenting.delivery import Delivery
from bot.frontend.presenting.dm_screens import DmScreens
from bot.frontend.presenting.slow.dm_notices import DmNotices
from bot.frontend.presenting.slow.dm_refresh import DmRefresh
from bot.frontend.presenting.turn_notices import ChannelNotices, jump_link, turn_notices
from bot.frontend.ui import payloads, ratings
from bot.gamefacts import Game
from bot.transport.acks import ClickAnswer
from bot.transport.edits import REUSE, Editor, Tokens
from bot.transport.followups import ChannelTokens, Followups
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)

# notices of the platform itself, posted to the channel
PLATFORM_EVENTS = ("timed_out", "seat_to_ai", "seat_left", "seat_kicked")


def _end_nonce(record: SessionRecord) -> str:
    """The same for every attempt to post one session's result (Discord allows 25 characters)."""
    return f"kado-end-{record.id}"[:25]


class DiscordPresenter(ChannelSide):
    """The one presenter of a running bot: the session manager calls it after each commit, never before.

    It owns the per-process memory of what is shown (the board's digest, the
    interaction tokens that edit it, the moments message), so a board whose
    public part did not change is not edited, and an edit goes through a
    click's token rather than the bot's global rate limit.  Tests subclass it
    and replace only its Discord I/O (``_edit_board``, ``_post``, ``_post_moment``).
    """

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        *,
        ping_grace: float = DEFAULT_GRACE,
        token_reuse: float = REUSE,
        pictures: PicturePool | None = None,
    ) -> None:
        self.client = client
        self.store = store
        self.pictures = pictures or PicturePool(0)  # no workers given: pictures are drawn in threads
        # clicks' interaction tokens: they edit boards and DMs outside the global limit
        # and the channels' tokens: they post turn notices as followups, outside it too
        self.channel_tokens = ChannelTokens(reuse=token_reuse)
        self.tokens = Tokens(reuse=token_reuse, channels=self.channel_tokens)
        self.editor = Editor(client, self.tokens)
        self.dm_screens = DmScreens(client, Delivery(client, store, self.editor), self.pictures)
        self.followups = Followups(client, self.channel_tokens)  # turn notices and moments: outside the limit too
        self.notifier = TurnNotifier(ChannelNotices(self.followups), grace=ping_grace)
        self.dm_notices = DmNotices(client, store, self.tokens, grace=ping_grace)  # by each player's /game notify
        # a slow game's DM screens: public-only changes folded into a catch-up (interval: the notice delay)
        self.dm_refresh = DmRefresh(self.dm_screens, self.dm_notices)
        listen = getattr(client, "add_listener", None)  # commands.Bot; a bare test client sees no interactions
        if listen is not None:
            listen(self.channel_tokens.on_interaction, "on_interaction")
        self._boards: dict[int, tuple[int, str]] = {}  # session -> (board message, digest shown)
        self.moments = RunningPost()  # the one message below the board its moments go to
        self.buried = buried.BuriedBoards()  # others' messages below each board (counted by the bot's gateway)

    @property
    def delivery(self) -> Delivery:
        """Where the DMs go (:class:`~bot.frontend.presenting.dm_screens.DmScreens` sends through it)."""
        return self.dm_screens.delivery

    @delivery.setter
    def delivery(self, delivery: Delivery) -> None:
        self.dm_screens.delivery = delivery

    # -- Presenter protocol -------------------------------------------------------

    async def lobby_changed(self, record: SessionRecord) -> None:
        """Redraw the lobby with its seats and their ratings; for a DM game, open its players' DM channels early."""
        spec = get(record.game)
        if not spec.public_controls:  # a game played in DMs: its players' channels opened before the start
            self.delivery.open_soon(s.user_id for s in record.seats if s.user_id is not None and not s.dm_closed)
        if record.board_message_id is None:
            return  # the command that opened the lobby posts it
        tr = i18n.translator(record.locale)
        skills = await ratings.seat_skills(self.store, record)  # a read, not a request: the seats' ratings
        await self._edit_board(record, payloads.lobby(record, spec, tr, skills))

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        """A move about to be saved: its board's picture, and the mover's hand's, start drawing now.

        :meth:`game_changed` then finds them drawn, or being drawn (the picture
        pool draws a picture once however many ask).  Nothing is shown here;
        a move that is not saved leaves only a picture nobody asks for.
        """
        if draft.state is None:
            return
        spec = get(draft.game)
        jobs = [picture_jobs.board_job(draft, spec, i18n.translator(draft.locale))]
        if not spec.public_controls and draft.seats[seat].user_id is not None:
            jobs.append(picture_jobs.hand_job(draft, spec, i18n.translator(draft.seats[seat].locale), seat))
        for job in jobs:
            if job is not None:
                self.pictures.prefetch(job)

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: ClickAnswer | None = None) -> None:
        """Show a saved move: the board, the channel posts, then the players' DMs; after a DM click, that DM first.

        ``answer``: the click that made the move; the move's edit of the message it was on answers it.

        Why the clicker's DM first: a DM click is answered by the clicker's
        new DM (:mod:`bot.transport.acks`), and the player is looking at that DM.  The
        board with its posts and the other DMs start as soon as that answer
        is built and on its way, not after its round trip to Discord: the
        others see the move sooner, and the channel's turn (a second player's
        simultaneous click waits for it) is held for one round trip, not two.
        Every DM is its own player's view, so no order of them tells anyone
        anything sooner.
        """
        spec = get(record.game)
        lines = self.dm_screens.remember(record, events)
        tips = await tutorial_lines.due(self.store, record, events)  # a tutorial's step lines, where its learner plays
        if tips and not spec.public_controls:
            self.dm_screens.add_tips(record, tips)
        clicker = None if spec.public_controls else self.dm_screens.clicker(record, answer)
        later = set() if spec.public_controls else self.dm_refresh.later(
            record, spec, clicker=None if clicker is None else clicker.seat, lines=lines | set(tips or ()))
        if clicker is None:
            await self._show_public(record, spec, events, answer=answer)
            if not spec.public_controls:
                await self.dm_screens.update_all(record, answer=answer, later=later)
            await self.dm_screens.show_departures(record, events)
        else:
            built: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            click = asyncio.current_task()
            rest = asyncio.ensure_future(self._after_the_clicker(record, spec, events, clicker, built, click, later))
            try:
                # from the click's own task, as the click's answer (the rest, in a task of its own, is not)
                await self.dm_screens.update(record, clicker, built=built, answer=answer)
            finally:
                if not built.done():  # the clicker's DM could not be built: the move is shown all the same
                    built.set_result(None)
                await discord_request(rest)  # a slow one lends the channel's work slot
        if tips and spec.public_controls:
            await self._post_moment(record, "\n".join(line for lines in tips.values() for line in lines))
        await self.dm_notices.load(record)  # the players' /game notify choices (read once, then kept)
        self.notifier.show(record.id, record.channel_id, self._turn_notices(record, spec))  # scheduled, not awaited
        await self.dm_notices.show(record, spec)

    async def _after_the_clicker(self, record: SessionRecord, spec: Game, events: list[Event],
                                 clicker: SeatRecord, built: Awaitable[None], click: asyncio.Task[Any] | None,
                                 later: set[int]) -> None:
        """After a DM click (``click``, its task): the board with its posts and the other DMs, once the
        clicker's DM is ``built``.

        A task of its own, started before the clicker's DM is built and waiting for it (a future, not a
        callback: the click's path goes down into the DM screens and never back up into this module).
        """
        await built
        await asyncio.sleep(0)  # the clicker's answer leaves first: it is spawned right after its DM is built
        await asyncio.gather(
            self._show_public(record, spec, events, click=click),  # still timed as this click's board
            self.dm_screens.update_all(record, done=clicker, later=later),
        )

    async def _show_public(self, record: SessionRecord, spec: Game, events: list[Event], *,
                           click: asyncio.Task[Any] | None = None, answer: ClickAnswer | None = None) -> None:
        """The board, then the channel posts of the move (platform events, the game's big moment).

        ``click``: the task of the click whose move this is, when shown from another (:meth:`game_changed`);
        ``answer``: that click's answer, when the board may be the message it was on.
        """
        tr = i18n.translator(record.locale)
        await self._edit_board(record, await self._board_payload(record, spec, tr), click=click, answer=answer)
        lines = [tr(f"event.{e.kind}", name=shown(record.seats[e.args["seat"]].name))
                 for e in events if e.kind in PLATFORM_EVENTS]
        moment = self._moment(record, spec, tr, events)
        if moment and await server_settings.moments_posted(self.store, record.guild_id):  # /game settings posts
            lines.append(moment)
        if lines:  # one message below the board, edited with each move's lines (bot.frontend.presenting.board_position)
            await self._post_moment(record, "\n".join(lines))

    async def _post_moment(self, record: SessionRecord, entry: str) -> None:
        """``entry`` as the newest lines of the session's one moments message (posted once, then edited)."""
        known = record.moments_message_id
        message_id = await self.moments.add(record.id, entry, self.followups.sender(record.channel_id), known)
        if message_id is not None and message_id != known:  # a restart edits it rather than post another
            await self.store.set_moments_message(record, message_id)

    @staticmethod
    def _moment(record: SessionRecord, spec: Game, tr: i18n.Tr, events: list[Event]) -> str | None:
        """The game's summary of a big moment in ``events`` (``GameRender.moment``), from public events only."""
        summarize = getattr(spec.render, "moment", None)
        public = [e for e in events if e.to is None]
        if summarize is None or not public:
            return None
        return summarize(public, shown_names(record), tr)

    async def _board_payload(self, record: SessionRecord, spec: Game, tr: i18n.Tr) -> dict[str, Any]:
        """The board, its picture kept or drawn by the picture pool (off the event loop), the rest built here.

        The words and buttons cost well under a millisecond; a picture costs
        a few, and is drawn only when what it shows changed.  The caller holds
        the channel lock, so the record does not change meanwhile.
        """
        assert record.state is not None
        public = spec.rules.view(record.state, None)  # once, for the picture's job and the words
        job = picture_jobs.board_job(record, spec, tr, public)
        if job is None:
            return payloads.board(record, spec, tr, view=public)
        return payloads.board(record, spec, tr, picture=await self.pictures.picture(job), view=public)

    async def remind(self, record: SessionRecord, seats: list[int]) -> None:
        """Half the time is gone: said in each player's turn notice (edited, no second ping)."""
        if record.deadline is not None:  # a DM reminder is a new message (it notifies a phone), reaction windows too
            await self.dm_notices.remind(record)
        if not seats or record.deadline is None:
            return
        notices = self._turn_notices(record, get(record.game), reminder=True)
        folded = self.notifier.remind(record.id, {s: n for s, n in notices.items() if s in seats})
        for seat in seats:  # a seat without a turn notice (none, normally) is reminded on its own
            if seat not in folded and seat in notices:
                await self.notifier.sender.post(record.channel_id, notices[seat].user_id, notices[seat].text)

    def _turn_notices(self, record: SessionRecord, spec: Game, *, reminder: bool = False) -> dict[int, Notice]:
        """The notices due now (:func:`bot.frontend.presenting.turn_notices.turn_notices`), linking to these DMs."""
        notices = turn_notices(record, spec, self.delivery, reminder=reminder)
        return self.dm_notices.channel_only(record, spec, notices)  # pinged in the channel only if they chose so

    async def session_ended(self, record: SessionRecord, result: Result | None,
                            answer: ClickAnswer | None = None) -> None:
        """Show the end: the final board and the closing line in the channel, the last screen in each DM.

        ``answer``: the click whose move ended the game, if its showing (:meth:`game_changed`) did not answer it.

        A game whose channel is gone (:data:`~bot.core.store.CHANNEL_GONE`) ends in
        its players' DMs alone: its channel would refuse the board and the line.
        """
        self.notifier.forget(record.id)
        self.dm_notices.forget(record.id)
        self.dm_refresh.forget(record.id)
        spec = get(record.game)
        tr = i18n.translator(record.locale)
        in_channel = record.end_reason != CHANNEL_GONE
        changes = await ratings.session_changes(self.store, record) if result is not None else []
        if record.state is not None:
            if in_channel:
                await self._edit_board(record, await self._board_payload(record, spec, tr), answer=answer)
            if not spec.public_controls:
                self.dm_screens.add_reason(record)  # why it ended so, above each one's rating change
                self.dm_screens.add_lines(record, ratings.dm_lines(record, changes or ()))  # each their own change
                await self.dm_screens.update_all(record, answer=answer)
        elif record.board_message_id is not None and in_channel:
            await self._edit_board(record, payloads.lobby_closed(spec, tr))
        settled = True
        if in_channel and (result is not None or record.state is not None):
            text = results.result_text(record, spec, tr, result, changes)
            view = results.result_view(record, result, tr)  # "Review"
            settled = await self._post(record, text, nonce=_end_nonce(record), view=view)
            await self._post_closing(record)
        if settled:
            await self._mark_announced(record)
        self.tokens.forget([record.board_message_id, *(s.dm_message_id for s in record.seats)])
        self.dm_screens.forget(record.id)
        self.moments.forget(record.id)
        self.buried.forget(record.channel_id)
        picture_cache.forget(record.id)
        self._boards.pop(record.id, None)

    async def board_moved(self, record: SessionRecord, old_message_id: int, new_message_id: int) -> None:
        """The board was posted again (``/game status``): the old one becomes a pointer to the new one.

        Left as it was, the old board would keep live-looking buttons that are
        never updated again.  Never raises: the new board is what matters.
        """
        if old_message_id == new_message_id:
            return
        self.buried.posted(record.channel_id, new_message_id)
        tr = i18n.translator(record.locale)
        link = jump_link(record.guild_id, record.channel_id, new_message_id)
        payload = payloads.board_moved(get(record.game), tr, link)
        try:
            await self.editor.edit(record.channel_id, old_message_id, payload)
        except SEND_ERRORS:
            log.info("could not point the old board %s of session %s to the new one", old_message_id, record.id)
