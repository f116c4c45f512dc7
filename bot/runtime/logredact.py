"""Keep secrets out of log lines: the bot token and interaction tokens.

discord.py logs every request URL at DEBUG, and an interaction's follow-up
and callback URLs carry its token (``/webhooks/<app>/<token>``,
``/interactions/<id>/<token>/callback``), and the gateway's DEBUG dump of
each INTERACTION_CREATE holds it as a field; each is valid for 15 minutes: anyone who
reads a shared debug log could answer, edit or delete as the bot in that
window.  A handler filter sees every record that reaches the output, from any
logger, after its arguments are merged, so one filter covers all of them.
"""

from __future__ import annotations

import logging
import re

_TOKEN_PATHS = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_\-.]{20,}")
# the gateway's DEBUG dump of INTERACTION_CREATE is a dict: {'token': '…'} (or "token": "…" as JSON)
_TOKEN_FIELDS = re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+""")
REDACTED = "<redacted>"


class RedactSecrets(logging.Filter):
    """Replaces interaction tokens in URLs, and the bot token anywhere, with ``<redacted>``."""

    def __init__(self, bot_token: str = "") -> None:
        super().__init__()
        self._bot_token = bot_token

    def redact(self, text: str) -> str:
        """``text`` with every secret replaced: an interaction token lets anyone edit or answer as the bot."""
        if self._bot_token and self._bot_token in text:
            text = text.replace(self._bot_token, REDACTED)
        text = _TOKEN_PATHS.sub(rf"\1{REDACTED}", text)
        return _TOKEN_FIELDS.sub(rf"\1{REDACTED}", text)

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the message and its traceback in place; never drops a record (always True)."""
        message = record.getMessage()
        cleaned = self.redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = self.redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        return True


def install(bot_token: str) -> None:
    """Put the filter on every handler of the root logger (call after ``logging.basicConfig``)."""
    secrets = RedactSecrets(bot_token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(secrets)
