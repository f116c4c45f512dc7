"""PORTAS's catalogue: each topic's English and Japanese texts, merged into :data:`STRINGS`.

The platform registers :data:`STRINGS` when the game loads; the guided first
game's lines (:mod:`.tutorial`) are registered by ``bot.core.tutorial`` when a
tutorial first starts.
"""

from __future__ import annotations

from . import base, legend, outcome, reveal

TOPICS = (base, outcome, legend, reveal)
"""The catalogue's modules, each with its ``STRINGS``; a key is in one only (a later one would win)."""

STRINGS: dict[str, dict[str, str]] = {
    locale: {key: text for topic in TOPICS for key, text in topic.STRINGS[locale].items()} for locale in ("en", "ja")
}
