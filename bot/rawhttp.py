"""A small HTTP/1.1 client with kept-alive connections: the transport of :mod:`bot.wire`'s requests.

Why not aiohttp's ``ClientSession.request``: per request it builds a
``ClientRequest`` and a ``ClientResponse`` (URL, header and cookie merging,
timers, payload objects, trace signals, a streamed-body parser), about
0.45 ms of CPU for a small PATCH on this machine against 0.15 ms for the
same request written and read here (docs/performance.md, "The event loop's
share").  A click makes two to four interaction-token requests, and they all
go to one host, so a plain pool of open connections does: a request takes an
idle connection (or opens one, TLS for ``https``), writes the request line,
headers and body at once, and reads the status line, the headers and a body
of ``Content-Length`` or chunks.  A kept connection the server closed while
idle fails before a byte comes back: the request is sent once more on a
new connection.

Only what Discord's interaction routes need: no redirects, no cookies, no
compression, no proxy (:mod:`bot.wire` uses discord.py's session when one is
configured).  Failures are ``OSError`` (``ConnectionError`` when the server
closed the connection mid-reply) or ``TimeoutError``: what the presenter
already treats as a request that did not get through.
"""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from multidict import CIMultiDict

TIMEOUT = 60.0
"""Seconds one request may take from sending to the end of its reply."""
IDLE_KEPT = 16
"""Idle connections kept per host: more than the requests in flight a click makes."""


@dataclass(slots=True)
class Reply:
    """A reply as discord.py's errors read it (``status``, ``reason``, ``headers``), with its raw body."""

    status: int
    reason: str
    headers: CIMultiDict[str]
    body: bytes


class _Conn:
    __slots__ = ("reader", "writer")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer


class Pool:
    """Kept-alive connections to the hosts requests went to, for one event loop."""

    def __init__(self, user_agent: str) -> None:
        self.user_agent = user_agent
        self._idle: dict[tuple[str, str, int], list[_Conn]] = {}
        self._targets: dict[str, tuple[tuple[str, str, int], int, bytes]] = {}
        self._ssl: ssl.SSLContext | None = None

    async def request(self, method: str, url: str, body: bytes, content_type: str) -> Reply:
        """Send ``body`` and return the whole reply; a dead kept connection is replaced once, transparently."""
        key, base_length, host_lines = self._target(url)
        message = b"".join((
            f"{method} {url[base_length:] or '/'} HTTP/1.1\r\n".encode(),
            host_lines,
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n".encode(),
            body,
        ))
        while True:
            conn = self._take(key)
            reused = conn is not None
            if conn is None:
                conn = await self._open(key)
            try:
                conn.writer.write(message)
                async with asyncio.timeout(TIMEOUT):
                    reply, keep = await _read_reply(conn.reader, method, first_byte_may_fail=reused)
            except _ClosedWhileIdle:
                conn.writer.close()
                continue  # the server had closed it: the request never arrived
            except BaseException:
                conn.writer.close()
                raise
            if keep:
                self._give(key, conn)
            else:
                conn.writer.close()
            return reply

    async def close(self) -> None:
        for conns in self._idle.values():
            for conn in conns:
                conn.writer.close()
        self._idle.clear()

    def _target(self, url: str) -> tuple[tuple[str, str, int], int, bytes]:
        """(scheme, host, port), the length of ``scheme://host[:port]`` in ``url``, and the host's header lines."""
        end = url.find("/", url.index("//") + 2)
        base = url if end < 0 else url[:end]
        known = self._targets.get(base)
        if known is None:
            parts = urlsplit(base)
            scheme = parts.scheme.lower()
            if scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(f"not an http(s) URL: {base!r}")
            port = parts.port or (443 if scheme == "https" else 80)
            lines = f"Host: {parts.netloc}\r\nUser-Agent: {self.user_agent}\r\nAccept-Encoding: identity\r\n"
            known = self._targets[base] = ((scheme, parts.hostname, port), len(base), lines.encode())
        return known

    def _take(self, key: tuple[str, str, int]) -> _Conn | None:
        conns = self._idle.get(key)
        while conns:
            conn = conns.pop()
            if not conn.writer.is_closing() and not conn.reader.at_eof():
                return conn
            conn.writer.close()
        return None

    def _give(self, key: tuple[str, str, int], conn: _Conn) -> None:
        conns = self._idle.setdefault(key, [])
        if len(conns) < IDLE_KEPT:
            conns.append(conn)
        else:
            conn.writer.close()

    async def _open(self, key: tuple[str, str, int]) -> _Conn:
        scheme, host, port = key
        context: ssl.SSLContext | None = None
        if scheme == "https":
            if self._ssl is None:
                self._ssl = ssl.create_default_context()
            context = self._ssl
        async with asyncio.timeout(TIMEOUT):
            reader, writer = await asyncio.open_connection(host, port, ssl=context)
        return _Conn(reader, writer)


class _ClosedWhileIdle(Exception):
    """A kept connection gave no byte of a reply: the server closed it while it was idle."""


async def _read_reply(reader: asyncio.StreamReader, method: str, *, first_byte_may_fail: bool) -> tuple[Reply, bool]:
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if first_byte_may_fail and not exc.partial:
            raise _ClosedWhileIdle from None
        raise ConnectionError("Discord closed the connection before replying") from None
    except ConnectionResetError:
        if first_byte_may_fail:
            raise _ClosedWhileIdle from None
        raise
    lines = raw[:-4].decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    code, _, reason = rest.partition(" ")
    status = int(code)
    headers: CIMultiDict[str] = CIMultiDict()
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.add(name.strip(), value.strip())
    keep = version == "HTTP/1.1" and headers.get("Connection", "").lower() != "close"
    try:
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = await _read_chunked(reader)
        elif "Content-Length" in headers:
            body = await reader.readexactly(int(headers["Content-Length"]))
        else:
            body, keep = await reader.read(), False  # the body ends with the connection
    except asyncio.IncompleteReadError:
        raise ConnectionError("Discord closed the connection in the middle of a reply") from None
    return Reply(status, reason, headers, body), keep


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    chunks = []
    while True:
        size_line = await reader.readuntil(b"\r\n")
        size = int(size_line.split(b";", 1)[0].strip(), 16)
        if size == 0:
            while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers, then the empty line
                pass
            return b"".join(chunks)
        chunks.append(await reader.readexactly(size))
        await reader.readexactly(2)  # the chunk's CRLF
