"""Shared pieces of the Discord emulator: constants, permission/intent bits, errors, fault rules,
gateway session objects and small helpers (JSON encoding, PNG sizes, upload names)."""

import asyncio
import json
import re
import struct
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from .models import (
    User,
)

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
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
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
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
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
        self.events: list[tuple[int, str]] = []  # (seq, encoded frame), from position ``forgotten`` on
        #: frames dropped from the front of ``events`` (:meth:`forget_sent`); positions stay absolute
        self.forgotten = 0
        self.conn: _Conn | None = None
        self.resumable = True

    @property
    def end(self) -> int:
        """The position after the newest frame (positions count forgotten frames too)."""
        return self.forgotten + len(self.events)

    def frame_at(self, position: int) -> tuple[int, str]:
        """``(seq, frame)`` at absolute ``position`` (not yet forgotten)."""
        return self.events[position - self.forgotten]

    def forget_sent(self, keep: int) -> int:
        """Drop frames the live connection has sent, all but the newest ``keep``; returns how many.

        A session without a connection keeps everything (the bot may RESUME it
        and is owed the frames it missed), unless it can no longer be resumed.
        """
        if self.conn is None:
            if self.resumable:
                return 0
            drop = len(self.events)
        else:
            drop = min(self.conn.sent - self.forgotten, len(self.events) - keep)
        if drop <= 0:
            return 0
        del self.events[:drop]
        self.forgotten += drop
        return drop

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
        self.sent = 0  # the session's position of the next frame this connection writes
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


def _json(status: int, data: Any, headers: dict[str, str] | None = None) -> web.Response:
    # Content-Type must be exactly "application/json" (no charset): discord.py compares it verbatim.
    return web.Response(
        body=_dumps(data).encode(),
        status=status,
        content_type=None,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
