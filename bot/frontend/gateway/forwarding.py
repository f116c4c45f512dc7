"""DM button clicks in a multi-process deployment: forward them to the process that owns the game.

Every game-bound DM button goes this way: a move (``kind`` "act") and the Hint
button ("hint", whose handler registers itself with :func:`receiver`).  The other
buttons a player meets are on server messages (the board, its private replies,
the result's Review and the review's pages), which reach the owning shard
themselves or read only the shared store.

Why: Discord delivers every DM event — including clicks on the buttons of a
player's private DM message (GETGEM, Promotion and Eminit hands and hidden
choices) — to shard 0 only, while a game lives (in memory, with its channel
lock, timers and AI tasks) in the process running its server's shard
(docs/deploy.md).  Without this module the shard-0 process answers "this game
is over" to most DM clicks of a sharded bot.

How (PostgreSQL only; nothing changes with SQLite or with one process):

* **sender** (``on_act`` when the session is not in this process's memory):
  the click was already acknowledged (Discord's 3-second deadline).  One
  cheap query of the shared database tells whether the session is live and
  on another process's shard; only then the click is published with
  ``NOTIFY kado_click`` (:class:`ForwardedClick`, JSON) and the sender waits
  up to :data:`ACK_TIMEOUT` seconds for ``NOTIFY kado_click_ack`` with its
  interaction id.  No acknowledgement (the owner is down or restarting) →
  the user gets ``error.owner_unreachable`` instead of silence.  A session
  that is not live, or is on one of this process's shards, is really over:
  the usual "this game is over" answer.
* **listener** (every process, started in ``setup_hook``): holds one pool
  connection that LISTENs on both channels.  A process that has the session
  in memory (and whose channel matches the one the sender read from the
  database, so another deployment sharing the database can never act on it)
  acknowledges at once, then applies the click with
  :meth:`SessionManager.act` — the channel lock and every check of a local
  click — and answers a refusal as an ephemeral followup through the
  interaction's webhook token (valid 15 minutes; no gateway needed).  An
  accepted move needs no answer: the presenter edits the DM message and the
  board with the bot token, as for a local click.

Trust: anyone who can ``NOTIFY`` on the database can forge clicks; the
database is the deployment's trust boundary anyway (it holds every game).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, cast

import discord

from bot import i18n
from bot.core import config, privacy, turns
from bot.core.sessions import SessionError, SessionManager
from bot.frontend.answers import error_text_in
from bot.frontend.gateway.forwarded_click import ACT, ForwardedClick

log = logging.getLogger(__name__)

CLICK_CHANNEL = "kado_click"
FORGET_CHANNEL = "kado_forget"
ACK_CHANNEL = "kado_click_ack"
ACK_TIMEOUT = 5.0
"""Seconds the shard-0 process waits for the owner's acknowledgement.

