"""In-process Discord emulator: HTTP API v10 + gateway, driven from tests as several users.

See ``tests/emulator/README.md`` for the test-author guide.  Everything runs on the test's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar

from aiohttp import web

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from .acting import ActingMixin
from .base import (
    _ARRIVED,
    API_PREFIX,
    ApiError,
    EmulatorError,
    FaultRule,
    HoldRule,
    Intents,
    Perm,
    _Conn,
    _json,
    _Request,
    _Session,
)
from .gateway import GatewayMixin
from .interaction_build import InteractionBuildMixin
from .message_store import MessageStoreMixin
from .models import (
    Attachment,
    Channel,
    Guild,
    InteractionResult,
    Member,
    Message,
    RequestRecord,
    Role,
    SnowflakeGen,
    User,
    Violation,
    is_interaction_route,
)
from .openapi import get_spec
from .payloads import PayloadsMixin
from .routes_interactions import InteractionRoutesMixin
from .routes_rest import RestRoutesMixin


class DiscordEmulator(
    ActingMixin,
    InteractionBuildMixin,
    PayloadsMixin,
    GatewayMixin,
    RestRoutesMixin,
    InteractionRoutesMixin,
    MessageStoreMixin,
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
        privileged_intents: int = Intents.PRIVILEGED,
        validate_responses: bool = False,
    ) -> None:
        self.token = token
        self.strict = strict
        self.heartbeat_interval_ms = heartbeat_interval_ms
        #: seconds the bot has to send the initial interaction response (Discord: 3 s); None = no limit
        self.interaction_deadline = interaction_deadline
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
        #: seconds: the bot-side latency benchmark (bench/click_latency.py) reads them
        self.record_timing = False
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
        return [g for g in self.guilds.values() if count <= 1 or self.shard_of(g.id, count) == shard_id]

    # ------------------------------------------------------------------ world building
    def create_user(
        self, name: str, *, locale: str = "en-US", dms_open: bool = True, global_name: str | None = None
    ) -> User:
        user = User(id=self._snow(), name=name, locale=locale, dms_open=dms_open, global_name=global_name)
        self.users[user.id] = user
        return user

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        preferred_locale: str = "en-US",
        owner: User | None = None,
        bot_permissions: int = Perm.DEFAULT_BOT,
        everyone_permissions: int = Perm.DEFAULT_EVERYONE,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild with the bot in it; ``shard=(id, count)`` picks an id on that shard of ``count``."""
        gid = self._snow.on_shard(*shard) if shard else self._snow()
        if owner is None:
            owner = self.create_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = Guild(id=gid, name=name, preferred_locale=preferred_locale, owner_id=owner.id)
        guild.roles[gid] = Role(id=gid, guild_id=gid, name="@everyone", permissions=everyone_permissions)
        bot_role = Role(
            id=self._snow(),
            guild_id=gid,
            name=self.bot_user.name,
            permissions=bot_permissions,
            position=1,
            managed=True,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(user=owner, guild_id=gid)
        guild.members[self.bot_user.id] = Member(user=self.bot_user, guild_id=gid, role_ids=[bot_role.id])
        self.guilds[gid] = guild
        target = self._session_for(gid)
        intents = target.intents if target else 0
        self._dispatch(
            "GUILD_CREATE", lambda: self._guild_create_payload(guild, intents), intent=Intents.GUILDS, guild_id=gid
        )
        return guild

    def create_channel(self, guild: Guild, name: str, *, type: int = 0) -> Channel:
        chan = Channel(id=self._snow(), name=name, type=type, guild_id=guild.id, position=len(guild.channels))
        guild.channels[chan.id] = chan
        self.channels[chan.id] = chan
        self._dispatch("CHANNEL_CREATE", lambda: self._channel_payload(chan), intent=Intents.GUILDS, guild_id=guild.id)
        return chan

    def create_thread(self, parent: Channel, name: str, *, type: int = 11) -> Channel:
        """A public thread (type 11) in ``parent``; it inherits the parent's overwrites (see deny_bot).

        Like Discord, posting in a thread needs View Channel and Send Messages in Threads,
        not Send Messages.  Threads are not among the guild's channels (GUILD_CREATE lists them apart).
        """
        assert parent.guild_id is not None and not parent.is_thread, "threads live in a guild channel"
        chan = Channel(id=self._snow(), name=name, type=type, guild_id=parent.guild_id, parent_id=parent.id)
        self.channels[chan.id] = chan
        self._dispatch(
            "THREAD_CREATE",
            lambda: {**self._channel_payload(chan), "newly_created": True},
            intent=Intents.GUILDS,
            guild_id=chan.guild_id,
        )
        return chan

    def create_role(self, guild: Guild, name: str, *, permissions: int = 0) -> Role:
        role = Role(id=self._snow(), guild_id=guild.id, name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._dispatch(
            "GUILD_ROLE_CREATE",
            lambda: {"guild_id": str(guild.id), "role": role.payload()},
            intent=Intents.GUILDS,
            guild_id=guild.id,
        )
        return role

    def add_member(
        self,
        guild: Guild,
        user: User,
        *,
        permissions: int = 0,
        roles: Iterable[Role | int] = (),
        nick: str | None = None,
    ) -> Member:
        """Make ``user`` a member.  ``permissions`` (extra bits on top of @everyone, e.g.
        ``Perm.ADMINISTRATOR`` or ``Perm.MANAGE_MESSAGES``) are granted via an auto-created role."""
        role_ids = [r.id if isinstance(r, Role) else int(r) for r in roles]
        if permissions:
            role = self.create_role(guild, f"{user.name}-perms", permissions=permissions)
            role_ids.append(role.id)
        member = Member(user=user, guild_id=guild.id, role_ids=role_ids, nick=nick)
        guild.members[user.id] = member
        self._dispatch(
            "GUILD_MEMBER_ADD",
            lambda: {**member.payload(), "guild_id": str(guild.id)},
            intent=Intents.GUILD_MEMBERS,
            guild_id=guild.id,
        )
        return member

    def remove_member(self, guild: Guild, user: User) -> None:
        """The user leaves/is kicked: dispatches GUILD_MEMBER_REMOVE (needs the members intent)."""
        guild.members.pop(user.id, None)
        self._dispatch(
            "GUILD_MEMBER_REMOVE",
            lambda: {"guild_id": str(guild.id), "user": user.payload()},
            intent=Intents.GUILD_MEMBERS,
            guild_id=guild.id,
        )
        self._notify()

    def set_dms_open(self, user: User, open_: bool) -> None:
        user.dms_open = open_

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        if user.dm_channel_id is None:
            chan = Channel(id=self._snow(), name=f"dm-{user.name}", type=1, recipient_id=user.id)
            self.channels[chan.id] = chan
            user.dm_channel_id = chan.id
        return self.channels[user.dm_channel_id]

    # ------------------------------------------------------------------ permissions
    def member_permissions(self, guild: Guild, user: User) -> int:
        if user.id == guild.owner_id:
            return Perm.ALL
        member = guild.members.get(user.id)
        if member is None:
            return 0
        perms = guild.everyone.permissions
        for rid in member.role_ids:
            role = guild.roles.get(rid)
            if role is not None:
                perms |= role.permissions
        if perms & Perm.ADMINISTRATOR:
            return Perm.ALL
        return perms

    # ------------------------------------------------------------------ reading state
    def _live(self, msgs: Iterable[Message]) -> list[Message]:
        return sorted((m for m in msgs if not m.deleted), key=lambda m: m.id)

    def channel_messages(self, channel: Channel, *, include_users: bool = False) -> list[Message]:
        """Non-ephemeral messages in ``channel`` (bot messages only unless ``include_users``), oldest first."""
        return self._live(
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and m.ephemeral_to is None and (include_users or m.from_bot)
        )

    def last_message(self, channel: Channel) -> Message | None:
        msgs = self.channel_messages(channel)
        return msgs[-1] if msgs else None

    def dm_messages(self, user: User) -> list[Message]:
        """Bot messages in ``user``'s DM channel with the bot (excluding ephemerals)."""
        if user.dm_channel_id is None:
            return []
        return self.channel_messages(self.channels[user.dm_channel_id])

    def ephemerals(self, user: User) -> list[Message]:
        """Ephemeral messages ``user`` has received (current content), oldest first."""
        return self._live(m for m in self.messages.values() if m.ephemeral_to == user.id)

    def visible_to(self, user: User) -> list[Message]:
        """Everything ``user`` can see: messages in channels of guilds they are in, their DMs with
        the bot and their ephemerals, oldest first."""
        return self._live(m for m in self.messages.values() if self.can_see(user, m))

    def can_see(self, user: User, m: Message) -> bool:
        """Whether ``user`` can see ``m`` (the rule of :meth:`visible_to`, for one message)."""
        if m.deleted:
            return False
        if m.ephemeral_to is not None:
            return m.ephemeral_to == user.id
        chan = self.channels.get(m.channel_id)
        if chan is None:
            return False
        if chan.is_dm:
            return chan.recipient_id == user.id
        return chan.guild_id in self.guilds and user.id in self.guilds[chan.guild_id].members

    def visible_text(self, user: User) -> str:
        """``text()`` of everything ``user`` can see, joined (for leak assertions)."""
        return "\n".join(m.text() for m in self.visible_to(user))

    def get_message(self, message_id: int) -> Message:
        return self.messages[int(message_id)]

    def request_counts(self, since: int = 0) -> dict[str, int]:
        """Requests by token kind from ``self.requests[since:]`` (429s and other failures included):
        ``{"bot": n, "interaction": m}``; interaction-token requests are callbacks and
        ``/webhooks/{app}/{token}`` routes, which Discord does not count against the bot's rate limits.
        Take ``since=len(emu.requests)`` before an action to count that action's requests only."""
        out = {"bot": 0, "interaction": 0}
        for rec in self.requests[since:]:
            out[rec.token_kind] += 1
        return out

    def requests_matching(self, method: str, path_regex: str) -> list[RequestRecord]:
        rx = re.compile(path_regex)
        return [r for r in self.requests if r.method == method.upper() and rx.fullmatch(r.path)]

    def command(self, name: str, guild: Guild | None = None) -> dict[str, Any]:
        """A synced top-level chat-input command by name (guild scope first, then global)."""
        scopes: list[int | None] = ([guild.id] if guild else []) + [None] + [g for g in self.commands if g]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        known = sorted({c["name"] for cmds in self.commands.values() for c in cmds})
        raise EmulatorError(f"the bot registered no command /{name}; registered: {known}")

    # ------------------------------------------------------------------ fault injection
    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int = 500,
        *,
        retry_after: float | None = None,
        count: int = 1,
        code: int = 0,
        message: str | None = None,
        is_global: bool = False,
    ) -> FaultRule:
        """Answer the next ``count`` requests matching ``method`` and ``path_regex`` (full match on
        the path after /api/v10, e.g. ``r"/channels/\\d+/messages"``) with an error.  ``status=429``
        sends a proper rate-limit response (``retry_after`` seconds, default 0.05)."""
        if status == 429 and retry_after is None:
            retry_after = 0.05
        rule = FaultRule(
            method=method.upper(),
            pattern=re.compile(path_regex),
            status=status,
            retry_after=retry_after,
            remaining=count,
            code=code,
            message=message or ("You are being rate limited." if status == 429 else f"{status}: injected fault"),
            is_global=is_global,
        )
        self.faults.append(rule)
        return rule

    def hold_next(self, method: str, path_regex: str, *, count: int = 1) -> HoldRule:
        """Keep the next ``count`` requests matching ``method`` and ``path_regex`` (full match, as for
        :meth:`fail_next`) in flight: recorded in ``requests`` and ``rule.hits``, neither carried out nor
        answered until ``rule.release()`` (then handled as usual) or ``rule.drop()`` / the emulator's
        stop (503, nothing done).  The bot waits as on a hung connection; SIGKILL it meanwhile to crash
        it with that request unfinished (e.g. a board edit never made)."""
        rule = HoldRule(method=method.upper(), pattern=re.compile(path_regex), remaining=count)
        self.holds.append(rule)
        return rule

    async def drop_gateway(self, code: int = 4000, *, wait: bool = True, timeout: float = 15.0) -> None:
        """Close the bot's gateway socket with ``code``; with ``wait``, return once it reconnected
        (RESUME or a new IDENTIFY)."""
        s = self._session
        if s is None or s.conn is None:
            raise EmulatorError("no gateway connection to drop")
        gen = self.gateway_generation
        conn = s.conn
        self.gateway_log.append(("drop", code))
        await self._close_conn(conn, code)
        if wait:
            await self.wait_until(
                lambda: self.gateway_generation > gen and self.bot_connected(),
                timeout,
                description="the bot to reconnect to the gateway",
            )

    async def send_reconnect(self) -> None:
        """Send op 7 RECONNECT (the bot should reconnect and RESUME)."""
        s = self._session
        if s and s.conn:
            await s.conn.send({"op": 7, "d": None})

    async def invalidate_session(self, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION."""
        s = self._session
        if s and s.conn:
            s.resumable = resumable
            await s.conn.send({"op": 9, "d": resumable})

    # ================================================================== internals: REST plumbing
    def _violation(self, method: str, path: str, message: str, kind: str = "openapi") -> None:
        self.violations.append(Violation(method, path, message, kind))

    async def _unknown_entry(self, request: web.Request) -> web.StreamResponse:
        self._violation(request.method, request.path, "request outside /api/v10", "unimplemented route")
        return _json(404, {"code": 0, "message": "404: Not Found"})

    async def _attachment_entry(self, request: web.Request) -> web.StreamResponse:
        att = self._attachment_data.get(int(request.match_info["aid"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    async def _rest_entry(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        if self.record_timing and path.startswith("/interactions/") and path.endswith("/callback"):
            timed = self.interactions.get(path.split("/")[3])  # /interactions/{id}/{token}/callback
            if timed is not None and timed.callback_at is None:
                arrived = _ARRIVED.get(id(request.protocol))
                timed.callback_at = arrived if arrived is not None else time.perf_counter()
        method = request.method.upper()
        query = dict(request.query)
        body: Any = None
        files: list[tuple[str, str, bytes, str | None]] = []
        ctype = request.content_type
        parse_error = None
        try:
            if ctype.startswith("multipart/"):
                reader = await request.multipart()
                async for part in reader:
                    if part.name == "payload_json":  # type: ignore[union-attr]
                        body = json.loads(await part.text())  # type: ignore[union-attr]
                    else:
                        data = await part.read()  # type: ignore[union-attr]
                        files.append(
                            (
                                part.name or "",
                                part.filename or "file",
                                bytes(data),  # type: ignore[union-attr]
                                part.headers.get("Content-Type"),
                            )
                        )  # type: ignore[union-attr]
            elif request.can_read_body:
                raw = await request.read()
                if raw:
                    if ctype != "application/json":
                        parse_error = f"body sent with Content-Type {ctype!r}"
                    body = json.loads(raw)
        except ValueError as e:
            parse_error = f"invalid JSON body: {e}"
        rec = RequestRecord(method, path, query, body, [f[1] for f in files])
        self.requests.append(rec)
        try:
            resp = await self._rest(request, rec, method, path, query, body, files, parse_error)
        except ApiError as e:
            resp = _json(e.status, e.body())
        except Exception as e:  # bug in the emulator: make it loud
            self._violation(method, path, f"emulator crashed: {e!r}", "emulator")
            resp = _json(500, {"code": 0, "message": f"emulator error {e!r}"})
            raise
        finally:
            self._notify()
        rec.status = resp.status
        return resp

    async def _rest(
        self,
        request: web.Request,
        rec: RequestRecord,
        method: str,
        path: str,
        query: dict[str, str],
        body: Any,
        files: list[tuple[str, str, bytes, str | None]],
        parse_error: str | None,
    ) -> web.Response:
        spec = get_spec()
        op = spec.match(method, path)
        errors: list[str] = []
        if parse_error:
            errors.append(parse_error)
        if op is None:
            self._violation(method, path, "no such operation in the OpenAPI spec")
        else:
            rec.operation = op.operation_id
            errors.extend(spec.validate_body(op, body))
        for err in errors:
            self._violation(method, path, err)
        # held requests (hold_next): in flight until released or dropped
        for hold in self.holds:
            if hold.remaining > 0 and hold.method == method and hold.pattern.fullmatch(path):
                hold.remaining -= 1
                hold.hits.append(path)
                self._notify()
                await hold._released.wait()
                if hold.dropped:
                    return _json(503, {"code": 0, "message": "503: held request dropped by the emulator"})
                break
        # fault injection
        for rule in self.faults:
            if rule.remaining > 0 and rule.method == method and rule.pattern.fullmatch(path):
                rule.remaining -= 1
                rule.hits.append(path)
                return self._fault_response(rule)
        # authentication (interaction callbacks and webhook-token routes need none)
        needs_auth = not is_interaction_route(path)
        if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
            return _json(401, {"code": 0, "message": "401: Unauthorized"})
        handler, params = self._route(method, path)
        if handler is None:
            self._violation(method, path, "unimplemented route", "unimplemented route")
            return _json(404, {"code": 0, "message": "404: Not Found (not implemented by the emulator)"})
        if errors and self.strict:
            return _json(400, {"code": 50035, "message": "Invalid Form Body", "errors": {"_emulator": errors}})
        req = _Request(method, path, query, body, files, params)
        result = await handler(req)
        if result is None:
            return web.Response(status=204)
        status, data = result if isinstance(result, tuple) else (200, result)
        if self.validate_responses and op is not None:
            for err in spec.validate_response(op, status, data):
                self._violation(method, path, err, "emulator-response")
        return _json(status, data)

    def _fault_response(self, rule: FaultRule) -> web.Response:
        if rule.status == 429:
            ra = rule.retry_after or 0.05
            return _json(
                429,
                {"message": rule.message, "retry_after": ra, "global": rule.is_global, "code": rule.code},
                headers={
                    "Retry-After": str(max(1, int(ra + 0.999))),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": str(ra),
                    "X-RateLimit-Scope": "global" if rule.is_global else "user",
                    "Via": "1.1 google",
                    **({"X-RateLimit-Global": "true"} if rule.is_global else {}),
                },
            )
        return _json(rule.status, {"code": rule.code, "message": rule.message})

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
