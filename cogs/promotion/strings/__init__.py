"""Every user-facing Promotion string, in English and Japanese: the topic catalogues merged.

``base`` holds the game's name, board, events, buttons, prompts and errors; each other module one
topic (the rules pages, moments, outcomes, legend, the rule options, the reveal).  The guided first
game's lines (``tutorial``) are registered by the platform when a tutorial starts.
"""

from __future__ import annotations

from . import base, legend, moment, options, outcome, reveal, rules

TOPICS = (base, moment, rules, outcome, legend, options, reveal)
"""The catalogue's modules, each with its ``STRINGS``; a key is in one only (a later one would win)."""

STRINGS: dict[str, dict[str, str]] = {
    locale: {key: text for topic in TOPICS for key, text in topic.STRINGS[locale].items()} for locale in ("en", "ja")
}
