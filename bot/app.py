"""The Bot, and the composition root: opens the store, loads the cogs, registers the buttons, restores sessions.

Nothing imports this module (``tests/platform/tree/test_layers.py``): it is where
the concrete pieces meet — the store, the session manager, the Discord
presenter, the click routes of :mod:`bot.frontend.inbound.clicks` and the cogs.  The handlers
below it see the bot as :class:`bot.frontend.services.Services`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.core import config, games, retention
from bot.core import settings as server_settings
from bot.core.ai.pool import ThinkPool
from bot.core.review.runner import ReviewRunner, effort_from, in_pool
from bot.core.sessions import SessionManager
from bot.core.settings import hint_policy
from bot.core.slow import pace
from bot.core.store import Store
from bot.frontend import answers
from bot.frontend.drawing.picture_pool import PicturePool
from bot.frontend.gateway import forwarding, outages, starting, vanished
from bot.frontend.gateway.gateway_events import GatewayEvents
from bot.frontend.inbound import clicks, review_answers
from bot.frontend.presenting import buried
from bot.frontend.presenting.presenter import DiscordPresenter
from bot.frontend.slash import game_loading
from bot.frontend.ui import cycles
from bot.frontend.ui.slash import CatalogueTranslator
from bot.runtime import metrics
from bot.transport import buckets

log = logging.getLogger(__name__)
DRAIN_SECONDS = 5.0
"""How long a stopping bot waits for the interactions it is handling (well inside a service manager's stop
timeout, 90 s for systemd; an interaction stuck longer is cut off, as before)."""
SWEEP_EVERY = 60.0
GC_YOUNG_THRESHOLD = 10_000  # allocations between young collections (see setup_hook)


class KadoBot(GatewayEvents, commands.Bot):
    """Kado's bot: builds its parts in ``setup_hook`` and takes them down in order in :meth:`close`.

    The order is the point: the store before anything that reads it, the
    worker pools before restore (restored games draw and think in them), the
    forwarder after restore (it must know this process's sessions), and on
    the way down the interactions in hand first and the store last.
    """

    store: Store
    sessions: SessionManager
    presenter: DiscordPresenter
    forwarder: forwarding.Forwarder | None = None  # DM clicks to/from other shard processes (forwarding.py)
    pruner: retention.HistoryPruner
    ai_pool: ThinkPool | None = None  # the strong AI's worker processes (AI_WORKERS; bot/core/ai/pool.py)
    picture_pool: PicturePool | None = None  # where pictures are drawn (PICTURE_WORKERS; drawing/picture_pool.py)

    def __init__(self, settings: config.Settings, *, store: Store | None = None, **shards: Any) -> None:
        # Kado has no voice: discord.py's two "voice will NOT be supported" warnings at each start are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()
        intents.members = settings.members_intent  # privileged: only when the operator enabled it
        # Every input is an interaction; Kado reads no messages and no typing.  Without these two,
        # Discord stops sending a MESSAGE_UPDATE for each board edit the bot makes itself, which
        # discord.py parsed into a full Message: a fifth of a click's CPU (docs/performance.md).
        intents.messages = False
        intents.typing = False
        # ...but a server's messages are counted, unread, to bring a buried board back (bot.frontend.presenting.buried,
        # which parses them raw and drops MESSAGE_UPDATE unread); not privileged.
        intents.guild_messages = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=settings.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions.none(),  # a message pings only whom it names (presenter._post)
            http_trace=metrics.http_trace(),  # counts every request to Discord when METRICS_PORT is set; else None
            **shards,
        )
        self.settings = settings
        buckets.amortise(self.http)  # discord.py's bucket sweep, once per doubling rather than per new bucket
        if store is not None:  # opened before connecting (see run): a bad database stops us before Discord
            self.store = store
        self.moderator_roles: dict[int, int] = {}
        self.command_ids: dict[str, int] = {}  # top-level command name -> id, from the sync (help's mentions)
        self.tree.error(answers.on_app_command_error)  # a command failing outside `guarded` still answers

    async def setup_hook(self) -> None:
        """Build every part before the gateway connects: a click that arrives finds its session restored."""
        if not hasattr(self, "store"):
            self.store = await open_store(self.settings)
        self.moderator_roles = await self.store.moderator_roles()  # /game settings modrole, per server
        hint_policy.remember_all(await self.store.all_guild_settings())  # where the Hint button shows
        cfg = self.settings
        pace.set_test_scale(float(os.environ.get(pace.TEST_SCALE_ENV) or 1))  # tests only: days in seconds
        self.picture_pool = PicturePool(cfg.picture_workers)
        self.picture_pool.start()  # before restore: the first boards and hands are drawn in the workers
        self.presenter = DiscordPresenter(
            self, self.store, ping_grace=cfg.turn_ping_grace, token_reuse=cfg.token_reuse, pictures=self.picture_pool
        )
        self.presenter.delivery.retry_every = cfg.dm_retry  # closed DMs tried again at most this often
        self.presenter.dm_notices.delay = cfg.slow_notice_delay  # a slow game's DM only for a seat slower than this
        buried.count_messages(self, self.presenter.buried)  # others' messages below each board
        self.sessions = SessionManager(
            self.store,
            self.presenter,
            ai_delay=cfg.ai_delay,
            turn_timeout=cfg.turn_timeout,
            pick_timeout=cfg.pick_timeout,
            afk_limit=cfg.afk_limit,
            lobby_ttl=cfg.lobby_ttl,
            idle_ttl=cfg.idle_ttl,
            seed=cfg.seed,
            work_slots=cfg.work_slots,
        )
        self.ai_pool = ThinkPool(cfg.ai_workers)
        self.ai_pool.start()  # before restore: restored AI turns think in the workers from their first move
        self.sessions.ai.pool = self.ai_pool
        self.reviews = ReviewRunner(self.store, in_pool(self.ai_pool), effort_from(dict(os.environ)))  # in its workers
        shards = [self.shard_id or 0]
        if isinstance(self, commands.AutoShardedBot):  # ShardedKadoBot: SHARD_COUNT is always set
            shards = list(self.shard_ids or range(self.shard_count or 1))
        self.gateway = outages.GatewayWatch(shards, self.shard_count, self.sessions.reachable_again)
        self.sessions.unreachable = self.gateway.unreachable  # no turn runs out while Discord is unreachable
        if self.ai_pool.gate is not None:
            clicks.pause_searches_with(self.ai_pool.gate.held)  # a click pauses the workers' searches
        metrics.set_live_sessions(self.sessions.live)  # the live-sessions gauge, counted at each scrape
        self.pruner = retention.HistoryPruner(self.store, cfg.history_days)
        await self.tree.set_translator(CatalogueTranslator())
        # Clicks are routed by on_interaction from their custom_id (clicks.on_component), not by discord.py's
        # DynamicItem dispatch (which rebuilt a View from the clicked message), and their message is parsed
        # without what no route reads (clicks.lighten): less CPU per click (docs/performance.md).
        parse = self._connection.parsers["INTERACTION_CREATE"]
        self._connection.parsers["INTERACTION_CREATE"] = lambda data: parse(clicks.lighten(data))
        playable = game_loading.playable()  # first: a broken game package is skipped before any list names it
        await self.load_extension("bot.frontend.slash.commands")  # /game …: the platform's own commands
        await game_loading.load_groups(self, playable)
        restored = await self.sessions.restore()
        await self.reviews.resume()  # reviews asked for before a stop are computed now
        await review_answers.resume(self, self.reviews)  # and reach whoever waited for them
        log.info("restored %d live sessions", restored)
        # Everything loaded so far (modules, catalogues, restored sessions) lives as long as the
        # process: keep it out of the collector's full passes, whose pauses grow with the heap and
        # land on whichever click is being answered (bench/clicks/latency.py's p99).
        gc.freeze()
        # Young collections: the click path makes no cyclic garbage (bot.frontend.ui.cycles), so reference counting
        # frees nearly all a click allocates; at the default threshold of 700 the collector still ran ~10
        # times a second at 200 games, each pass traversing the clicks in flight and promoting them to the
        # old generations (whose full passes were the longest pauses).  At 10,000: about one pass a minute.
        gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        self.forwarder = await forwarding.start(self)  # after restore: this process now knows its sessions
        await self._sync_commands()
        self._sweeper = asyncio.create_task(self._sweep_forever())
        self._refresher = asyncio.create_task(self._refresh_boards())
        self._announcer = asyncio.create_task(self._announce_missed_endings())

    async def _refresh_boards(self) -> None:
        """Show every restored session as stored, once, after a start.

        A crash between a move's commit and its board edit leaves the board one
        move behind, with buttons that are nobody's choice any more (a stuck
        game for PORTAS, whose controls are on the board).  One edit per live
        session, one at a time under its channel lock, in the background.
        First, once the gateway has delivered every server, the games whose
        channel was deleted while the bot was stopped end (bot.frontend.gateway.vanished).
        """
        await self.wait_until_ready()
        try:
            await vanished.end_games_of_deleted_channels(self, self.sessions)
        except Exception:
            log.exception("could not look for games whose channel was deleted")
        for record in self.sessions.live():
            async with self.sessions.lock(record.channel_id):
                if self.sessions.by_id(record.id) is not record:
                    continue
                try:
                    if record.status == "active":
                        await self.presenter.game_changed(record, [])
                    elif record.board_message_id is not None:
                        await self.presenter.lobby_changed(record)
                except Exception:
                    log.exception("could not refresh the board of session %s", record.id)

    async def _announce_missed_endings(self) -> None:
        """Show the ends a crash kept from being shown, once, after a start (beside :meth:`_refresh_boards`).

        A crash between the commit of a session's end (a game's last move, a
        reset, an expiry...) and its board edit left a board with buttons that
        only answer "this game has ended" and no result line; such sessions are
        not live, so the refresh of live boards does not see them.  A task of its
        own: neither waits behind the other (thousands of live boards to refresh
        would hold a result back for minutes).
        """
        try:
            await self.sessions.announce_missed_endings()
        except Exception:
            log.exception("could not announce the session ends a crash left unannounced")

    async def _sweep_forever(self) -> None:
        """Close expired lobbies and idle games once a minute (the first sweep a minute after start-up)."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            await self._sweep_once()

    async def _sweep_once(self) -> None:
        """One sweep: expire lobbies and idle games, then prune old games' moves when an hour has passed.

        Each step fails alone (logged): a database hiccup while pruning must
        not stop games from expiring, nor the other way round.
        """
        try:
            await self.sessions.sweep()
        except Exception:
            log.exception("sweep failed")
        try:
            await self.pruner.run_if_due()  # HISTORY_DAYS; at most hourly (bot/core/retention.py)
        except Exception:
            log.exception("pruning old games failed")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every button click, routed by its custom_id here rather than by discord.py's views (see setup_hook)."""
        await clicks.on_component(interaction)

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        """A slash command is done with its interaction: unlink its reference cycle (bot.frontend.ui.cycles)."""
        cycles.release_interaction(interaction)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A player who left the server can never click again: their seats go to the AI, not a soft-lock."""
        await self.sessions.seat_left(payload.guild_id, payload.user.id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A game's channel deleted ends that game: no board could show it, and its timers would play on."""
        await self._ended_where_gone(self.sessions.channel_gone, channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game played in a thread ends when the thread is deleted, as one in a channel does."""
        await self._ended_where_gone(self.sessions.channel_gone, payload.thread_id)  # also a deleted channel's threads

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Kado removed from a server ends its games there; an outage is ``guild_unavailable``, not this."""
        await self._ended_where_gone(self.sessions.guild_gone, guild.id)  # not an outage: that is guild_unavailable

    async def _ended_where_gone(self, end: Callable[[int], Awaitable[Any]], where: int) -> None:
        try:
            if await end(where):
                log.info("ended the game(s) of %s: its channel or server is gone", where)
        except Exception:  # not saved now: the game stays live, and the idle sweep ends it later
            log.exception("could not end the game(s) of %s, whose channel or server is gone", where)

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        self.command_ids = {command.name: command.id for command in synced}
        log.info("synced %d application commands", len(synced))

    async def game_options(self, guild_id: int, game: str) -> dict[str, Any]:
        """The server's rule options for ``game`` (set with /game settings; defaults otherwise)."""
        return server_settings.rules_for(await self.store.guild_settings(guild_id), games.get(game))

    async def guild_setting(self, guild_id: int | None, key: str, default: Any = None) -> Any:
        """One server setting from /game settings (``"turn_timeout"``, ``"language"``...), or ``default``.

        Read through the settings' declaration, typed as it declares it: a stored value this version cannot read
        (a string where a number belongs, an older row's float) is the setting's default, never passed on raw;
        an unset setting (``None``) or a call outside a server is ``default``.  A key that is no setting raises.
        """
        if guild_id is None:
            return default
        value = server_settings.read_one(await self.store.guild_settings(guild_id), key)
        return default if value is None else value

    async def close(self) -> None:
        """Take the parts down in the reverse of their dependencies; safe after a start that failed midway."""
        # the commands and clicks being handled finish first (a lobby being opened, a move being shown)
        if not await answers.HANDLING.drained(DRAIN_SECONDS):
            log.warning("stopping with %d interaction(s) still being handled", answers.HANDLING.count)
        if self.forwarder is not None:  # first: it holds a pool connection and applies moves
            await self.forwarder.close()
        if hasattr(self, "_sweeper"):
            self._sweeper.cancel()
        if hasattr(self, "_refresher"):
            self._refresher.cancel()
        if hasattr(self, "_announcer"):
            self._announcer.cancel()
        if hasattr(self, "gateway"):
            await self.gateway.close()
        if hasattr(self, "sessions"):
            await self.sessions.close()
        if hasattr(self, "reviews"):  # before the pool; unfinished reviews stay pending for the next start
            await self.reviews.close()
        if self.ai_pool is not None:  # after the sessions: no AI task asks it any more
            await self.ai_pool.close()
        if self.picture_pool is not None:  # after the sessions too: a move in flight still gets its picture
            await self.picture_pool.close()
        if hasattr(self, "presenter"):  # while the connection to Discord is still up: take turn notices down
            await self.presenter.notifier.close()
        if hasattr(self, "store"):
            await self.store.close()
        # A stop during start-up: discord.py's pending "ready" (and each shard's) would fire after its close()
        # cleared the loop, and fail with a traceback; nothing waits for them any more.
        state = self._connection
        for pending in [getattr(state, "_ready_task", None), *getattr(state, "_ready_tasks", {}).values()]:
            if pending is not None and not pending.done():
                pending.cancel()
        await super().close()


class ShardedKadoBot(KadoBot, commands.AutoShardedBot):
    """Kado running several shards in this one process (``SHARD_IDS=0,1`` or all of ``SHARD_COUNT``)."""


def make_bot(settings: config.Settings, store: Store | None = None) -> KadoBot:
    """One shard, several, or Discord's choice; see docs/deploy.md for running shards in several processes.

    Sessions are channel-scoped and a channel's events reach only its guild's
    shard, so each process serves its own guilds' games (from a shared
    PostgreSQL database when there are several processes).
    """
    count, ids = settings.shard_count, settings.shard_ids
    if count is None:
        return KadoBot(settings, store=store)
    if ids is not None and len(ids) == 1:
        return KadoBot(settings, store=store, shard_id=ids[0], shard_count=count)
    return ShardedKadoBot(settings, store=store, shard_count=count, shard_ids=list(ids) if ids else None)


async def open_store(settings: config.Settings) -> Store:
    """SQLite at ``DATABASE_PATH`` (the default), or PostgreSQL when ``DATABASE_URL`` names one."""
    if settings.database_url:
        from bot.core.store.postgres import PostgresStore  # asyncpg is an optional extra: import only when asked

        shards = None  # several processes share the database: restore only this process's shards' sessions
        if settings.shard_count is not None and settings.shard_ids is not None:
            shards = (settings.shard_count, settings.shard_ids)
        return await PostgresStore.open(settings.database_url, shards=shards)  # type: ignore[return-value]
    return await Store.open(settings.database_path)


def point_at(settings: config.Settings) -> None:
    """Use another Discord endpoint (the test emulator) when the settings name one."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def start_metrics(settings: config.Settings) -> None:
    """Serve Prometheus metrics when ``METRICS_PORT`` is set (runtime/metrics.py); a mistake is one line."""
    if settings.metrics_port is None:
        return
    try:
        metrics.start(settings.metrics_port, settings.metrics_host)
    except ImportError:
        raise config.ConfigError(
            "METRICS_PORT is set but prometheus-client is not installed: pip install -e '.[metrics]'"
        ) from None
    except OSError as exc:
        raise config.ConfigError(
            f"METRICS_PORT: cannot listen on {settings.metrics_host}:{settings.metrics_port} ({exc.strerror})."
        ) from None
    log.info("metrics on http://%s:%d/metrics", settings.metrics_host, settings.metrics_port)


async def run(settings: config.Settings) -> None:
    """Run until Discord closes us or a SIGTERM/SIGINT arrives, then close cleanly.

    A deploy or ``systemctl stop`` sends SIGTERM; without a handler the process
    dies mid-flight.  Nothing committed would be lost (every move is in the
    database before it is shown), but a clean close lets the last group commit
    finish, cancels timers, and hands the forwarding listener back.
    """
    point_at(settings)
    start_metrics(settings)  # before the bot exists: its HTTP session takes the request-counting trace
    # The database first: one that cannot be used (unreadable, damaged, newer schema) stops the process
    # with one line (StoreUnavailable → exit 3 in __main__) before anything connects to Discord.
    bot = make_bot(settings, await open_store(settings))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop
            loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(starting.start(bot, settings.token))  # waits out an outage at start
        stopper = asyncio.create_task(stop.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if not runner.done():
            log.info("stopping: signal received")
            await bot.close()
            # during an outage discord.py may be asleep in its reconnect backoff (minutes): not worth waiting for
            if not (await asyncio.wait({runner}, timeout=1.0))[0]:
                runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner  # a start that failed (a bad token) raises here
        log.info("stopped")
