"""In-process Discord emulator: HTTP API v10 + gateway, driven from tests as several users.

See ``tests/emulator/README.md`` for the test-author guide.  Everything runs on the test's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from aiohttp import web

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from .base import (
    API_PREFIX,
    NONCE_WINDOW,
    ApiError,
    EmulatorError,
    FaultRule,
    HoldRule,
    Intents,
    Perm,
    _Conn,
    _Request,
    _Session,
)
from .gateway.acting import ActingMixin
from .gateway.connection import GatewayMixin
from .gateway.interaction_build import InteractionBuildMixin
from .models import (
    Attachment,
    Channel,
    Guild,
    InteractionResult,
    Message,
    RequestRecord,
    SnowflakeGen,
    User,
    Violation,
)
from .rest.faults import FaultsMixin
from .rest.interactions import InteractionRoutesMixin
from .rest.openapi import get_spec
from .rest.payloads import PayloadsMixin
from .rest.plumbing import PlumbingMixin
from .rest.ratelimits import RateLimits
from .rest.routes import RestRoutesMixin
from .rest.threads import ThreadRoutesMixin
from .state.forgetting import ForgettingMixin
from .state.message_store import MessageStoreMixin
from .state.world import WorldMixin

# re-exported: the test API imports these from here
__all__ = ["NONCE_WINDOW", "ApiError", "DiscordEmulator", "EmulatorError", "Intents", "Perm"]


class DiscordEmulator(
    WorldMixin,
    PlumbingMixin,
    ActingMixin,
    InteractionBuildMixin,
    PayloadsMixin,
    GatewayMixin,
    RestRoutesMixin,
    ThreadRoutesMixin,
    InteractionRoutesMixin,
    MessageStoreMixin,
    ForgettingMixin,
    FaultsMixin,
):
    """A fake Discord (REST v10 + gateway) for end-to-end tests of a discord.py bot.

    Quick start::

        emu = DiscordEmulator()
        await emu.start()
        guild = emu.create_guild("Test")
        chan = emu.create_channel(guild, "games")
        alice = emu.create_user("alice")
        emu.add_member(guild, alice)
        ... run the bot with KADO_API_BASE=emu.api_base, KADO_GATEWAY_URL=emu.gateway_url ...
        await emu.wait_for_commands()
        res = await emu.slash(alice, chan, "demo hello")
        assert res.ephemeral and "Hello" in res.content
        await emu.stop()

    ``strict`` (default True): requests whose body violates the OpenAPI spec or a documented
    Discord rule are answered with 400/50035 (like Discord would) *and* recorded in
    :attr:`violations`.  With ``strict=False`` they are only recorded.
    """

    def __init__(
        self,
        *,
        token: str = "test-token",
        bot_name: str = "Kado",
        strict: bool = True,
        heartbeat_interval_ms: int = 41250,
        interaction_deadline: float | None = 3.0,
        interaction_token_ttl: float = 900.0,
        privileged_intents: int = Intents.PRIVILEGED,
        validate_responses: bool = False,
    ) -> None:
        self.token = token
        self.strict = strict
        self.heartbeat_interval_ms = heartbeat_interval_ms
        #: seconds the bot has to send the initial interaction response (Discord: 3 s); None = no limit
        self.interaction_deadline = interaction_deadline
        #: seconds an interaction token opens its webhook routes (Discord: 15 minutes); later → 401/50027
        self.interaction_token_ttl = interaction_token_ttl
        #: privileged intents "enabled in the developer portal"; others → close 4014
        self.privileged_intents = privileged_intents
        #: also validate the emulator's own 2xx JSON responses against the spec (self-check;
        #: mismatches are recorded as violations of kind "emulator-response")
        self.validate_responses = validate_responses
        self._snow = SnowflakeGen()
        self.application_id = self._snow()
        self.bot_user = User(id=self.application_id, name=bot_name, bot=True, global_name=None)
        self.owner_user = User(id=self._snow(), name="app-owner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        #: synced application commands: {None: global list, guild_id: guild list}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self.interactions: dict[str, InteractionResult] = {}  # by token
        #: every REST request the bot made, in order
        self.requests: list[RequestRecord] = []
        #: OpenAPI / Discord-rule / protocol violations; tests should assert this is empty
        self.violations: list[Violation] = []
        self.faults: list[FaultRule] = []
        self.holds: list[HoldRule] = []
        self.gateway_refused = False  #: an outage (``cut_gateway``): new gateway connections get 503
        self.api_down = False  #: Discord's API in an outage: every REST request gets 503 (set before a start)
        #: what an outage answers instead (``api_outage``): (status, an HTML page rather than Discord's JSON)
        self.api_down_answer: tuple[int, bool] = (503, False)
        #: gateway history: ("connect"|"identify"|"resume"|"invalid_session"|"close", detail)
        self.gateway_log: list[tuple[str, Any]] = []
        self.identifies = 0
        self.gateway_generation = 0  # bumps on every successful IDENTIFY or RESUME
        self.violations_expected = False
        self._sessions: dict[str, _Session] = {}
        self._session: _Session | None = None  # the last session to IDENTIFY or RESUME
        #: sharded bots (IDENTIFY with ``shard: [id, count]``, count > 1): the current session of each shard
        #: id; events are routed like Discord's (see :meth:`_session_for`)
        self._shards: dict[int, _Session] = {}
        self.shard_count = 1
        self._conns: set[_Conn] = set()
        self._event = asyncio.Event()
        self._log_sources: dict[str, Callable[[], str]] = {}
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self.port = 0
        self._attachment_data: dict[int, Attachment] = {}
        #: set True to stamp each interaction's ``sent_at`` (its INTERACTION_CREATE frame written to the
        #: bot's socket) and ``callback_at`` (its /callback request reaching the emulator), perf_counter
        #: seconds: the bot-side latency benchmark (bench/clicks/latency.py) reads them
        self.record_timing = False
        self.send_any_choice = False  # slash() sends values outside an option's choices (a forged client)
        #: seconds of a REST round trip to Discord, half on the way there (before the request takes effect), half
        #: on the way back; 0 (tests): none.  The real API's is 50-300 ms; benchmarks set it to compare request
        #: patterns as players would feel them (bench.clicks.openloop --rtt)
        self.rest_latency = 0.0
        #: the X-RateLimit-* headers of bot-token answers (tests/emulator/rest/ratelimits.py)
        self.rate_limits = RateLimits()
        self._nonces: dict[tuple[int, str], tuple[Message, float]] = {}  # enforce_nonce (author, nonce)
        self._awaiting_send: dict[int, InteractionResult] = {}  # gateway seq -> interaction (record_timing)

    # ------------------------------------------------------------------ lifecycle
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> DiscordEmulator:
        get_spec()  # load (once per process) before the bot connects
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest_entry)
        app.router.add_get("/gateway", self._ws_entry)
        app.router.add_get("/gateway/", self._ws_entry)
        app.router.add_get("/attachments/{aid}/{filename}", self._attachment_entry)
        app.router.add_route("*", "/{tail:.*}", self._unknown_entry)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, host, port)
        await self._site.start()
        server = self._site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.host = host
        return self

    async def stop(self) -> None:
        for hold in self.holds:  # a held request must not keep the server's shutdown waiting
            hold.drop()
        for conn in list(self._conns):
            conn.closed = True
            if conn.writer:
                conn.writer.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001), 2)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        return f"http://{self.host}:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def bot_env(self) -> dict[str, str]:
        """Environment variables pointing a bot at this emulator."""
        env = {
            "DISCORD_TOKEN": self.token,
            "KADO_API_BASE": self.api_base,
            "KADO_GATEWAY_URL": self.gateway_url,
        }
        if self.guilds:
            env["DEV_GUILD_ID"] = str(next(iter(self.guilds)))
        return env

    # ------------------------------------------------------------------ notification / waiting
    def _notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    def expect_violations(self) -> None:
        """Tell the ``emulator`` fixture not to fail the test because of recorded violations."""
        self.violations_expected = True

    def attach_log_source(self, name: str, fn: Callable[[], str]) -> None:
        """Register a callable whose output (e.g. a bot's log tail) is appended to timeout errors."""
        self._log_sources[name] = fn

    def detach_log_source(self, name: str) -> None:
        self._log_sources.pop(name, None)

    def diagnostics(self, *, log_lines: int = 40) -> str:
        lines = ["Last REST requests:"]
        for r in self.requests[-12:]:
            body = json.dumps(r.json)[:200] if r.json is not None else ""
            lines.append(f"  {r.method} {r.path} -> {r.status} {body}")
        if self.violations:
            lines.append("Violations:")
            lines.extend(f"  {v}" for v in self.violations[-10:])
        lines.append(f"Gateway: {self.gateway_log[-6:]}")
        for name, fn in self._log_sources.items():
            try:
                text = fn()
            except Exception as e:  # pragma: no cover
                text = f"<log unavailable: {e}>"
            tail = "\n".join(text.splitlines()[-log_lines:])
            lines.append(f"--- {name} (last {log_lines} lines) ---\n{tail}")
        return "\n".join(lines)

    async def wait_until(
        self,
        predicate: Callable[[], Any],
        timeout: float = 10.0,
        *,
        description: str | None = None,
        interval: float = 0.05,
    ) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked on every emulator state change and every
        ``interval`` s); return its value.  Raises TimeoutError with diagnostics (recent requests,
        violations, bot log tail)."""
        deadline = time.monotonic() + timeout
        while True:
            ev = self._event
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                desc = description or getattr(predicate, "__name__", repr(predicate))
                raise TimeoutError(f"Timed out after {timeout}s waiting for {desc}\n{self.diagnostics()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ev.wait(), min(remaining, interval))

    async def wait_for_commands(self, timeout: float = 10.0, *, syncs: int = 1) -> dict[int | None, list]:
        """Wait until the bot has synced its application commands (``syncs`` PUTs in total)."""
        await self.wait_until(
            lambda: self.command_syncs >= syncs, timeout, description=f"{syncs} application command sync(s)"
        )
        return self.commands

    async def wait_for_bot(self, timeout: float = 10.0) -> None:
        """Wait until a bot is connected to the gateway (identified or resumed)."""
        await self.wait_until(self.bot_connected, timeout, description="bot gateway connection")

    def bot_connected(self) -> bool:
        s = self._session
        return s is not None and s.conn is not None and not s.conn.closed

    # ------------------------------------------------------------------ sharding
    def shard_of(self, guild_id: int | None, shard_count: int | None = None) -> int:
        """Discord's shard of a guild, ``(guild_id >> 22) % shard_count``; DMs (``None``) are shard 0."""
        count = shard_count or self.shard_count
        return (guild_id >> 22) % count if guild_id else 0

    def shard_connected(self, shard_id: int) -> bool:
        """A bot connection currently serves ``shard_id`` (of :attr:`shard_count`; unsharded: shard 0)."""
        s = self._shards.get(shard_id) if self.shard_count > 1 else (self._session if shard_id == 0 else None)
        return s is not None and s.conn is not None and not s.conn.closed

    def _session_for(self, guild_id: int | None) -> _Session | None:
        """The gateway session that gets a guild's events (``None``: DM events), like Discord routes them.

        A bot that does not shard gets everything on its one connection.  A
        sharded bot gets a guild's events only on the connection whose shard
        id is ``(guild_id >> 22) % shard_count``, and DM events (messages and
        DM interactions) only on shard 0.
        """
        if self.shard_count <= 1:
            return self._session
        return self._shards.get(self.shard_of(guild_id))

    def _guilds_of(self, shard: tuple[int, int]) -> list[Guild]:
        shard_id, count = shard
        mine = [g for g in self.guilds.values() if self.bot_user.id in g.members]  # not those it was removed from
        return [g for g in mine if count <= 1 or self.shard_of(g.id, count) == shard_id]

    _ROUTES: ClassVar[list[tuple[str, str, str]]] = [
        ("GET", r"/gateway", "_r_gateway"),
        ("GET", r"/gateway/bot", "_r_gateway_bot"),
        ("GET", r"/users/@me", "_r_me"),
        ("GET", r"/users/(?P<uid>\d+)", "_r_user"),
        ("GET", r"/oauth2/applications/@me", "_r_app"),
        ("GET", r"/applications/@me", "_r_app"),
        ("POST", r"/users/@me/channels", "_r_create_dm"),
        ("GET", r"/applications/(?P<app>\d+)/commands", "_r_get_commands"),
        ("PUT", r"/applications/(?P<app>\d+)/commands", "_r_put_commands"),
        ("POST", r"/applications/(?P<app>\d+)/commands", "_r_post_command"),
        ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<gid>\d+)/commands", "_r_get_commands"),
        ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<gid>\d+)/commands", "_r_put_commands"),
        ("POST", r"/applications/(?P<app>\d+)/guilds/(?P<gid>\d+)/commands", "_r_post_command"),
        ("GET", r"/applications/(?P<app>\d+)/commands/(?P<cmd>\d+)", "_r_get_command"),
        ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<gid>\d+)/commands/(?P<cmd>\d+)", "_r_get_command"),
        ("DELETE", r"/applications/(?P<app>\d+)/commands/(?P<cmd>\d+)", "_r_delete_command"),
        ("DELETE", r"/applications/(?P<app>\d+)/guilds/(?P<gid>\d+)/commands/(?P<cmd>\d+)", "_r_delete_command"),
        ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", "_r_callback"),
        ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", "_r_followup"),
        ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "_r_wh_get"),
        ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "_r_wh_edit"),
        ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "_r_wh_delete"),
        ("GET", r"/channels/(?P<cid>\d+)", "_r_get_channel"),
        ("GET", r"/channels/(?P<cid>\d+)/messages", "_r_list_messages"),
        ("POST", r"/channels/(?P<cid>\d+)/messages", "_r_create_message"),
        ("GET", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "_r_get_message"),
        ("PATCH", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "_r_edit_message"),
        ("DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "_r_delete_message"),
        ("POST", r"/channels/(?P<cid>\d+)/typing", "_r_typing"),
        ("POST", r"/channels/(?P<cid>\d+)/threads", "_r_start_thread"),
        ("POST", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)/threads", "_r_start_thread_from_message"),
        ("PUT", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)/reactions/(?P<emoji>[^/]+)/@me", "_r_reaction"),
        ("DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)/reactions/(?P<emoji>[^/]+)/@me", "_r_reaction"),
        ("GET", r"/guilds/(?P<gid>\d+)", "_r_get_guild"),
        ("GET", r"/guilds/(?P<gid>\d+)/channels", "_r_guild_channels"),
        ("GET", r"/guilds/(?P<gid>\d+)/roles", "_r_guild_roles"),
        ("GET", r"/guilds/(?P<gid>\d+)/members", "_r_list_members"),
        ("GET", r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", "_r_get_member"),
    ]
    _COMPILED: ClassVar[list[tuple[str, re.Pattern[str], str]] | None] = None

    def _route(self, method: str, path: str) -> tuple[Callable[[_Request], Awaitable[Any]] | None, dict[str, str]]:
        if DiscordEmulator._COMPILED is None:
            DiscordEmulator._COMPILED = [(m, re.compile(rx), name) for m, rx, name in self._ROUTES]
        for m, rx, name in DiscordEmulator._COMPILED:
            if m == method:
                match = rx.fullmatch(path)
                if match:
                    return getattr(self, name), match.groupdict()
        return None, {}
