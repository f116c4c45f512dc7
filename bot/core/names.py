"""Players' names as the bot's own texts show them: escaped, so a name is only ever a name.

Why: a display name is text its owner chose.  Put raw into a message or an
embed, a nickname ``<@123>`` renders as (and in a message's content could
ping) someone else, and ``[click me](https://evil.example)`` becomes a masked
link in the bot's own message.  Every text path takes names from
:func:`shown_names` / :func:`shown` instead of the stored ones, so no call
site can forget; pictures (drawn, not parsed) take the raw name back from
:attr:`ShownName.raw`, so a name is drawn exactly as its owner wrote it.

Discord-free: Discord's markdown treats a backslash before any ASCII
punctuation as "this character, literally", so escaping every markdown-
significant character is all it takes, and it is the same in content,
embeds and Components V2 text.
"""

from __future__ import annotations

import re
from typing import Any

_SPECIAL = re.compile(r"([\\*_~`|<>\[\]()#@:\-])")
"""Markdown, mention, masked-link, heading, list and emoji syntax: each becomes a literal character."""


class ShownName(str):
    """A name escaped for text, which remembers the raw name for pictures (``.raw``)."""

    raw: str

    def __new__(cls, raw: str) -> ShownName:
        shown = super().__new__(cls, escape(raw))
        shown.raw = raw
        return shown


def escape(text: str) -> str:
    """``text`` with every markdown and mention character escaped (shown literally, never parsed)."""
    return _SPECIAL.sub(r"\\\1", text)


def shown(name: str) -> ShownName:
    """One name, ready for a text (``.raw`` for a picture)."""
    return name if isinstance(name, ShownName) else ShownName(name)


def shown_names(record: Any) -> list[str]:
    """A session's seat names for text renderers: use instead of ``record.names()`` wherever text is made."""
    return [shown(name) for name in record.names()]


def raw(name: str) -> str:
    """The name as its owner wrote it (for pictures), whether or not it was escaped for text."""
    return getattr(name, "raw", name)
