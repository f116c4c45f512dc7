"""In-process Discord emulator: HTTP API v10 + gateway, driven from tests as several users.

See ``tests/emulator/README.md`` for the test-author guide.  Everything runs on the test's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import re
import secrets
import struct
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from aiohttp import WSMsgType, web

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from . import components as v2
from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Channel,
    Guild,
    InteractionResult,
    Member,
    Message,
    Modal,
    RequestRecord,
    Role,
    SnowflakeGen,
    User,
    Violation,
    is_interaction_route,
    iso_now,
    iter_components,
)
from .openapi import get_spec

API_PREFIX = "/api/v10"


def _dumps(obj: Any) -> str:
    """JSON text of a frame or a response: orjson when present (a busy emulator spent a seventh of its
    time in the json module's encoder), else json."""
    if orjson is not None:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(obj)


_ARRIVED: dict[int, float] = {}  # id(aiohttp RequestHandler) -> when its latest bytes were read


def _stamp_arrivals() -> None:
    """Stamp when each HTTP connection's bytes reach the emulator's event loop (``record_timing``).

    aiohttp routes a request one or two loop passes after its bytes arrive;
    on a busy emulator (200 games' players in the same process) those passes
    are the emulator's own delay, not the bot's.  ``callback_at`` therefore
    uses the moment the loop first read the callback's bytes.
    """
    from aiohttp import web_protocol

    handler = web_protocol.RequestHandler
    if getattr(handler, "_kado_stamped", False):
        return
    original = handler.data_received

    def data_received(self: Any, data: bytes) -> None:
        _ARRIVED[id(self)] = time.perf_counter()  # RequestHandler has __slots__
        original(self, data)

    handler.data_received = data_received  # type: ignore[method-assign]
    handler._kado_stamped = True  # type: ignore[attr-defined]


_stamp_arrivals()

NONCE_WINDOW = 300.0  # seconds Discord remembers an enforce_nonce post ("the past few minutes")


class Perm:
    """Permission bits (subset) for ``add_member(..., permissions=...)`` / ``create_role``."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    SEND_MESSAGES_IN_THREADS = 1 << 38
    MODERATE_MEMBERS = 1 << 40
    ALL = (1 << 51) - 1

    #: what @everyone gets in a fresh guild (roughly Discord's default)
    DEFAULT_EVERYONE = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | MENTION_EVERYONE
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | SEND_MESSAGES_IN_THREADS
    )
    #: the bot's managed role
    DEFAULT_BOT = DEFAULT_EVERYONE | MANAGE_MESSAGES


class Intents:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class EmulatorError(Exception):
    """Misuse of the test API (unknown command/option, clicking a disabled button, ...)."""


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            data["errors"] = self.errors
        return data


def _unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


@dataclass
class FaultRule:
    method: str
    pattern: re.Pattern[str]
    status: int
    retry_after: float | None
    remaining: int
    code: int
    message: str
    is_global: bool = False
    hits: list[str] = field(default_factory=list)


@dataclass
class HoldRule:
    """Requests kept in flight without an answer (:meth:`DiscordEmulator.hold_next`).

    Why: a crash *between* a bot's request and Discord's answer (e.g. a board
    edit in flight when the process is SIGKILLed) cannot be timed from outside
    with a failing or slow answer; a held request makes that moment one the
    test chooses.
    """

    method: str
    pattern: re.Pattern[str]
    remaining: int
    hits: list[str] = field(default_factory=list)
    dropped: bool = False
    _released: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    def release(self) -> None:
        """Let the held requests (and later matches) through: carried out and answered as usual."""
        self._released.set()

    def drop(self) -> None:
        """Answer the held requests with 503 and carry none of them out (the emulator's stop does this)."""
        self.dropped = True
        self._released.set()


@dataclass
class _Request:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, str, bytes, str | None]]  # (field name, filename, data, content type)
    params: dict[str, str]


class _Session:
    def __init__(self, session_id: str, intents: int, shard: tuple[int, int] = (0, 1)) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard  # (shard id, shard count) from IDENTIFY; (0, 1) when the bot does not shard
        self.seq = 0
        self.events: list[tuple[int, str]] = []  # (seq, encoded frame)
        self.conn: _Conn | None = None
        self.resumable = True

    def append(self, event: str, data: Any) -> int:
        self.seq += 1
        frame = _dumps({"op": 0, "t": event, "s": self.seq, "d": data})
        self.events.append((self.seq, frame))
        if self.conn is not None:
            self.conn.wake.set()
        return self.seq


