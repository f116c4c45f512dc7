"""Loaded into the bot process by ``bench.click_latency --probe`` (via PYTHONPATH), never by the bot itself.

It times, inside the bot, each interaction from discord.py parsing its
INTERACTION_CREATE to the bot issuing the interaction callback, and prints a
rolling summary line (``ACKPROBE …``) to stderr every 500 interactions.  The
emulator's figure (frame sent → callback arrived) also holds the time the
frame and the callback spend in sockets and waiting for the *emulator's* busy
event loop; this one is the bot's own share.
"""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Any

_parsed: dict[int, float] = {}
_spans: list[float] = []


def _install() -> None:
    import discord.state
    import discord.webhook.async_ as webhook

    parse = discord.state.ConnectionState.parse_interaction_create
    respond = webhook.AsyncWebhookAdapter.create_interaction_response

    def parse_interaction_create(self: Any, data: Any) -> Any:
        _parsed[int(data["id"])] = time.perf_counter()
        return parse(self, data)

    def create_interaction_response(self: Any, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
        started = _parsed.pop(int(interaction_id), None)
        if started is not None:
            _spans.append(time.perf_counter() - started)
            if len(_spans) % 500 == 0:
                recent = sorted(_spans[-2000:])
                n = len(recent)
                sys.stderr.write(
                    f"ACKPROBE {len(_spans)} interactions; last {n}: p50 {recent[n // 2] * 1000:.1f} ms, "
                    f"p90 {recent[int(n * 0.9)] * 1000:.1f} ms, p99 {recent[int(n * 0.99)] * 1000:.1f} ms\n"
                )
        return respond(self, interaction_id, *args, **kwargs)

    discord.state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
    webhook.AsyncWebhookAdapter.create_interaction_response = create_interaction_response  # type: ignore[method-assign]


with contextlib.suppress(ImportError):  # not the bot's interpreter (no discord.py): nothing to time
    _install()
