"""Start whatever Discord's state: wait for its API and gateway with backoff, one log line per attempt.

Why: discord.py handles an outage once connected, but not at the first
connection.  A bot started while the gateway refused connections exited 1
with a traceback from inside discord.py (its reconnect path reads the
sequence of a socket it never had: ``'NoneType' object has no attribute
'sequence'``), and one started while the API was unreachable ended in a
traceback too.  A service manager would restart it in a loop, and
the journal would show tracebacks instead of the cause.

So before discord.py's :meth:`~discord.Client.start`, :func:`start` asks the
API who the token is (the request ``login`` makes first) and opens and closes
a socket to the gateway, each until it answers, waiting 1, 2, 4… up to
:data:`LONGEST_WAIT` seconds between attempts, one line per attempt naming
what answered (a 403 or 404, a 5xx, an HTML page instead of Discord's JSON,
a timeout, a name that does not resolve).  Only a refused token ends the
start (``LoginFailure``: exit 2 in :mod:`bot.__main__`).  Should the
gateway fall away between the probe and the connection, that failure is
waited out the same way.
"""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

from bot.runtime import metrics

log = logging.getLogger(__name__)
FIRST_WAIT = 1.0
LONGEST_WAIT = 60.0
PROBE_TIMEOUT = 10.0
NETWORK_ERRORS = (OSError, aiohttp.ClientError, asyncio.TimeoutError)