The owner acknowledges on receipt, before applying the move, so this only has
to cover one NOTIFY round trip (milliseconds) plus a busy event loop.
"""
FORGET_WAIT = 3
"""Times :data:`ACK_TIMEOUT` a forget-me waits: its owner acknowledges after leaving the game (lock, save)."""
RELISTEN_DELAY = 2.0  # seconds between attempts to LISTEN again after the connection was lost
LIVE = ("lobby", "active")

Answer = Callable[[str], Awaitable[None]]
"""The clicker's private answer (an ephemeral followup through the click's webhook token)."""
Receiver = Callable[[Any, ForwardedClick, Answer], Awaitable[None]]
"""What the owner does with a forwarded click of one kind: (the bot, the click, its answer)."""
RECEIVERS: dict[str, Receiver] = {}
"""kind -> its receiver, other than :data:`ACT` (:func:`receiver`)."""


def receiver(kind: str) -> Callable[[Receiver], Receiver]:
    """Register what the owning process does with a forwarded DM click of ``kind``.

    Why a registry: the handlers (``bot.frontend.inbound``) sit above this package
    and may import it, never the other way; each registers its receiver when
    imported, which the bot does before it connects.  A receiver raises
    :class:`SessionError` to refuse (answered in the user's language).
    """

    def register(fn: Receiver) -> Receiver:
        RECEIVERS[kind] = fn
        return fn

    return register



class Host(Protocol):
    """What forwarding needs of the bot (``bot.app.KadoBot`` provides it; forwarding must not import the app)."""

    settings: config.Settings
    sessions: SessionManager
    store: Any
    _connection: Any  # discord.py's connection state: builds the webhook that answers a forwarded click

    @property
    def application_id(self) -> int | None:
        """The bot's application id: a forwarded click's answer goes to ``/webhooks/<app>/<token>``."""


class ListenStore(Protocol):
    """What forwarding needs of the store: :class:`bot.core.store.postgres.PostgresStore` provides it."""

    async def session_route(self, session_id: int) -> tuple[str, int | None, int] | None:
        """(status, guild, channel) of a session, without loading it: is it live, and which shard owns it."""

    async def live_routes_of(self, user_id: int) -> list[tuple[int, int | None, int]]:
        """(session, guild, channel) of each live session the user sits in: where a forget-me must reach."""

    async def notify(self, channel: str, payload: str) -> None:
        """Send ``payload`` to every process LISTENing on ``channel`` (PostgreSQL's NOTIFY)."""

    async def listen(self, callbacks: dict[str, Callable[[str], None]], on_lost: Callable[[], None]) -> Any:
        """LISTEN on each channel of ``callbacks``; ``on_lost`` when that connection dies. Returns a handle."""

    async def unlisten(self, handle: Any) -> None:
        """Undo :meth:`listen` with its handle, quietly if the connection already died."""


def wanted(settings: Any) -> bool:
    """Forward when several processes share a PostgreSQL database (this one runs only some shards)."""
    count, ids = settings.shard_count, settings.shard_ids
    if not settings.database_url or count is None or ids is None:
        return False
    return set(ids) != set(range(count))


class Forwarder:
    """Both sides of DM-click forwarding for one process (see the module doc)."""

    def __init__(
        self,
        bot: Host,
        store: ListenStore,
        shard_count: int,
        shard_ids: tuple[int, ...],
        *,
        ack_timeout: float = ACK_TIMEOUT,
    ) -> None:
        self.bot = bot
        self.store = store
        self.shard_count = shard_count
        self.shard_ids = frozenset(shard_ids)
        self.ack_timeout = ack_timeout
        self._acks: dict[int, asyncio.Future[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self, timeout: float = 10.0) -> None:
        """LISTEN before returning, so a click forwarded right after start-up is not missed."""
        self._listener = asyncio.create_task(self._listen_forever())
        try:
            await asyncio.wait_for(self._listening.wait(), timeout)
        except TimeoutError:
            log.error("could not LISTEN for forwarded DM clicks yet; still trying in the background")

    async def close(self) -> None:
        """Stop listening and finish (or cancel) forwarded clicks; before the store closes its pool."""
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        running = list(self._tasks)
        if running:
            _, pending = await asyncio.wait(running, timeout=5.0)
            for task in pending:
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)
        for future in self._acks.values():
            future.cancel()

    async def _listen_forever(self) -> None:
        """Keep one LISTENing connection; after a lost connection (database restart) LISTEN again."""
        callbacks = {CLICK_CHANNEL: self._on_click, ACK_CHANNEL: self._on_ack, FORGET_CHANNEL: self._on_forget}
        while True:
            lost = asyncio.Event()
            try:
                handle = await self.store.listen(callbacks, lost.set)
            except Exception:
                log.exception("LISTEN %s failed; retrying in %.0f s", CLICK_CHANNEL, RELISTEN_DELAY)
                await asyncio.sleep(RELISTEN_DELAY)
                continue
            log.info("listening for forwarded DM clicks (shards %s of %d)", sorted(self.shard_ids), self.shard_count)
            self._listening.set()
            try:
                await lost.wait()
            finally:
                self._listening.clear()
                try:
                    await self.store.unlisten(handle)
                except Exception:
                    log.exception("UNLISTEN failed")
            log.warning("lost the LISTEN connection for DM clicks; listening again in %.0f s", RELISTEN_DELAY)
            await asyncio.sleep(RELISTEN_DELAY)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- sender (the process that received the DM click: shard 0's) ------------------------

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process's shards serve ``guild_id`` (a DM, None, is shard 0's): its sessions live here."""
        return config.shard_of(guild_id, self.shard_count) in self.shard_ids

    async def forward_click(
        self, interaction: discord.Interaction, sid: int, pv: int, idx: int = 0, *, kind: str = ACT
    ) -> bool:
        """Hand a click on a session this process does not hold to its owner.

        Call after acknowledging the interaction.  False: the session is not
        live on another process (it is over; answer as usual).  True: the
        owner took the click and answers the user itself.  Raises
        ``SessionError("owner_unreachable")`` when nobody acknowledged it.
        """
        route = await self.store.session_route(sid)
        if route is None:
            return False
        status, guild_id, channel_id = route
        if status not in LIVE or self.owns(guild_id):
            return False  # over, or ours and not in memory: nobody else holds it either
        click = ForwardedClick(
            id=interaction.id,
            session=sid,
            channel=channel_id,
            version=pv,
            index=idx,
            user=interaction.user.id,
            token=interaction.token,
            app=interaction.application_id,
            locale=str(interaction.locale),
            kind=kind,
        )
        acked: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._acks[click.id] = acked  # before NOTIFY: the acknowledgement may come back at once
        try:
            await self.store.notify(CLICK_CHANNEL, click.encode())
            log.debug("forwarded DM click %s on session %s to its owner", click.id, sid)
            await asyncio.wait_for(acked, self.ack_timeout)
        except TimeoutError:
            log.warning("no process took DM click %s on session %s within %.1f s", click.id, sid, self.ack_timeout)
            raise SessionError("owner_unreachable") from None
        finally:
            self._acks.pop(click.id, None)
        return True

    def _on_ack(self, payload: str) -> None:
        try:
            interaction_id = int(json.loads(payload)["id"])
        except (ValueError, TypeError, KeyError):
            log.warning("ignoring a malformed %s payload", ACK_CHANNEL)
            return
        future = self._acks.get(interaction_id)
        if future is not None and not future.done():
            future.set_result(None)

    async def forward_forget(self, user_id: int) -> list[int]:
        """Take ``user_id`` out of every live game another process holds; the ids of those games.

        Why: ``/game forget-me`` reaches one process (DMs: shard 0's), but a
        game lives in its owner's memory and is written back from there on
        every move: anonymising its stored seat elsewhere would be undone.  Each
        such game is sent to its owner (``NOTIFY kado_forget``), which leaves it
        through the normal path and acknowledges only when done.  Raises
        ``SessionError("forget_unreachable")`` if an owner does not answer
        within :data:`FORGET_TIMEOUT`, before anything is erased from the database.
        """
        routes = [r for r in await self.store.live_routes_of(user_id) if not self.owns(r[1])]
        waiting: list[tuple[int, asyncio.Future[None]]] = []
        requests: list[int] = []
        loop = asyncio.get_running_loop()
        try:
            for session_id, _guild, channel_id in routes:
                request = secrets.randbits(62)
                acked: asyncio.Future[None] = loop.create_future()
                self._acks[request] = acked
                requests.append(request)
                waiting.append((session_id, acked))
                payload = {"id": request, "session": session_id, "channel": channel_id, "user": user_id}
                await self.store.notify(FORGET_CHANNEL, json.dumps({**payload, "app": self.bot.application_id}))
            if waiting:
                await asyncio.wait_for(asyncio.gather(*(f for _, f in waiting)), self.ack_timeout * FORGET_WAIT)
        except TimeoutError:
            late = [sid for sid, f in waiting if not f.done()]
            log.warning("forget-me: no process took sessions %s within %.1f s", late, self.ack_timeout * FORGET_WAIT)
            raise SessionError("forget_unreachable") from None
        finally:
            for request in requests:
                self._acks.pop(request, None)
        return [sid for sid, _ in waiting]

    def _on_forget(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            request, session_id, channel_id = int(data["id"]), int(data["session"]), int(data["channel"])
            user_id, app = int(data["user"]), int(data["app"])
        except (ValueError, TypeError, KeyError, AttributeError):
            log.warning("ignoring a malformed %s payload", FORGET_CHANNEL)
            return
        if app != self.bot.application_id:
            return  # another bot sharing this database
        record = self.bot.sessions.by_id(session_id)
        if record is None or record.channel_id != channel_id:
            return  # not ours
        self._spawn(self._forget_here(request, record, user_id))

    async def _forget_here(self, request: int, record: Any, user_id: int) -> None:
        """Leave the game here (the owner's memory), then acknowledge: the sender erases the rows only after."""
        try:
            await privacy.leave_session(self.bot.sessions, record, user_id)
        except Exception:
            log.exception("forget-me of session %s failed", record.id)
            return  # no acknowledgement: the sender tells the user to try again
        try:
            await self.store.notify(ACK_CHANNEL, json.dumps({"id": request}))
        except Exception:
            log.exception("could not acknowledge forget-me request %s", request)

    # -- receiver (the process that holds the session) ----------------------------------------

    def _on_click(self, payload: str) -> None:
        click = ForwardedClick.decode(payload)
        if click is None:
            log.warning("ignoring a %s payload this version does not understand", CLICK_CHANNEL)
            return
        if click.app != self.bot.application_id:
            return  # another bot sharing this database
        record = self.bot.sessions.by_id(click.session)
        if record is None or record.channel_id != click.channel:
            return  # not ours
        if click.kind != ACT and click.kind not in RECEIVERS:
            log.warning("ignoring a forwarded DM click of a kind this version does not take: %s", click.kind)
            return  # no acknowledgement: the sender tells the user the game's process did not answer
        self._spawn(self._take(click))

    async def _take(self, click: ForwardedClick) -> None:
        """Acknowledge, then apply the click exactly as a local one; answer a refusal privately."""
        turns.for_a_player()  # first for a work slot, as a local click
        try:
            await self.store.notify(ACK_CHANNEL, json.dumps({"id": click.id}))
        except Exception:
            log.exception("could not acknowledge forwarded DM click %s", click.id)
        try:
            if click.kind == ACT:
                await self.bot.sessions.act(click.session, click.user, click.version, click.index)
            else:
                await RECEIVERS[click.kind](self.bot, click, functools.partial(self._answer, click))
            log.debug("applied forwarded DM click %s on session %s (%s)", click.id, click.session, click.kind)
        except SessionError as exc:
            await self._answer(click, error_text_in(click.locale, exc))
        except Exception:
            log.exception("forwarded DM click %s on session %s failed", click.id, click.session)
            await self._answer(click, i18n.translate(click.locale, "error.internal"))

    async def _answer(self, click: ForwardedClick, content: str) -> None:
        """An ephemeral followup through the interaction's webhook (what ``interaction.followup`` is)."""
        data = {"id": click.app, "type": 3, "token": click.token}  # type 3: an application's webhook
        webhook = discord.Webhook.from_state(cast(Any, data), state=self.bot._connection)
        try:
            await webhook.send(content, ephemeral=True)
        except discord.HTTPException:
            log.exception("could not answer forwarded DM click %s", click.id)


async def start(bot: Host) -> Forwarder | None:
    """A running :class:`Forwarder` when this deployment needs one (see :func:`wanted`), else None."""
    settings = bot.settings
    count, ids = settings.shard_count, settings.shard_ids
    if not wanted(settings) or count is None or ids is None or not hasattr(bot.store, "listen"):
        return None
    forwarder = Forwarder(bot, cast(ListenStore, bot.store), count, ids)
    await forwarder.start()
    return forwarder
