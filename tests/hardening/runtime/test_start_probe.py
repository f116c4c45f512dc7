"""The start's probe of Discord's API names what answered instead, in one line (no traceback, no exit).

A name that does not resolve and a server that does not answer in time are
outages to wait out, like a 403, a 404, a 5xx or an HTML page
(tests/hardening/runtime/test_start_api_answers_e2e.py drives those through the emulator).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import discord

from bot.frontend.gateway import starting


async def test_a_name_that_does_not_resolve_is_one_line(monkeypatch: Any) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", "http://kado-no-such-host.invalid/api/v10")
    monkeypatch.setattr(starting, "PROBE_TIMEOUT", 3.0)
    why = await starting._api_answers("token")
    assert why is not None and "\n" not in why and ("DNS" in why or "resolve" in why or "Connect" in why), why


async def test_a_server_that_never_answers_is_a_timeout(monkeypatch: Any) -> None:
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # accepts the connection, never answers
    try:
        port = silent.getsockname()[1]
        monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
        monkeypatch.setattr(starting, "PROBE_TIMEOUT", 0.3)
        why = await asyncio.wait_for(starting._api_answers("token"), 5)
    finally:
        silent.close()
    assert why is not None and "Timeout" in why, why