class _Conn:
    def __init__(self, ws: web.WebSocketResponse, query: dict[str, str]) -> None:
        self.ws = ws
        self.query = query
        self.session: _Session | None = None
        self.wake = asyncio.Event()
        self.lock = asyncio.Lock()
        self.writer: asyncio.Task[None] | None = None
        self.closed = False

    async def send(self, payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else _dumps(payload)
        async with self.lock:
            if not self.ws.closed:
                await self.ws.send_str(text)


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return w, h
    return None


def _normalize_embeds(embeds: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    out = []
    for e in embeds or []:
        e = {"type": "rich", **json.loads(json.dumps(e))}
        for f in e.get("fields") or []:
            f.setdefault("inline", False)
        out.append(e)
    return out


def _upload_names(files: list[tuple[str, str, bytes, str | None]], entries: list[Any] | None) -> list[str]:
    """Filenames of this request's uploads (``files[n]`` renamed by its ``attachments`` entry, as Discord does)."""
    meta = {str(e.get("id")): e for e in entries or [] if isinstance(e, dict)}
    names = []
    for i, (name, filename, _data, _ctype) in enumerate(files):
        m = re.fullmatch(r"files\[(\d+)\]", name)
        names.append(meta.get(str(int(m.group(1)) if m else i), {}).get("filename") or filename)
    return names


def _uid(x: User | int | str) -> int:
    return x.id if isinstance(x, User) else int(x)


class DiscordEmulator:
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

    # ------------------------------------------------------------------ user actions
    def delete_message(self, message: Message) -> None:
        """Delete a message as a moderator would; the bot then gets 404 on edits."""
        self._delete(message)

    def send_message(self, user: User, channel: Channel, content: str) -> Message:
        """A user posts a plain message (dispatches MESSAGE_CREATE)."""
        msg = Message(
            id=self._snow(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=user.id,
            content=content,
            from_bot=False,
        )
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        self._dispatch_message("MESSAGE_CREATE", msg)
        self._notify()
        return msg

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Invoke a chat-input command as ``user`` in ``channel`` (use :meth:`dm_channel` for DMs).

        ``command`` is ``"cmd"``, ``"group sub"`` or ``"group subgroup sub"``; ``options`` maps option
        names to values (str/int/float/bool, :class:`User`, :class:`Channel`, :class:`Role`; a
        choice's *name* is accepted in place of its value).  The interaction is built from the
        commands the bot registered; unknown commands/options raise :class:`EmulatorError`.
        With ``wait`` (default) returns once the bot sent its initial response."""
        guild = self._guild_of(channel)
        path = command.strip().lstrip("/").split()
        if not path:
            raise EmulatorError("empty command")
        cmd = self.command(path[0], guild)
        self._check_command_allowed(cmd, user, channel, guild)
        leaf: dict[str, Any] = cmd
        chain: list[dict[str, Any]] = []
        for part in path[1:]:
            subs = [o for o in leaf.get("options") or [] if o.get("type") in (1, 2)]
            nxt = next((o for o in subs if o["name"] == part), None)
            if nxt is None:
                raise EmulatorError(
                    f"/{' '.join(path)}: no subcommand {part!r} under {leaf['name']!r}; "
                    f"available: {[o['name'] for o in subs]}"
                )
            chain.append(nxt)
            leaf = nxt
        if (leaf is cmd and any(o.get("type") in (1, 2) for o in cmd.get("options") or [])) or leaf.get("type") == 2:
            subs = [o["name"] for o in leaf.get("options") or [] if o.get("type") in (1, 2)]
            raise EmulatorError(f"/{' '.join(path)} is a group; pick a subcommand: {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        opts = self._build_options(leaf, options or {}, guild, channel, resolved, " ".join(path))
        # nest: chain[-1] gets opts, wrapped by its parents
        for node in reversed(chain):
            opts = [{"name": node["name"], "type": node["type"], "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if opts:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return await self._interact(
            2,
            user,
            channel,
            data,
            None,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"/{' '.join(path)} by {user.name}",
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        timeout: float = 10.0,
    ) -> list[dict[str, Any]]:
        """Send an autocomplete interaction (option values as typed so far); returns the choices."""
        guild = self._guild_of(channel)
        path = command.strip().lstrip("/").split()
        cmd = self.command(path[0], guild)
        leaf, chain = cmd, []
        for part in path[1:]:
            leaf = next(o for o in leaf.get("options") or [] if o["name"] == part)
            chain.append(leaf)
        by_name = {o["name"]: o for o in leaf.get("options") or []}
        if focused not in by_name:
            raise EmulatorError(f"no option {focused!r}; available: {list(by_name)}")
        opts: list[dict[str, Any]] = []
        for name, value in options.items():
            o = by_name.get(name)
            if o is None:
                raise EmulatorError(f"no option {name!r}; available: {list(by_name)}")
            entry: dict[str, Any] = {"name": name, "type": o["type"], "value": value}
            if name == focused:
                entry["focused"] = True
            opts.append(entry)
        for node in reversed(chain):
            opts = [{"name": node["name"], "type": node["type"], "options": opts}]
        data = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        res = await self._interact(
            4, user, channel, data, None, wait=True, timeout=timeout, description=f"autocomplete /{command}"
        )
        return res.choices or []

    async def click(
        self,
        user: User,
        message: Message | int,
        custom_id: str | Any,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Click a button (``custom_id`` or a :class:`Button`) on ``message`` as ``user``."""
        msg = self._resolve_message(message)
        cid = getattr(custom_id, "custom_id", custom_id)
        comp = self._find_component(msg, cid, user)
        if comp.get("type") != 2:
            raise EmulatorError(f"component {cid!r} is not a button (type {comp.get('type')})")
        if comp.get("style") == 5 or comp.get("url"):
            raise EmulatorError(f"button {cid!r} is a link button; clicking it doesn't reach the bot")
        data = {"custom_id": cid, "component_type": 2}
        return await self._interact(
            3,
            user,
            self.channels[msg.channel_id],
            data,
            msg,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"click {cid!r} by {user.name}",
        )

    async def forge_click(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """A button interaction on ``message`` with *any* ``custom_id``, even one no button carries.

        :meth:`click` refuses ids that are not on the message, as Discord's client would; this is
        for bad-input tests (a modified client, a stale client cache, buttons made by an older
        version of the bot) that must see the bot refuse cleanly.
        """
        msg = self._resolve_message(message)
        if not self.can_see(user, msg):
            raise EmulatorError(f"{user.name} cannot see message {msg.id} ({msg!r})")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(
            3,
            user,
            self.channels[msg.channel_id],
            data,
            msg,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"forged click {custom_id!r} by {user.name}",
        )

    def deny_bot(self, channel: Channel, permissions: int) -> None:
        """A member overwrite on ``channel`` denying the bot ``permissions`` (e.g. ``Perm.SEND_MESSAGES``).

        Interactions there carry the reduced ``app_permissions``; creating a message without
        View Channel or Send Messages gets 403 ``{"code": 50013}`` (Missing Permissions), as on Discord.
        """
        channel.bot_denied |= permissions
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._dispatch(event, lambda: self._channel_payload(channel), intent=Intents.GUILDS, guild_id=channel.guild_id)
        self._notify()

    async def select(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        values: list[Any],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu (string select: option values; user select: Users)."""
        msg = self._resolve_message(message)
        comp = self._find_component(msg, custom_id, user)
        ctype = comp.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise EmulatorError(f"component {custom_id!r} is not a select menu")
        data, resolved = self._select_data(comp, values, self._guild_of(self.channels[msg.channel_id]))
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            3,
            user,
            self.channels[msg.channel_id],
            data,
            msg,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"select {custom_id!r}={values!r} by {user.name}",
        )

    async def submit_modal(
        self,
        user: User,
        modal: Modal | InteractionResult,
        values: dict[str, Any],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Submit a modal the bot showed (``res.modal`` or the result itself) with
        ``{text_input_custom_id: "text"}`` (select fields inside labels take a list of values)."""
        if isinstance(modal, InteractionResult):
            if modal.modal is None:
                raise EmulatorError(f"{modal} did not open a modal (type={modal.type})")
            modal = modal.modal
        source = modal.source
        if source is None:
            raise EmulatorError("modal has no source interaction")
        if source.user.id != user.id:
            raise EmulatorError(f"the modal was shown to {source.user.name}, not {user.name}")
        fields = {c["custom_id"]: c for c in modal.fields()}
        unknown = set(values) - set(fields)
        if unknown:
            raise EmulatorError(f"modal {modal.custom_id!r} has no fields {sorted(unknown)}; fields: {list(fields)}")
        guild = self._guild_of(source.channel)
        resolved: dict[str, Any] = {}

        def conv(comp: dict[str, Any]) -> dict[str, Any] | None:
            t = comp.get("type")
            if t == 1:
                inner = [x for x in (conv(c) for c in comp.get("components", [])) if x]
                return {"type": 1, "components": inner}
            if t == 18:
                inner_c = conv(comp["component"])
                return {"type": 18, "component": inner_c} if inner_c else None
            if t == 4:
                cid = comp["custom_id"]
                value = values.get(cid, comp.get("value") or "")
                value = str(value)
                if comp.get("required", True) and not value:
                    raise EmulatorError(f"modal field {cid!r} is required")
                if value and len(value) < comp.get("min_length", 0):
                    raise EmulatorError(f"modal field {cid!r}: shorter than min_length {comp['min_length']}")
                if len(value) > comp.get("max_length", 4000):
                    raise EmulatorError(f"modal field {cid!r}: longer than max_length {comp['max_length']}")
                return {"type": 4, "custom_id": cid, "value": value}
            if t in (3, 5, 6, 7, 8):
                d, r = self._select_data(comp, list(values.get(comp["custom_id"], [])), guild)
                for k, v in r.items():
                    resolved.setdefault(k, {}).update(v)
                return {"type": t, "custom_id": comp["custom_id"], "values": d["values"]}
            return None

        comps = [x for x in (conv(c) for c in modal.components) if x]
        data: dict[str, Any] = {"custom_id": modal.custom_id, "components": comps}
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            5,
            user,
            source.channel,
            data,
            source.source_message,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"modal {modal.custom_id!r} by {user.name}",
            triggering=source,
        )

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

    # ================================================================== internals: interactions
    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def _check_command_allowed(self, cmd: dict[str, Any], user: User, channel: Channel, guild: Guild | None) -> None:
        if guild is not None:
            if user.id not in guild.members:
                raise EmulatorError(f"{user.name} is not a member of {guild.name}")
            contexts = cmd.get("contexts")
            if contexts is not None and 0 not in contexts:
                raise EmulatorError(f"/{cmd['name']} is not available in guilds (contexts={contexts})")
            dmp = cmd.get("default_member_permissions")
            if dmp is not None:
                need = int(dmp)
                have = self.member_permissions(guild, user)
                if need == 0 and user.id != guild.owner_id and not have & Perm.ADMINISTRATOR:
                    raise EmulatorError(f"/{cmd['name']} is disabled for non-admins (default_member_permissions=0)")
                if have & need != need:
                    raise EmulatorError(
                        f"{user.name} lacks permissions {need} for /{cmd['name']} (Discord would not show the command)"
                    )
        else:
            contexts = cmd.get("contexts")
            if cmd.get("guild_id"):
                raise EmulatorError(f"/{cmd['name']} is a guild command; it is not available in DMs")
            if (contexts is not None and 1 not in contexts) or cmd.get("dm_permission") is False:
                raise EmulatorError(f"/{cmd['name']} is not available in DMs with the bot")

    def _build_options(
        self,
        leaf: dict[str, Any],
        given: dict[str, Any],
        guild: Guild | None,
        channel: Channel,
        resolved: dict[str, dict[str, Any]],
        cmdname: str,
    ) -> list[dict[str, Any]]:
        defs = {o["name"]: o for o in leaf.get("options") or [] if o.get("type") not in (1, 2)}
        unknown = set(given) - set(defs)
        if unknown:
            raise EmulatorError(f"/{cmdname} has no option(s) {sorted(unknown)}; options: {list(defs)}")
        missing = [n for n, o in defs.items() if o.get("required") and n not in given]
        if missing:
            raise EmulatorError(f"/{cmdname}: missing required option(s) {missing}")
        out = []
        for name, value in given.items():
            o = defs[name]
            t = o["type"]
            v = self._convert_option(o, value, guild, resolved, f"/{cmdname} {name}")
            out.append({"name": name, "type": t, "value": v})
        return out

    def _convert_option(
        self, o: dict[str, Any], value: Any, guild: Guild | None, resolved: dict[str, dict[str, Any]], where: str
    ) -> Any:
        t = o["type"]
        choices = o.get("choices")
        if choices:
            by_value = {c["value"]: c for c in choices}
            by_name = {c["name"]: c for c in choices}
            if value not in by_value:
                if value in by_name:
                    value = by_name[value]["value"]
                else:
                    raise EmulatorError(f"{where}: {value!r} is not a choice; choices: {list(by_value)}")
        if t == 3:
            if not isinstance(value, str):
                raise EmulatorError(f"{where}: expected a string, got {value!r}")
            if len(value) < o.get("min_length", 0) or len(value) > o.get("max_length", 6000):
                raise EmulatorError(f"{where}: length outside min/max_length")
            return value
        if t in (4, 10):
            if isinstance(value, bool) or not isinstance(value, int | float) or (t == 4 and not isinstance(value, int)):
                raise EmulatorError(f"{where}: expected a {'integer' if t == 4 else 'number'}, got {value!r}")
            if ("min_value" in o and value < o["min_value"]) or ("max_value" in o and value > o["max_value"]):
                raise EmulatorError(f"{where}: {value} outside [{o.get('min_value')}, {o.get('max_value')}]")
            return value
        if t == 5:
            if not isinstance(value, bool):
                raise EmulatorError(f"{where}: expected a bool, got {value!r}")
            return value
        if t in (6, 9) and isinstance(value, User | int) and not isinstance(value, bool):
            u = self.users[_uid(value)]
            resolved.setdefault("users", {})[str(u.id)] = u.payload()
            if guild is not None and u.id in guild.members:
                resolved.setdefault("members", {})[str(u.id)] = guild.members[u.id].payload(
                    with_user=False, permissions=self.member_permissions(guild, u)
                )
            return str(u.id)
        if t in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if t == 7 and isinstance(value, Channel):
            types = o.get("channel_types")
            if types and value.type not in types:
                raise EmulatorError(f"{where}: channel type {value.type} not in {types}")
            resolved.setdefault("channels", {})[str(value.id)] = {
                **self._channel_payload(value),
                "permissions": str(Perm.ALL),
            }
            return str(value.id)
        raise EmulatorError(f"{where}: unsupported value {value!r} for option type {t}")

    def _select_data(
        self, comp: dict[str, Any], values: list[Any], guild: Guild | None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        ctype = comp["type"]
        cid = comp["custom_id"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise EmulatorError(f"select {cid!r}: {len(values)} values, allowed {lo}..{hi}")
        resolved: dict[str, Any] = {}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise EmulatorError(f"select {cid!r}: {bad} not among options {allowed}")
            out = [str(v) for v in values]
        else:
            out = []
            for v in values:
                if isinstance(v, Role):
                    resolved.setdefault("roles", {})[str(v.id)] = v.payload()
                    out.append(str(v.id))
                elif isinstance(v, Channel):
                    resolved.setdefault("channels", {})[str(v.id)] = {
                        **self._channel_payload(v),
                        "permissions": str(Perm.ALL),
                    }
                    out.append(str(v.id))
                else:
                    u = self.users[_uid(v)]
                    resolved.setdefault("users", {})[str(u.id)] = u.payload()
                    if guild is not None and u.id in guild.members:
                        resolved.setdefault("members", {})[str(u.id)] = guild.members[u.id].payload(
                            with_user=False, permissions=self.member_permissions(guild, u)
                        )
                    out.append(str(u.id))
        return {"custom_id": cid, "component_type": ctype, "values": out}, resolved

    def _resolve_message(self, message: Message | int) -> Message:
        msg = message if isinstance(message, Message) else self.messages.get(int(message))
        if msg is None:
            raise EmulatorError(f"unknown message {message!r}")
        if msg.deleted:
            raise EmulatorError(f"message {msg.id} was deleted")
        return msg

    def _find_component(self, msg: Message, custom_id: str, user: User) -> dict[str, Any]:
        if not self.can_see(user, msg):
            raise EmulatorError(f"{user.name} cannot see message {msg.id} ({msg!r})")
        for comp in iter_components(msg.components):
            if comp.get("custom_id") == custom_id:
                if comp.get("disabled"):
                    raise EmulatorError(f"component {custom_id!r} on message {msg.id} is disabled")
                return comp
        ids = [c.get("custom_id") for c in iter_components(msg.components) if c.get("custom_id")]
        raise EmulatorError(f"no component {custom_id!r} on message {msg.id}; custom_ids: {ids}")

    async def _interact(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
        *,
        locale: str | None = None,
        wait: bool,
        timeout: float,
        description: str,
        triggering: InteractionResult | None = None,
    ) -> InteractionResult:
        guild = self._guild_of(channel)
        s = self._session_for(guild.id if guild else None)
        if s is None:
            where = f" for shard {self.shard_of(guild.id if guild else None)}" if self.shard_count > 1 else ""
            raise EmulatorError(f"the bot has not identified on the gateway{where}; cannot deliver interactions")
        iid = self._snow()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "locale": locale or user.locale,
            "app_permissions": str(self._bot_permissions(guild, channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            if user.id not in guild.members:
                raise EmulatorError(f"{user.name} is not a member of {guild.name}")
            perms = self.member_permissions(guild, user)
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
            payload["guild_locale"] = guild.preferred_locale
            payload["channel"] = {**self._channel_payload(channel), "permissions": str(perms)}
            payload["member"] = guild.members[user.id].payload(permissions=perms)
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
            payload["context"] = 0
        else:
            payload["channel"] = self._channel_payload(channel)
            payload["user"] = user.payload()
            payload["authorizing_integration_owners"] = {"0": "0"}
            payload["context"] = 1
        if source is not None:
            payload["message"] = self._message_payload(source)
        res = InteractionResult(
            self,
            interaction_id=iid,
            token=token,
            interaction_type=itype,
            user=user,
            channel=channel,
            source_message=source,
            payload=payload,
            description=description,
        )
        res.triggering = triggering
        self.interactions[token] = res
        seq = s.append("INTERACTION_CREATE", payload)
        if self.record_timing:
            self._awaiting_send[seq] = res
        if wait:
            await res.wait(timeout)
        return res

    def _bot_permissions(self, guild: Guild | None, channel: Channel | None = None) -> int:
        if guild is None:
            return Perm.DEFAULT_EVERYONE
        perms = self.member_permissions(guild, self.bot_user)
        if channel is not None and not perms & Perm.ADMINISTRATOR:
            perms &= ~channel.bot_denied
            parent = self.channels.get(channel.parent_id) if channel.parent_id is not None else None
            if parent is not None:  # a thread inherits its parent's overwrites
                perms &= ~parent.bot_denied
        return perms

    # ================================================================== internals: payloads
    def _channel_payload(self, chan: Channel) -> dict[str, Any]:
        if chan.is_dm:
            recipient = self.users[chan.recipient_id] if chan.recipient_id else None
            return {
                "id": str(chan.id),
                "type": 1,
                "last_message_id": str(chan.last_message_id) if chan.last_message_id else None,
                "recipients": [recipient.payload()] if recipient else [],
                "flags": 0,
            }
        if chan.is_thread:
            return self._thread_payload(chan)
        return {
            "id": str(chan.id),
            "type": chan.type,
            "guild_id": str(chan.guild_id),
            "name": chan.name,
            "position": chan.position,
            "permission_overwrites": [
                {"id": str(self.bot_user.id), "type": 1, "allow": "0", "deny": str(chan.bot_denied)}
            ]
            if chan.bot_denied
            else [],
            "topic": None,
            "nsfw": False,
            "last_message_id": str(chan.last_message_id) if chan.last_message_id else None,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }

    def _thread_payload(self, chan: Channel) -> dict[str, Any]:
        return {
            "id": str(chan.id),
            "type": chan.type,
            "guild_id": str(chan.guild_id),
            "parent_id": str(chan.parent_id),
            "owner_id": str(self.bot_user.id),
            "name": chan.name,
            "last_message_id": str(chan.last_message_id) if chan.last_message_id else None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso_now(),
                "locked": False,
            },
        }

    def _guild_payload(self, guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_progress_bar_enabled": False,
        }

    def _guild_create_payload(self, guild: Guild, intents: int) -> dict[str, Any]:
        if intents & Intents.GUILD_MEMBERS:
            members = list(guild.members.values())
        else:  # without the members intent Discord only sends the bot's own member
            members = [m for m in guild.members.values() if m.user.id == self.bot_user.id]
        return {
            **self._guild_payload(guild),
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [m.payload() for m in members],
            "channels": [self._channel_payload(c) for c in guild.channels.values()],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
            "activity_instances": [],
            "application_command_counts": {},
        }

    def _message_payload(self, m: Message, *, for_gateway: bool = False) -> dict[str, Any]:
        author = self.users.get(m.author_id) or self.bot_user
        data: dict[str, Any] = {
            "id": str(m.id),
            "channel_id": str(m.channel_id),
            "type": m.type,
            "author": author.payload(),
            "content": m.content,
            "timestamp": m.timestamp,
            "edited_timestamp": m.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in m.attachments],
            "embeds": m.embeds,
            "pinned": False,
            "flags": m.flags,
            "components": m.components,
        }
        if m.webhook_id is not None:
            data["webhook_id"] = str(m.webhook_id)
        if m.from_bot:
            data["application_id"] = str(self.application_id)
        if m.interaction_metadata is not None:
            data["interaction_metadata"] = m.interaction_metadata
        if for_gateway and m.guild_id is not None:
            data["guild_id"] = str(m.guild_id)
            if not m.from_bot:
                guild = self.guilds.get(m.guild_id)
                if guild and m.author_id in guild.members:
                    data["member"] = guild.members[m.author_id].payload(with_user=False)
        return data

    # ================================================================== internals: gateway
    def _dispatch(
        self, event: str, data: Callable[[], Any] | Any, *, intent: int | None = None, guild_id: int | None = None
    ) -> None:
        """Send an event to the session of ``guild_id``'s shard (``None``: a DM event, shard 0)."""
        s = self._session_for(guild_id)
        if s is None:
            return
        if intent is not None and not s.intents & intent:
            return
        s.append(event, data() if callable(data) else data)

    def _dispatch_message(self, event: str, m: Message) -> None:
        if m.ephemeral_to is not None:
            return
        chan = self.channels.get(m.channel_id)
        intent = Intents.DIRECT_MESSAGES if chan is not None and chan.is_dm else Intents.GUILD_MESSAGES
        s = self._session_for(None if chan is None or chan.is_dm else chan.guild_id)
        if s is None or not s.intents & intent:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(m.id), "channel_id": str(m.channel_id)}
            if m.guild_id:
                data["guild_id"] = str(m.guild_id)
        else:
            data = self._message_payload(m, for_gateway=True)
            is_dm = chan is not None and chan.is_dm
            if not (m.from_bot or is_dm or s.intents & Intents.MESSAGE_CONTENT):
                data.update(content="", embeds=[], attachments=[], components=[])
        s.append(event, data)

    async def _ws_entry(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Conn(ws, dict(request.query))
        self._conns.add(conn)
        self.gateway_log.append(("connect", dict(request.query)))
        if request.query.get("v") not in (None, "10"):
            self._violation("WS", "/gateway", f"gateway version v={request.query.get('v')} (expected 10)", "gateway")
        try:
            await conn.send({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        frame = json.loads(msg.data)
                    except ValueError:
                        self._violation("WS", "/gateway", f"non-JSON frame {msg.data[:100]!r}", "gateway")
                        continue
                    await self._ws_frame(conn, frame)
                elif msg.type == WSMsgType.BINARY:
                    self._violation("WS", "/gateway", "unexpected binary frame from client", "gateway")
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            conn.closed = True
            if conn.writer is not None:
                conn.writer.cancel()
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            self._conns.discard(conn)
            self.gateway_log.append(("close", ws.close_code))
            self._notify()
        return ws

    async def _ws_frame(self, conn: _Conn, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        d = frame.get("d")
        if op == 1:  # heartbeat
            await conn.send({"op": 11, "s": None, "t": None, "d": None})
        elif op == 2:  # identify
            token = str((d or {}).get("token", ""))
            if token.removeprefix("Bot ") != self.token:
                self.gateway_log.append(("identify_failed", "bad token"))
                await self._close_conn(conn, 4004)
                return
            intents = int((d or {}).get("intents", 0))
            if intents & Intents.PRIVILEGED & ~self.privileged_intents:
                self.gateway_log.append(("identify_failed", "disallowed intents"))
                await self._close_conn(conn, 4014)
                return
            if conn.session is not None:
                self._violation("WS", "/gateway", "IDENTIFY sent twice on one connection", "gateway")
            shard = self._identify_shard(d or {})
            sess = _Session(secrets.token_hex(16), intents, shard)
            self._sessions[sess.id] = sess
            if shard[1] != self.shard_count:  # the bot (re)started with another layout: forget the old one
                self._shards.clear()
                self.shard_count = shard[1]
            # a new IDENTIFY replaces the session of its shard (unsharded: the one session)
            old = self._shards.get(shard[0]) if shard[1] > 1 else self._session
            if old is not None and old.conn is not None and old.conn is not conn:
                old.resumable = False
            self._session = sess
            self._shards[shard[0]] = sess
            sess.conn = conn
            conn.session = sess
            self.identifies += 1
            self.gateway_log.append(("identify", {"intents": intents, "shard": (d or {}).get("shard")}))
            sess.append("READY", self._ready_payload(d or {}))
            for guild in self._guilds_of(shard):
                sess.append("GUILD_CREATE", self._guild_create_payload(guild, intents))
            self.gateway_generation += 1
            conn.writer = asyncio.create_task(self._writer(conn, 0))
            self._notify()
        elif op == 6:  # resume
            sid = (d or {}).get("session_id")
            seq = (d or {}).get("seq") or 0
            sess = self._sessions.get(sid)
            if sess is None or not sess.resumable or str((d or {}).get("token", "")).removeprefix("Bot ") != self.token:
                self.gateway_log.append(("invalid_session", sid))
                await conn.send({"op": 9, "s": None, "t": None, "d": False})
                return
            if sess.conn is not None and sess.conn is not conn:
                await self._close_conn(sess.conn, 4000)
            sess.conn = conn
            conn.session = sess
            self._session = sess
            if sess.shard[1] == self.shard_count:
                self._shards[sess.shard[0]] = sess
            cursor = next((i for i, (s, _) in enumerate(sess.events) if s > seq), len(sess.events))
            self.gateway_log.append(("resume", {"seq": seq, "replay": len(sess.events) - cursor}))
            sess.append("RESUMED", {})
            self.gateway_generation += 1
            conn.writer = asyncio.create_task(self._writer(conn, cursor))
            self._notify()
        elif op == 8:  # request guild members
            gid = int((d or {}).get("guild_id", 0))
            guild = self.guilds.get(gid)
            if guild is not None and conn.session is not None:
                conn.session.append(
                    "GUILD_MEMBERS_CHUNK",
                    {
                        "guild_id": str(gid),
                        "members": [m.payload() for m in guild.members.values()],
                        "chunk_index": 0,
                        "chunk_count": 1,
                        "nonce": (d or {}).get("nonce"),
                    },
                )
        elif op in (3, 4):  # presence / voice state update: accepted, ignored
            pass
        else:
            self._violation("WS", "/gateway", f"unexpected gateway op {op}", "gateway")

    @staticmethod
    def _identify_shard(identify: dict[str, Any]) -> tuple[int, int]:
        """``(shard id, shard count)`` an IDENTIFY asks for; ``(0, 1)`` without a ``shard`` field."""
        raw = identify.get("shard") or [0, 1]
        try:
            shard_id, count = int(raw[0]), int(raw[1])
        except (TypeError, ValueError, IndexError):
            return (0, 1)
        return (shard_id, count) if count >= 1 and 0 <= shard_id < count else (0, 1)

    def _ready_payload(self, identify: dict[str, Any]) -> dict[str, Any]:
        shard = self._identify_shard(identify)
        me = {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None, "bot": True}
        return {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self._guilds_of(shard)],
            "session_id": self._session.id if self._session else "",
            "resume_gateway_url": self.gateway_url,
            "shard": identify.get("shard") or [0, 1],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["local"],
            "user_settings": {},
            "session_type": "normal",
            "auth_session_id_hash": "",
            "_trace": ["discord-emulator"],
        }

    async def _writer(self, conn: _Conn, cursor: int) -> None:
        sess = conn.session
        assert sess is not None
        try:
            while not conn.closed and not conn.ws.closed:
                while cursor < len(sess.events) and not conn.ws.closed:
                    await conn.send(sess.events[cursor][1])
                    if self._awaiting_send:
                        timed = self._awaiting_send.pop(sess.events[cursor][0], None)
                        if timed is not None:
                            timed.sent_at = time.perf_counter()
                    cursor += 1
                conn.wake.clear()
                await conn.wake.wait()
        except (ConnectionError, RuntimeError):
            pass

    async def _close_conn(self, conn: _Conn, code: int) -> None:
        conn.closed = True
        if conn.writer is not None:
            conn.writer.cancel()
        if conn.session is not None and conn.session.conn is conn:
            conn.session.conn = None
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.ws.close(code=code, message=b"emulator close"), 5)
        self._notify()

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

    # ================================================================== REST handlers
    async def _r_gateway(self, r: _Request) -> Any:
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, r: _Request) -> Any:
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    async def _r_me(self, r: _Request) -> Any:
        return {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "email": None,
            "bot": True,
        }

    async def _r_user(self, r: _Request) -> Any:
        u = self.users.get(int(r.params["uid"]))
        if u is None:
            raise ApiError(404, 10013, "Unknown User")
        return u.payload()

    async def _r_app(self, r: _Request) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "role_connections_verification_url": None,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "owner": self.owner_user.payload(),
            "team": None,
            "rpc_origins": [],
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "integration_types_config": {"0": {}},
            "approximate_guild_count": len(self.guilds),
            "bot": {**self.bot_user.payload(), "bot": True},
        }

    def _check_app(self, r: _Request) -> None:
        if int(r.params["app"]) != self.application_id:
            raise ApiError(404, 10002, "Unknown Application")

    def _scope(self, r: _Request) -> int | None:
        gid = r.params.get("gid")
        if gid is None:
            return None
        if int(gid) not in self.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return int(gid)

    def _store_command(self, scope: int | None, body: dict[str, Any], existing: list[dict[str, Any]]) -> dict:
        prev = next(
            (c for c in existing if c["name"] == body.get("name") and c.get("type", 1) == body.get("type", 1)), None
        )
        cmd = {
            "type": 1,
            "description": "",
            "default_member_permissions": None,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **body,
            "id": prev["id"] if prev else str(self._snow()),
            "application_id": str(self.application_id),
            "version": str(self._snow()),
        }
        if cmd.get("integration_types") is None:
            cmd["integration_types"] = [0]  # Discord's default: guild install
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    async def _r_get_commands(self, r: _Request) -> Any:
        self._check_app(r)
        return self.commands.get(self._scope(r), [])

    async def _r_put_commands(self, r: _Request) -> Any:
        self._check_app(r)
        scope = self._scope(r)
        existing = self.commands.get(scope, [])
        body = r.json if isinstance(r.json, list) else []
        names = [(c.get("name"), c.get("type", 1)) for c in body]
        if len(names) != len(set(names)):
            self._violation(r.method, r.path, "duplicate command names in bulk overwrite", "discord-rule")
            raise ApiError(400, 50035, "Invalid Form Body")
        self.commands[scope] = [self._store_command(scope, c, existing) for c in body]
        self.command_syncs += 1
        return self.commands[scope]

    async def _r_post_command(self, r: _Request) -> Any:
        self._check_app(r)
        scope = self._scope(r)
        existing = self.commands.setdefault(scope, [])
        cmd = self._store_command(scope, r.json or {}, existing)
        self.commands[scope] = [c for c in existing if c["id"] != cmd["id"]] + [cmd]
        self.command_syncs += 1
        return (201, cmd)

    async def _r_get_command(self, r: _Request) -> Any:
        self._check_app(r)
        for c in self.commands.get(self._scope(r), []):
            if c["id"] == r.params["cmd"]:
                return c
        raise ApiError(404, 10063, "Unknown application command")

    async def _r_delete_command(self, r: _Request) -> Any:
        self._check_app(r)
        scope = self._scope(r)
        self.commands[scope] = [c for c in self.commands.get(scope, []) if c["id"] != r.params["cmd"]]
        return None

    # ---- interactions
    def _interaction(self, r: _Request) -> InteractionResult:
        res = self.interactions.get(r.params["token"])
        if res is None:
            if "iid" in r.params:
                raise ApiError(404, 10062, "Unknown interaction")
            raise ApiError(404, 10015, "Unknown Webhook")
        if "iid" in r.params and int(r.params["iid"]) != res.id:
            raise ApiError(404, 10062, "Unknown interaction")
        if "app" in r.params and int(r.params["app"]) != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        return res

    async def _r_callback(self, r: _Request) -> Any:
        res = self._interaction(r)
        body = r.json or {}
        rtype = body.get("type")
        data = body.get("data") or {}
        if res.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - res.created_at
        if self.interaction_deadline is not None and elapsed > self.interaction_deadline:
            self._violation(
                r.method,
                r.path,
                f"initial response after {elapsed:.2f}s (Discord allows {self.interaction_deadline}s)",
                "protocol",
            )
            raise ApiError(404, 10062, "Unknown interaction")
        itype = res.interaction_type
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[itype]
        if itype == 5 and res.source_message is None:
            allowed = {4, 5}
        if rtype not in allowed:
            self._violation(
                r.method, r.path, f"response type {rtype} not valid for interaction type {itype}", "protocol"
            )
            errors = {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID"}]}}
            raise ApiError(400, 50035, "Invalid Form Body", errors)
        resource: dict[str, Any] = {"type": rtype}
        if rtype in (4, 5):
            self._check_message_body(r, data, creating=rtype == 4)
            ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._new_message(
                res.channel,
                data if rtype == 4 else {"content": "", "flags": v2.defer_flags(data)},
                r.files if rtype == 4 else [],
                ephemeral_to=res.user.id if ephemeral else None,
                mtype=20 if itype == 2 else 0,
                interaction=res,
                extra_flags=FLAG_LOADING if rtype == 5 else 0,
            )
            res.message = msg
            resource["message"] = self._message_payload(msg)
        elif rtype in (6, 7):
            src = res.source_message
            assert src is not None
            if src.deleted:
                raise _unknown_message()
            if rtype == 7:
                self._check_message_body(r, data, creating=False, existing=src)
                self._edit(src, data, r.files)
            res.message = src
            resource["message"] = self._message_payload(src)
        elif rtype == 8:
            res.choices = list(data.get("choices") or [])
        elif rtype == 9:
            res.modal = Modal(
                custom_id=data.get("custom_id", ""),
                title=data.get("title", ""),
                components=list(data.get("components") or []),
                source=res,
            )
        res.type = rtype
        res.response_data = body
        res._edits_at_response = res.message.edits if res.message is not None else 0
        if r.query.get("with_response") not in ("1", "true", "True"):
            return None
        inter: dict[str, Any] = {"id": str(res.id), "type": itype}
        if res.message is not None:
            inter["response_message_id"] = str(res.message.id)
            inter["response_message_loading"] = rtype == 5
            inter["response_message_ephemeral"] = res.message.ephemeral
        out: dict[str, Any] = {"interaction": inter}
        if rtype in (4, 7):  # per the spec, only message create/update responses carry a resource
            out["resource"] = resource
        return out

    def _original(self, res: InteractionResult) -> Message:
        if res.message is None or res.message.deleted:
            raise _unknown_message()
        return res.message

    def _wh_message(self, r: _Request, res: InteractionResult) -> Message:
        mid = r.params["mid"]
        if mid == "@original":
            return self._original(res)
        m = self.messages.get(int(mid))
        if m is None or m.deleted:
            raise _unknown_message()
        if m is not res.message and m not in res.followups:
            raise _unknown_message()
        return m

    async def _r_followup(self, r: _Request) -> Any:
        res = self._interaction(r)
        if not res.responded:
            raise ApiError(404, 10015, "Unknown Webhook")
        body = r.json or {}
        orig = res.message
        if res.type == 5 and orig is not None and orig.loading and not orig.deleted:
            # the first followup after a "thinking" defer replaces the loading message
            self._check_message_body(r, body, creating=True)
            self._edit(orig, body, r.files, clear_loading=True)
            res.followups.append(orig)
            return self._message_payload(orig)
        self._check_message_body(r, body, creating=True)
        ephemeral = bool((body.get("flags") or 0) & FLAG_EPHEMERAL)
        msg = self._new_message(
            res.channel,
            body,
            r.files,
            ephemeral_to=res.user.id if ephemeral else None,
            interaction=res,
        )
        res.followups.append(msg)
        if r.query.get("wait") in ("true", "1", "True"):
            return self._message_payload(msg)
        return None

    async def _r_wh_get(self, r: _Request) -> Any:
        res = self._interaction(r)
        return self._message_payload(self._wh_message(r, res))

    async def _r_wh_edit(self, r: _Request) -> Any:
        res = self._interaction(r)
        msg = self._wh_message(r, res)
        body = r.json or {}
        self._check_message_body(r, body, creating=False, existing=msg)
        self._edit(msg, body, r.files, clear_loading=True)
        return self._message_payload(msg)

    async def _r_wh_delete(self, r: _Request) -> Any:
        res = self._interaction(r)
        self._delete(self._wh_message(r, res))
        return None

    # ---- users / DMs
    async def _r_create_dm(self, r: _Request) -> Any:
        rid = (r.json or {}).get("recipient_id")
        try:
            user = self.users[int(rid)]  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError):
            raise ApiError(400, 50033, "Invalid Recipient(s)") from None
        return self._channel_payload(self.dm_channel(user))

    # ---- channels / messages
    def _channel(self, r: _Request) -> Channel:
        chan = self.channels.get(int(r.params["cid"]))
        if chan is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return chan

    async def _r_get_channel(self, r: _Request) -> Any:
        return self._channel_payload(self._channel(r))

    async def _r_typing(self, r: _Request) -> Any:
        self._channel(r)
        return None

    async def _r_list_messages(self, r: _Request) -> Any:
        chan = self._channel(r)
        msgs = self.channel_messages(chan, include_users=True)
        if "before" in r.query:
            msgs = [m for m in msgs if m.id < int(r.query["before"])]
        if "after" in r.query:
            msgs = [m for m in msgs if m.id > int(r.query["after"])]
        limit = int(r.query.get("limit", 50))
        return [self._message_payload(m) for m in reversed(msgs)][:limit]

    def _channel_message(self, r: _Request) -> Message:
        chan = self._channel(r)
        m = self.messages.get(int(r.params["mid"]))
        if m is None or m.deleted or m.channel_id != chan.id or m.ephemeral_to is not None:
            raise _unknown_message()
        return m

    async def _r_get_message(self, r: _Request) -> Any:
        return self._message_payload(self._channel_message(r))

    async def _r_create_message(self, r: _Request) -> Any:
        chan = self._channel(r)
        body = r.json or {}
        if chan.is_dm:
            user = self.users[chan.recipient_id] if chan.recipient_id else None
            shares = user is not None and any(user.id in g.members for g in self.guilds.values())
            if user is None or not user.dms_open or not shares:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif ~self._bot_permissions(self._guild_of(chan), chan) & (
            Perm.VIEW_CHANNEL | (Perm.SEND_MESSAGES_IN_THREADS if chan.is_thread else Perm.SEND_MESSAGES)
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        self._check_can_attach(chan, r)
        self._check_message_body(r, body, creating=True)
        if (body.get("flags") or 0) & FLAG_EPHEMERAL:
            self._violation(r.method, r.path, "EPHEMERAL flag on a normal channel message", "discord-rule")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: the same author's message with this nonce from the last few minutes is returned
            # instead of a new one (an idempotent post).
            seen = self._nonces.get((self.bot_user.id, str(nonce)))
            if seen is not None and time.time() - seen[1] < NONCE_WINDOW and not seen[0].deleted:
                return self._message_payload(seen[0])
        msg = self._new_message(chan, body, r.files)
        if nonce is not None and body.get("enforce_nonce"):
            self._nonces[(self.bot_user.id, str(nonce))] = (msg, time.time())
        ref = body.get("message_reference")
        if ref:
            msg.type = 19
        return self._message_payload(msg)

    async def _r_edit_message(self, r: _Request) -> Any:
        msg = self._channel_message(r)
        if msg.author_id != self.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = r.json or {}
        self._check_can_attach(self.channels[msg.channel_id], r)
        self._check_message_body(r, body, creating=False, existing=msg)
        self._edit(msg, body, r.files)
        return self._message_payload(msg)

    def _check_can_attach(self, chan: Channel, r: _Request) -> None:
        """Uploading a file into a server channel needs Attach Files (403 50013 without it), as on Discord."""
        if r.files and not chan.is_dm and not self._bot_permissions(self._guild_of(chan), chan) & Perm.ATTACH_FILES:
            raise ApiError(403, 50013, "Missing Permissions")

    async def _r_delete_message(self, r: _Request) -> Any:
        msg = self._channel_message(r)
        if msg.author_id != self.bot_user.id:
            chan = self.channels[msg.channel_id]
            guild = self._guild_of(chan)
            if guild is None or not self._bot_permissions(guild) & Perm.MANAGE_MESSAGES:
                raise ApiError(403, 50013, "Missing Permissions")
        self._delete(msg)
        return None

    async def _r_reaction(self, r: _Request) -> Any:
        self._channel_message(r)
        return None

    # ---- guilds
    def _guild(self, r: _Request) -> Guild:
        g = self.guilds.get(int(r.params["gid"]))
        if g is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return g

    async def _r_get_guild(self, r: _Request) -> Any:
        g = self._guild(r)
        data = self._guild_payload(g)
        if r.query.get("with_counts") in ("true", "1", "True"):
            data["approximate_member_count"] = len(g.members)
            data["approximate_presence_count"] = 0
        return data

    async def _r_guild_channels(self, r: _Request) -> Any:
        return [self._channel_payload(c) for c in self._guild(r).channels.values()]

    async def _r_guild_roles(self, r: _Request) -> Any:
        return [role.payload() for role in self._guild(r).roles.values()]

    async def _r_list_members(self, r: _Request) -> Any:
        g = self._guild(r)
        after = int(r.query.get("after", 0))
        limit = int(r.query.get("limit", 1))
        members = sorted((m for m in g.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.payload() for m in members[:limit]]

    async def _r_get_member(self, r: _Request) -> Any:
        g = self._guild(r)
        m = g.members.get(int(r.params["uid"]))
        if m is None:
            raise ApiError(404, 10007, "Unknown Member")
        return m.payload()

    # ================================================================== message store
    def _check_message_body(
        self, r: _Request, body: dict[str, Any], *, creating: bool, existing: Message | None = None
    ) -> None:
        """Discord rules the OpenAPI schema does not capture (``existing``: the message an edit
        changes).  Recorded as violations (kind 'discord-rule'); with ``strict`` answered 400 like Discord."""
        problems: list[tuple[int, str]] = []
        problems.extend((50035, p) for p in self._v2_problems(r, body, existing))
        content = body.get("content")
        if isinstance(content, str) and len(content) > 2000:
            problems.append((50035, f"content is {len(content)} chars (max 2000 for bots)"))
        embeds = body.get("embeds") or []
        total = 0
        for e in embeds:
            if not isinstance(e, dict):
                continue
            total += sum(len(str(e.get(k) or "")) for k in ("title", "description"))
            total += len(str((e.get("footer") or {}).get("text") or ""))
            total += len(str((e.get("author") or {}).get("name") or ""))
            for f in e.get("fields") or []:
                total += len(str(f.get("name") or "")) + len(str(f.get("value") or ""))
        if total > 6000:
            problems.append((50035, f"embeds total {total} chars (max 6000)"))
        comps = body.get("components")
        if isinstance(comps, list):
            ids = [c.get("custom_id") for c in iter_components(comps) if isinstance(c, dict) and c.get("custom_id")]
            dups = {i for i in ids if ids.count(i) > 1}
            if dups:
                problems.append((50035, f"duplicate component custom_id(s) {sorted(dups)}"))
        if creating:
            has_att = bool(r.files) or bool(body.get("attachments"))
            if not (content or embeds or comps or has_att or body.get("sticker_ids") or body.get("poll")):
                problems.append((50006, "Cannot send an empty message"))
        for _code, text in problems:
            self._violation(r.method, r.path, text, "discord-rule")
        if problems and self.strict:
            code, text = problems[0]
            raise ApiError(
                400,
                code,
                "Cannot send an empty message" if code == 50006 else "Invalid Form Body",
                {"_emulator": [t for _, t in problems]},
            )

    def _v2_problems(self, r: _Request, body: dict[str, Any], existing: Message | None) -> list[str]:
        """Components V2 rules (tests/emulator/components.py) for a create or an edit of ``existing``."""
        uploads = set(_upload_names(r.files, body.get("attachments")))
        if existing is None:
            return v2.check_message(body, uploads)
        if "attachments" in body:
            ids = {str(e.get("id")) for e in body["attachments"] or [] if isinstance(e, dict)}
            kept = {a.filename for a in existing.attachments if str(a.id) in ids}
        else:
            kept = {a.filename for a in existing.attachments}
        return v2.check_message(
            body,
            uploads,
            existing_flags=existing.flags,
            existing_content=existing.content,
            existing_embeds=bool(existing.embeds),
            kept_attachments=kept,
        )

    def _make_attachments(
        self, r_files: list[tuple[str, str, bytes, str | None]], entries: list[dict[str, Any]] | None
    ) -> dict[int, Attachment]:
        """New attachments from uploaded files, keyed by their upload index n (``files[n]``)."""
        out: dict[int, Attachment] = {}
        meta = {str(e.get("id")): e for e in entries or [] if isinstance(e, dict)}
        for i, (name, filename, data, ctype) in enumerate(r_files):
            m = re.fullmatch(r"files\[(\d+)\]", name)
            idx = int(m.group(1)) if m else i
            entry = meta.get(str(idx), {})
            fname = entry.get("filename") or filename
            aid = self._snow()
            size = _png_size(data)
            att = Attachment(
                id=aid,
                filename=fname,
                size=len(data),
                url=f"{self.base_url}/attachments/{aid}/{fname}",
                content_type=ctype if ctype and ctype != "application/octet-stream" else mimetypes.guess_type(fname)[0],
                data=data,
                width=size[0] if size else None,
                height=size[1] if size else None,
                description=entry.get("description"),
            )
            self._attachment_data[aid] = att
            out[idx] = att
        return out

    def _new_message(
        self,
        chan: Channel,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes, str | None]],
        *,
        ephemeral_to: int | None = None,
        mtype: int = 0,
        interaction: InteractionResult | None = None,
        extra_flags: int = 0,
    ) -> Message:
        flags = int(body.get("flags") or 0) & (FLAG_EPHEMERAL | 4 | 4096 | 32768)
        if ephemeral_to is None:
            flags &= ~FLAG_EPHEMERAL
        attachments = list(self._make_attachments(files, body.get("attachments")).values())
        msg = Message(
            id=self._snow(),
            channel_id=chan.id,
            guild_id=chan.guild_id,
            author_id=self.bot_user.id,
            content=body.get("content") or "",
            embeds=_normalize_embeds(body.get("embeds")),
            components=v2.normalize(body.get("components"), attachments, self._snow),
            attachments=attachments,
            flags=flags | extra_flags,
            type=mtype,
            ephemeral_to=ephemeral_to,
        )
        if interaction is not None:
            msg.webhook_id = self.application_id
            msg.interaction_id = interaction.id
            meta = self._interaction_metadata(interaction)
            if interaction.message is not None and interaction.message is not msg:
                meta["original_response_message_id"] = str(interaction.message.id)
            msg.interaction_metadata = meta
        self.messages[msg.id] = msg
        if ephemeral_to is None:
            chan.last_message_id = msg.id
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    def _interaction_metadata(self, res: InteractionResult) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "id": str(res.id),
            "type": res.interaction_type,
            "user": res.user.payload(),
            "authorizing_integration_owners": res.payload.get("authorizing_integration_owners", {}),
        }
        if res.interaction_type == 3 and res.source_message is not None:
            meta["interacted_message_id"] = str(res.source_message.id)
        if res.interaction_type == 5 and res.triggering is not None:
            meta["triggering_interaction_metadata"] = self._interaction_metadata(res.triggering)
        return meta

    def _edit(
        self,
        msg: Message,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes, str | None]],
        *,
        clear_loading: bool = False,
    ) -> None:
        msg.history.append(self._message_payload(msg))
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = _normalize_embeds(body["embeds"])
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_LOADING | FLAG_COMPONENTS_V2)  # V2 cannot be unset
            msg.flags = keep | (int(body["flags"]) & (4 | 4096 | 32768))
        new = self._make_attachments(files, body.get("attachments"))
        if "attachments" in body:
            kept: list[Attachment] = []
            existing = {str(a.id): a for a in msg.attachments}
            for entry in body["attachments"] or []:
                key = str(entry.get("id"))
                if key in existing:
                    kept.append(existing[key])
                elif key.isdigit() and int(key) in new:
                    kept.append(new.pop(int(key)))
            msg.attachments = kept + list(new.values())
        else:
            msg.attachments = msg.attachments + list(new.values())
        if "components" in body:  # after the attachments: media references resolve against them
            msg.components = v2.normalize(body["components"], msg.attachments, self._snow)
        if clear_loading:
            msg.flags &= ~FLAG_LOADING
        msg.edited_timestamp = iso_now()
        msg.edits += 1
        self._dispatch_message("MESSAGE_UPDATE", msg)

    def _delete(self, msg: Message) -> None:
        if msg.deleted:
            return
        msg.deleted = True
        self._dispatch_message("MESSAGE_DELETE", msg)
        self._notify()


def _json(status: int, data: Any, headers: dict[str, str] | None = None) -> web.Response:
    # Content-Type must be exactly "application/json" (no charset): discord.py compares it verbatim.
    return web.Response(
        body=_dumps(data).encode(),
        status=status,
        content_type=None,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
