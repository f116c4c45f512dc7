"""Secrets never reach a log line: interaction tokens in URLs, and the bot token."""

from __future__ import annotations

import logging
from pathlib import Path

from bot.runtime.logredact import REDACTED, RedactSecrets
from tests.e2e.helpers import bot, make_world, open_lobby
from tests.emulator.fixtures import emulator  # noqa: F401

TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQtcGFydA"


def _record(msg: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord("discord.http", logging.DEBUG, __file__, 1, msg, args, None)


def test_interaction_tokens_in_urls_are_redacted() -> None:
    redact = RedactSecrets("bot-token-xyz")
    for url in (
        f"https://discord.com/api/v10/webhooks/111222333/{TOKEN}/messages/@original",
        f"http://127.0.0.1:5000/api/v10/interactions/987654321/{TOKEN}/callback?with_response=true",
    ):
        record = _record("%s %s with %s has returned %s", "PATCH", url, None, 200)
        assert redact.filter(record)
        line = record.getMessage()
        assert TOKEN not in line and REDACTED in line
        assert "111222333" in line or "987654321" in line  # the ids stay: they help to debug and are not secret


def test_the_bot_token_is_redacted_anywhere() -> None:
    record = _record("connecting with %s", "bot-token-xyz")
    RedactSecrets("bot-token-xyz").filter(record)
    assert "bot-token-xyz" not in record.getMessage()


async def test_a_debug_log_of_real_clicks_holds_no_interaction_token(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as kado:  # BotProcess runs the bot at LOG_LEVEL=DEBUG
        await kado.ready()
        lobby = await open_lobby(world, "portas", world.alice)
        await emulator.click(world.bob, lobby, lobby.button("Join"))
        tokens = list(emulator.interactions)
        assert len(tokens) >= 2
        log = kado.log_text()
        assert "/interactions/" in log or "/webhooks/" in log  # discord.py did log the request URLs
        leaked = [t for t in tokens if t in log]
        assert not leaked, f"{len(leaked)} interaction tokens in the debug log"


def test_token_fields_of_gateway_dumps_are_redacted() -> None:
    record = _record("WebSocket Event: %s", {"op": 0, "d": {"id": "1", "type": 3, "token": TOKEN}})
    RedactSecrets("").filter(record)
    assert TOKEN not in record.getMessage() and "'type': 3" in record.getMessage()
