"""The websocket gateway: HELLO/IDENTIFY/RESUME/heartbeats, event dispatch and shard routing."""

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    Intents,
    _Conn,
    _Session,
)
from ..models import (
    Message,
)


class GatewayMixin:
    """Gateway side of the emulator: sessions, connections and the events each shard receives."""

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
        if self.gateway_refused:  # Discord in an outage (cut_gateway): the handshake fails, the bot retries later
            self.gateway_log.append(("refused", dict(request.query)))
            return web.Response(status=503, text="503 Service Unavailable")
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
            cursor = next((sess.forgotten + i for i, (s, _) in enumerate(sess.events) if s > seq), sess.end)
            self.gateway_log.append(("resume", {"seq": seq, "replay": sess.end - cursor}))
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
        conn.sent = cursor
        try:
            while not conn.closed and not conn.ws.closed:
                while cursor < sess.end and not conn.ws.closed:
                    seq, frame = sess.frame_at(cursor)
                    await conn.send(frame)
                    if self._awaiting_send:
                        timed = self._awaiting_send.pop(seq, None)
                        if timed is not None:
                            timed.sent_at = time.perf_counter()
                    cursor += 1
                    conn.sent = cursor
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
