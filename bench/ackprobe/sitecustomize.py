"""Loaded into the bot process by ``bench.clicks.latency --probe`` (via PYTHONPATH), never by the bot itself.

It times, inside the bot, each interaction from discord.py parsing its
INTERACTION_CREATE to the bot issuing the interaction callback, and prints a
rolling summary line (``ACKPROBE …``) to stderr every 500 interactions.  The
emulator's figure (frame sent → callback arrived) also holds the time the
frame and the callback spend in sockets and waiting for the *emulator's* busy
event loop; this one is the bot's own share.

With ``KADO_ACKPROBE_FILE`` set it also writes one line per interaction,
``id read recv parse respond``, and one per collector pass, ``gc start seconds generation``
(``time.perf_counter``, which is the system's monotonic clock and so comparable with the
emulator's stamps):

* ``read`` — the bot's event loop read the gateway socket's bytes
  (``data_received`` of the websocket's connection);
* ``recv`` — discord.py's websocket reader got the frame (``received_message``);
* ``parse`` — discord.py parsed the INTERACTION_CREATE;
* ``respond`` — the bot issued the interaction callback.

``bench.clicks.latency`` joins these with the emulator's ``sent_at`` and
``callback_at`` to split the latency into where it was spent.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from typing import Any

_parsed: dict[int, tuple[float, float, float]] = {}
_spans: list[float] = []
_read_at: dict[int, float] = {}  # id(protocol) -> perf_counter of its latest data_received
_frame: list[float] = [0.0, 0.0]  # (read, recv) of the frame being handled
_out: list[Any] = []  # the open KADO_ACKPROBE_FILE, if any


_gc: dict[str, float] = {"start": 0.0, "max": 0.0, "total": 0.0, "n2": 0}


def _gc_callback(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc["start"] = time.perf_counter()
        return
    took = time.perf_counter() - _gc["start"]
    _gc["total"] += took
    _gc["max"] = max(_gc["max"], took)
    if info.get("generation") == 2:
        _gc["n2"] += 1
    if _out:
        _out[0].write(f"gc {_gc['start']:.6f} {took:.6f} {info.get('generation')}\n")


def _install() -> None:
    import gc

    gc.callbacks.append(_gc_callback)
    import re

    import aiohttp
    import aiohttp.client_proto
    import discord.gateway
    import discord.state

    out_path = os.environ.get("KADO_ACKPROBE_FILE")
    out = open(out_path, "a", buffering=1 << 16) if out_path else None  # noqa: SIM115 - lives as long as the process
    if out is not None:
        _out.append(out)

    data_received = aiohttp.client_proto.ResponseHandler.data_received

    def stamped_data_received(self: Any, data: bytes) -> None:
        _read_at[id(self)] = time.perf_counter()
        data_received(self, data)

    received = discord.gateway.DiscordWebSocket.received_message

    async def received_message(self: Any, msg: Any, /) -> None:
        now = time.perf_counter()
        conn = getattr(self.socket, "_conn", None)
        _frame[0] = _read_at.get(id(conn.protocol), now) if conn is not None else now
        _frame[1] = now
        await received(self, msg)

    parse = discord.state.ConnectionState.parse_interaction_create
    request = aiohttp.ClientSession._request
    callback_url = re.compile(r"/interactions/(\d+)/[^/]+/callback")

    def parse_interaction_create(self: Any, data: Any) -> Any:
        _parsed[int(data["id"])] = (_frame[0], _frame[1], time.perf_counter())
        return parse(self, data)

    def stamp_callback(interaction_id: int) -> None:
        stamps = _parsed.pop(interaction_id, None)
        if stamps is not None:
            now = time.perf_counter()
            _spans.append(now - stamps[2])
            if out is not None:
                out.write(f"{interaction_id} {stamps[0]:.6f} {stamps[1]:.6f} {stamps[2]:.6f} {now:.6f}\n")
            if len(_spans) % 500 == 0:
                if out is not None:
                    out.flush()
                recent = sorted(_spans[-2000:])
                n = len(recent)
                sys.stderr.write(
                    f"ACKPROBE {len(_spans)} interactions; last {n}: p50 {recent[n // 2] * 1000:.1f} ms, "
                    f"p90 {recent[int(n * 0.9)] * 1000:.1f} ms, p99 {recent[int(n * 0.99)] * 1000:.1f} ms; "
                    f"GC so far {_gc['total'] * 1000:.0f} ms, longest {_gc['max'] * 1000:.1f} ms, "
                    f"{_gc['n2']} full collections\n"
                )

    def stamped_request(self: Any, method: str, str_or_url: Any, **kwargs: Any) -> Any:
        # every callback, whichever way it is sent (discord.py's webhook adapter, or bot.transport.wire's own request)
        found = callback_url.search(str(str_or_url))
        if found is not None:
            stamp_callback(int(found.group(1)))
        return request(self, method, str_or_url, **kwargs)

    aiohttp.client_proto.ResponseHandler.data_received = stamped_data_received  # type: ignore[method-assign]
    discord.gateway.DiscordWebSocket.received_message = received_message  # type: ignore[method-assign]
    discord.state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
    aiohttp.ClientSession._request = stamped_request  # type: ignore[method-assign]


# Only in the bot's own process: its worker processes (pictures, AI) inherit PYTHONPATH, and would write their
# collector passes into the same file as if they were the bot's.
if os.environ.setdefault("KADO_ACKPROBE_PID", str(os.getpid())) == str(os.getpid()):
    with contextlib.suppress(ImportError):  # not the bot's interpreter (no discord.py): nothing to time
        _install()
