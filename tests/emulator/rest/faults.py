"""Fault injection: failed and held REST requests, a dropped or invalidated gateway (DiscordEmulator's test API).

Why apart: a test of the bot's robustness asks for these by name; they
only set rules the request plumbing and the gateway read.
"""

from __future__ import annotations

import re

from ..base import EmulatorError, FaultRule, HoldRule


class FaultsMixin:
    """What a test asks to go wrong: the next matching requests fail or hang, the gateway drops."""

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

    def api_outage(self, status: int = 503, *, html: bool = False) -> None:
        """Every REST request answers ``status`` until :meth:`api_back`: Discord's JSON error, or with
        ``html`` an HTML page, as a CDN's block (403), a wrong base URL (404, or 200 from some web server)
        or a proxy's error page answer.  The gateway keeps working."""
        self.api_down_answer = (status, html)
        self.api_down = True

    def api_back(self) -> None:
        """End :meth:`api_outage`: REST answers as usual again."""
        self.api_down = False
        self.api_down_answer = (503, False)

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

    async def cut_gateway(self) -> None:
        """An outage, as the bot sees one: its gateway socket closes (4000, may resume) and every new
        connection is refused (HTTP 503) until :meth:`restore_gateway`.  REST keeps working."""
        self.gateway_refused = True
        self.gateway_log.append(("cut", None))
        for conn in list(self._conns):
            await self._close_conn(conn, 4000)

    async def restore_gateway(self, *, wait: bool = True, timeout: float = 60.0) -> None:
        """End :meth:`cut_gateway`'s outage; with ``wait``, return once the bot reconnected (its own backoff
        decides when it tries again: up to a minute after a long outage)."""
        gen = self.gateway_generation
        self.gateway_refused = False
        self.gateway_log.append(("restored", None))
        if wait:
            await self.wait_until(
                lambda: self.gateway_generation > gen and self.bot_connected(),
                timeout,
                description="the bot to reconnect to the gateway after the outage",
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