class _Waits:
    """1, 2, 4 … seconds, at most :data:`LONGEST_WAIT`; sleeps that end early if the bot is closed (a SIGTERM)."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.next = FIRST_WAIT
        self.attempt = 0

    async def after(self, what: str, why: str) -> bool:
        """Log one line and wait; False when the bot was closed meanwhile (stop starting)."""
        self.attempt += 1
        delay, self.next = self.next, min(LONGEST_WAIT, self.next * 2)
        log.warning("%s is unreachable (%s); attempt %d, trying again in %.0f s", what, why, self.attempt, delay)
        for _ in range(max(1, round(delay * 10))):
            if self.bot.is_closed():
                return False
            await asyncio.sleep(0.1)
        return not self.bot.is_closed()


def _why(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text}"[:160] if text else type(exc).__name__


async def _api_answers(token: str) -> str | None:
    """None once the API answers the requests ``login`` makes, as Discord does; else why not (one line).

    "As Discord does": a JSON object with an ``id``.  A CDN's block (403), a
    wrong base URL (404, or some web server's page), a proxy's error page or
    a 5xx is an outage to wait out, not an answer: ``login`` would fail on
    it with a traceback.  A refused token raises LoginFailure (401).
    """
    try:
        timeout = aiohttp.ClientTimeout(total=PROBE_TIMEOUT)
        trace = metrics.http_trace()  # a request to Discord like any other: counted when metrics are on
        async with aiohttp.ClientSession(timeout=timeout, trace_configs=[trace] if trace else None) as session:
            for path in LOGIN_PATHS:
                why = await _answers(session, path, token)
                if why is not None:
                    return why
        return None
    except NETWORK_ERRORS as exc:
        return _why(exc)


LOGIN_PATHS = ("/users/@me", "/oauth2/applications/@me")
"""What ``discord.Client.login`` asks of the API (who the token is, then the application)."""


async def _answers(session: aiohttp.ClientSession, path: str, token: str) -> str | None:
    """None if ``path`` answers as Discord does; else the status and what came instead."""
    async with session.get(f"{discord.http.Route.BASE}{path}", headers={"Authorization": f"Bot {token}"}) as answer:
        if answer.status == 401:
            raise discord.LoginFailure("Improper token has been passed.")
        kind = answer.content_type or "no content type"
        try:
            data = await answer.json(content_type=None)
        except ValueError:
            data = None
        if answer.status == 200 and isinstance(data, dict) and "id" in data:
            return None
        if not isinstance(data, dict):  # a page, not Discord: a CDN's block, a wrong base URL, a proxy
            return f"HTTP {answer.status}, {kind} instead of Discord's JSON"
        return f"HTTP {answer.status}"


async def _gateway_answers() -> str | None:
    """None once the gateway accepts a socket (closed at once, before any IDENTIFY); else why not."""
    url = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY.with_query(v=10, encoding="json")
    try:
        timeout = aiohttp.ClientTimeout(total=PROBE_TIMEOUT)
        async with aiohttp.ClientSession(timeout=timeout) as session, session.ws_connect(url) as socket:
            await socket.close()
        return None
    except (aiohttp.WSServerHandshakeError, *NETWORK_ERRORS) as exc:
        return _why(exc)


RECONNECT_WAIT_MAX = 3.0
"""Seconds discord.py waits at most between two reconnect attempts once connected (its own grows to 17 min)."""
EXPECTED_FAILURES = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.GatewayNotFound,
                     discord.ConnectionClosed, discord.HTTPException)  # fmt: skip
"""What an outage makes a reconnect attempt fail with: said in one line, not a traceback."""


class _CappedBackoff(discord.backoff.ExponentialBackoff):  # type: ignore[type-arg]
    """discord.py's reconnect backoff, never longer than :data:`RECONNECT_WAIT_MAX`.

    Why: its delay doubles up to 1,024 s, so a bot reconnected long after
    Discord answered again (a 15 s cut took 35 s), and every turn of its
    servers waited that long for nothing.  An attempt is one handshake.
    """

    def delay(self) -> float:
        return min(float(super().delay()), RECONNECT_WAIT_MAX)


class _ReconnectLines(logging.Filter):
    """discord.py's "Attempting a reconnect" (ERROR, with a traceback) becomes one WARNING line naming the cause.

    An outage is expected: six tracebacks per cut buried the journal.  A
    failure of another kind (a bug) keeps its traceback.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Attempting a reconnect"):
            return True
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and not isinstance(exc, EXPECTED_FAILURES):
            return True
        *shard, retry = record.args if isinstance(record.args, tuple) else (record.args,)
        where = f"Discord's gateway (shard {shard[0]})" if shard else "Discord's gateway"
        record.msg = "%s is unreachable (%s); reconnecting in %.1f s"
        record.args = (where, _why(exc) if exc is not None else "connection lost", float(retry))
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info, record.exc_text = None, None
        return True


_reconnect_lines = _ReconnectLines()


def quiet_reconnects() -> None:
    """Install the capped backoff and the one-line reconnect log in discord.py (idempotent)."""
    discord.client.ExponentialBackoff = _CappedBackoff  # type: ignore[attr-defined,misc]
    discord.shard.ExponentialBackoff = _CappedBackoff  # type: ignore[attr-defined,misc]
    for name in ("discord.client", "discord.shard"):
        logger = logging.getLogger(name)
        if _reconnect_lines not in logger.filters:
            logger.addFilter(_reconnect_lines)


async def start(bot: discord.Client, token: str) -> None:
    """``bot.start(token)``, once Discord's API and gateway answer; waits out an outage at start (module note)."""
    quiet_reconnects()
    waits = _Waits(bot)
    while (why := await _api_answers(token)) is not None:
        if not await waits.after("Discord's API", why):
            return
    while (why := await _gateway_answers()) is not None:
        if not await waits.after("Discord's gateway", why):
            return
    while (why := await _login(bot, token)) is not None:  # the API fell away between the probe and the login
        if not await waits.after("Discord's API", why):
            return
    while True:
        try:
            await bot.connect(reconnect=True)
            return
        except (AttributeError, *NETWORK_ERRORS) as exc:
            # discord.py's reconnect path before a first socket (ws is None): the gateway fell away meanwhile
            if bot.ws is not None or bot.is_closed():
                raise
            if not await waits.after("Discord's gateway", _why(exc)):
                return


async def _login(bot: discord.Client, token: str) -> str | None:
    """``bot.login``; None once logged in, else why the API failed it (before any of the bot's own setup).

    discord.py runs the bot's ``setup_hook`` only after both requests of the
    login answered, so a failed request leaves nothing half done: the next
    attempt starts over (its HTTP session closed first).
    """
    try:
        await bot.login(token)
        return None
    except (discord.HTTPException, *NETWORK_ERRORS) as exc:
        if bot.user is not None and bot.application is not None:
            raise  # the login itself succeeded: this came from the bot's own setup
        await bot.http.close()
        return f"HTTP {exc.status}" if isinstance(exc, discord.HTTPException) else _why(exc)
