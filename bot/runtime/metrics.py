"""Operators' metrics: an optional Prometheus endpoint (``METRICS_PORT``), off by default.

Why a module of its own with a tiny recording API: the places that know a
figure (the store's commit, the click handler, the AI, the presenter) call one
function each, and must pay nothing when nobody scrapes.  Until :func:`start`
runs, every recording function returns at its first line (one global test),
and ``prometheus_client`` is never imported, so an operator who does not want
metrics needs neither the package (the optional extra ``metrics``) nor its
cost on the click path.

Discord requests are counted at one place: an aiohttp trace on the bot's HTTP
session (:func:`http_trace`, passed to discord.py as ``http_trace``), which sees
every attempt — bot-token REST calls and the interaction-token ones
(``/interactions/…/callback``, ``/webhooks/{app}/{token}…``) that discord.py
sends through the same session — with their status, so 429s and retries are
counted where they happen.  Nothing here imports Discord or the rest of the bot.
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any


class _Click:
    """A move click's clock: its task (weakly), when it reached its handler, and whether its board showed it yet.

    A mutable object, not a tuple: the board may be edited from a task the
    click started (a DM click's, :mod:`bot.frontend.presenting.presenter`), whose copy of the
    context variable would not carry "already observed" back to the click.
    """

    __slots__ = ("boarded", "started", "task")

    def __init__(self, task: asyncio.Task[Any]) -> None:
        self.task = weakref.ref(task)
        self.started = time.perf_counter()
        self.boarded = False


_m: Any = None  # the metric objects once started (a SimpleNamespace), None while metrics are off
# (the click's task, when its handler was entered): a task spawned meanwhile (the AI's next move) copies the
# context, and must not take the click's clock for its own board edit.  The task is held weakly: it holds its
# context, and a strong reference would leave every click a reference cycle for the collector (bot.transport.edits)
_click_started: contextvars.ContextVar[_Click | None] = contextvars.ContextVar("kado_click_started", default=None)

# seconds: a click's acknowledgement and a board edit live in milliseconds, a strong AI's search in seconds
LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
THINK_BUCKETS = (0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
PICTURE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)

_INTERACTION_ROUTE = re.compile(r"/interactions/\d+/[^/]+/callback$|/webhooks/\d+/[^/]+")
RETRIED_STATUSES = frozenset({429, 500, 502, 504, 524})  # what discord.py sleeps on and sends again


def enabled() -> bool:
    """Whether :func:`start` ran (``METRICS_PORT`` is set): otherwise every recording call here does nothing."""
    return _m is not None


def route_kind(path: str) -> str:
    """``"interaction"`` for the interaction-token routes (their own rate limits), else ``"bot"``."""
    return "interaction" if _INTERACTION_ROUTE.search(path) else "bot"


# -- recording (each a no-op while metrics are off) --------------------------------------------------------------


def move_committed(game: str, by_ai: bool, seconds: float) -> None:
    """An accepted move is in the database (the store's commit path): count it, time the commit."""
    if _m is None:
        return
    _m.moves.labels(game, "ai" if by_ai else "human").inc()
    _m.commit.observe(seconds)


def ai_thought(game: str, level: str, seconds: float) -> None:
    """An AI seat chose its move: the whole wait, a worker's queue included when AI_WORKERS > 0 (thread-safe)."""
    if _m is None:
        return
    _m.think.labels(game, level).observe(seconds)


def worker_replaced(pool: str, reason: str) -> None:
    """A worker process of ``pool`` was replaced: it ``"died"``, or it was ``"hung"`` and killed (thread-safe)."""
    if _m is None:
        return
    _m.replaced.labels(pool, reason).inc()


def fallback(pool: str, reason: str) -> None:
    """A job of ``pool`` was done another way: its worker ``"late"`` at its deadline, or the pool ``"unavailable"``."""
    if _m is None:
        return
    _m.fallbacks.labels(pool, reason).inc()


def strong_move(outcome: str, rollouts: int) -> None:
    """A strong AI move answered ``outcome`` (full, shortened, queued, late, thread) after ``rollouts`` rollouts."""
    if _m is None:
        return
    _m.strong.labels(outcome).inc()
    _m.rollouts.inc(rollouts)


def picture_drawn(game: str, where: str, seconds: float) -> None:
    """A picture the cache did not hold, drawn ``where`` ("worker" or "thread"): asked -> in hand, its queue included.

    Pictures that wait long for a worker mean ``PICTURE_WORKERS`` is too small (docs/deploy.md).
    """
    if _m is None:
        return
    _m.picture.labels(game, where).observe(seconds)


def click_received() -> None:
    """A move click reached its handler: start its clock (a context variable: it follows the click's task)."""
    if _m is None:
        return
    task = asyncio.current_task()
    if task is not None:
        _click_started.set(_Click(task))


def click_acked(click: asyncio.Task[Any] | None = None) -> None:
    """The click's answer (a deferred update, or its message updated) has been answered by Discord.

    ``click``: the click's task, when the answer was sent from another (:mod:`bot.transport.acks`).
    """
    if _m is None:
        return
    started = _click_started.get()
    if started is not None and started.task() is (click or asyncio.current_task()):
        _m.ack.observe(time.perf_counter() - started.started)


def board_edited(click: asyncio.Task[Any] | None = None) -> None:
    """The board shows a change; if a click in this task caused it, observe click → board once.

    ``click``: the click's task, when the board was edited from another for it (:mod:`bot.frontend.presenting`).
    """
    if _m is None:
        return
    started = _click_started.get()
    if started is not None and not started.boarded and started.task() is (click or asyncio.current_task()):
        started.boarded = True
        _m.to_board.observe(time.perf_counter() - started.started)


# -- the endpoint ------------------------------------------------------------------------------------------------


def start(port: int, host: str = "127.0.0.1", live: Callable[[], Iterable[Any]] | None = None) -> None:
    """Create the metrics and serve them on ``host:port`` (a daemon thread of prometheus_client).

    ``live`` is asked at each scrape for the live sessions (objects with
    ``game`` and ``status``): the gauge is counted then, not kept up to date
    on every lobby and move.  Call :func:`set_live_sessions` later if the
    sessions do not exist yet when the endpoint starts.
    """
    global _m
    import prometheus_client as prom  # the optional extra: only imported when an operator asked for metrics

    registry = prom.CollectorRegistry()
    m = SimpleNamespace(live=live)
    m.moves = prom.Counter("kado_moves", "Accepted moves (committed), by game and by who moved",
                           ["game", "by"], registry=registry)
    m.commit = prom.Histogram("kado_store_commit_seconds", "Time to commit one accepted move to the database",
                              buckets=COMMIT_BUCKETS, registry=registry)
    m.think = prom.Histogram("kado_ai_think_seconds", "Time an AI seat took to choose its move (without the "
                             "visible delay)", ["game", "level"], buckets=THINK_BUCKETS, registry=registry)
    m.picture = prom.Histogram("kado_picture_seconds", "A picture the cache did not hold: asked -> drawn (its "
                               "wait for a worker included), by game and where it was drawn", ["game", "where"],
                               buckets=PICTURE_BUCKETS, registry=registry)
    m.replaced = prom.Counter("kado_worker_replaced", "Worker processes replaced, by pool and why (died, hung)",
                              ["pool", "reason"], registry=registry)
    m.fallbacks = prom.Counter("kado_worker_fallbacks", "Jobs answered without their worker, by pool and why "
                               "(late: no answer by the deadline; unavailable: no pool, or none ready)",
                               ["pool", "reason"], registry=registry)
    m.strong = prom.Counter("kado_ai_strong_moves", "Strong AI moves by how they were answered (full search; "
                            "shortened for the queue; the normal heuristic: queued or late; in a thread)",
                            ["outcome"], registry=registry)
    m.rollouts = prom.Counter("kado_ai_rollouts", "Rollouts the strong AI's searches ran", registry=registry)
    m.ack = prom.Histogram("kado_click_ack_seconds", "Move click: handler entered -> acknowledgement answered",
                           buckets=LATENCY_BUCKETS, registry=registry)
    m.to_board = prom.Histogram("kado_click_to_board_seconds", "Move click: handler entered -> board edited",
                                buckets=LATENCY_BUCKETS, registry=registry)
    m.requests = prom.Counter("kado_discord_requests", "HTTP requests to Discord (every attempt), by token kind "
                              "and status class", ["kind", "status"], registry=registry)
    m.rate_limited = prom.Counter("kado_discord_rate_limited", "429 answers from Discord, by token kind and "
                                  "X-RateLimit-Scope", ["kind", "scope"], registry=registry)
    m.retries = prom.Counter("kado_discord_retries", "Requests sent again after a 429 or 5xx answer",
                             ["kind"], registry=registry)
    m.pending_retry = set()  # (method, url) answered 429/5xx: their next attempt is a retry
    registry.register(_LiveSessions(m, prom))
    serve(port, host, registry)
    _m = m


MAX_CONNECTIONS = 8
"""Connections to the metrics port served at once (a scraper uses one); see :func:`serve` for the rest."""
IDLE_TIMEOUT = 10.0
"""Seconds a connection may send nothing before it is closed."""
REQUEST_DEADLINE = 5.0
"""Seconds a connection has to send its whole request, however it trickles it in; then it is closed."""


def serve(port: int, host: str, registry: Any) -> Any:
    """Serve ``registry`` on ``host:port`` from a daemon thread, at most :data:`MAX_CONNECTIONS` at once.

    Why not ``prometheus_client.start_http_server``: its server starts a
    thread per connection and keeps it while the connection is open, so
    2,000 idle connections made 2,006 threads in the bot.  Here the
    connections are capped, and a scrape is still answered whatever else is
    open: when the cap is reached, the oldest connection still sending its
    request is dropped for the new one (one whose request is being answered is
    not: with every slot answering, the new one is closed).  A connection has
    :data:`REQUEST_DEADLINE` seconds for its whole request, not per read (a
    byte every few seconds held a slot for ever), and is dropped after
    :data:`IDLE_TIMEOUT` seconds of silence.
    """
    import contextlib
    import socket
    import socketserver
    import threading
    from http.server import HTTPServer

    import prometheus_client as prom

    class Handler(prom.MetricsHandler.factory(registry)):  # type: ignore[misc]
        timeout = IDLE_TIMEOUT  # (StreamRequestHandler: the socket's timeout)

        def parse_request(self) -> bool:
            self.server.answering(self.request)  # its request is in: no longer the one to drop
            return bool(super().parse_request())

        def log_message(self, format: str, *args: Any) -> None:
            pass  # (prometheus_client's handler is quiet too)

    class Server(socketserver.ThreadingMixIn, HTTPServer):
        daemon_threads = True
        # a listen backlog of 5 (socketserver's) left a burst of connections in SYN retries for up to 30 s;
        # accepted at once, those over the cap make room or are closed at once
        request_queue_size = 256

        def __init__(self) -> None:
            self.guard = threading.Lock()
            self.reading: dict[Any, float] = {}  # socket -> its deadline, oldest first: still sending a request
            self.served: set[Any] = set()  # sockets whose request is being answered
            super().__init__((host, port), Handler)

        def process_request(self, request: Any, client_address: Any) -> None:
            now = time.monotonic()
            with self.guard:
                self._expire(now)
                if len(self.reading) + len(self.served) >= MAX_CONNECTIONS:
                    if not self.reading:
                        self.shutdown_request(request)  # every slot answers a request: closed, no thread
                        return
                    self._drop(next(iter(self.reading)))  # the oldest still sending makes room
                self.reading[request] = now + REQUEST_DEADLINE
            try:
                super().process_request(request, client_address)
            except BaseException:
                self._forget(request)
                raise

        def process_request_thread(self, request: Any, client_address: Any) -> None:
            try:
                super().process_request_thread(request, client_address)
            finally:
                self._forget(request)

        def service_actions(self) -> None:  # (serve_forever calls it twice a second)
            with self.guard:
                self._expire(time.monotonic())

        def answering(self, request: Any) -> None:
            with self.guard:
                if self.reading.pop(request, None) is not None:
                    self.served.add(request)

        def _forget(self, request: Any) -> None:
            with self.guard:
                self.reading.pop(request, None)
                self.served.discard(request)

        def _expire(self, now: float) -> None:
            for request in [r for r, deadline in self.reading.items() if deadline <= now]:
                self._drop(request)

        def _drop(self, request: Any) -> None:
            """Close a connection still sending its request: its thread's read ends and the thread with it."""
            self.reading.pop(request, None)
            with contextlib.suppress(OSError):  # closed already
                request.shutdown(socket.SHUT_RDWR)

    server = Server()
    threading.Thread(target=server.serve_forever, name="kado-metrics", daemon=True).start()
    return server


def set_live_sessions(live: Callable[[], Iterable[Any]]) -> None:
    """Where the live-sessions gauge counts from at each scrape (a callable: nothing is kept up to date)."""
    if _m is not None:
        _m.live = live


class _LiveSessions:
    """The ``kado_live_sessions`` gauge, counted from the session manager at each scrape."""

    def __init__(self, m: Any, prom: Any) -> None:
        self.m = m
        self.family = prom.metrics_core.GaugeMetricFamily

    def collect(self) -> Iterable[Any]:
        family = self.family("kado_live_sessions", "Live sessions (lobbies and games in play), by game and status",
                             labels=["game", "status"])
        counts = Counter((r.game, r.status) for r in (self.m.live() if self.m.live else ()))
        for (game, status), n in sorted(counts.items()):
            family.add_metric([game, status], n)
        yield family

    def describe(self) -> Iterable[Any]:
        return []  # no describe-time collect: the session manager may not exist yet


def http_trace() -> Any:
    """An ``aiohttp.TraceConfig`` counting every request to Discord's API, or None while metrics are off."""
    if _m is None:
        return None
    import aiohttp

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(_on_start)
    trace.on_request_end.append(_on_end)
    trace.on_request_exception.append(_on_exception)
    return trace


def _api_path(url: Any) -> str | None:
    path = str(getattr(url, "path", ""))
    return path if "/api/" in path else None  # the gateway's websocket and the CDN are no REST calls


async def _on_start(session: Any, ctx: Any, params: Any) -> None:
    if _m is None or _api_path(params.url) is None:
        return
    key = (params.method, str(params.url))
    if key in _m.pending_retry:
        _m.pending_retry.discard(key)
        _m.retries.labels(route_kind(params.url.path)).inc()


async def _on_end(session: Any, ctx: Any, params: Any) -> None:
    path = _api_path(params.url)
    if _m is None or path is None:
        return
    kind = route_kind(path)
    status = params.response.status
    _m.requests.labels(kind, "429" if status == 429 else f"{status // 100}xx").inc()
    if status == 429:
        _m.rate_limited.labels(kind, params.response.headers.get("X-RateLimit-Scope", "unknown")).inc()
    if status in RETRIED_STATUSES:
        _m.pending_retry.add((params.method, str(params.url)))


async def _on_exception(session: Any, ctx: Any, params: Any) -> None:
    path = _api_path(params.url)
    if _m is None or path is None:
        return
    _m.requests.labels(route_kind(path), "error").inc()
