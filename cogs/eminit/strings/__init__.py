"""Every user-facing Eminit's Treasure string, in English and Japanese: the topic catalogues merged.

``base`` holds the game's name, cards, board, events and errors; each other module one topic
(the rules pages and the card help, moments, pictures, outcomes, legend, the first page, the
reveal, the rule options).  The guided first game's lines (``tutorial``) are registered by the platform
when a tutorial starts.
"""

from __future__ import annotations

from . import base, first, legend, moment, options, outcome, picture, reveal, rules

TOPICS = (base, rules, moment, picture, outcome, legend, first, reveal, options)
"""The catalogue's modules, each with its ``STRINGS``; a key is in one only (a later one would win)."""

STRINGS: dict[str, dict[str, str]] = {
    locale: {key: text for topic in TOPICS for key, text in topic.STRINGS[locale].items()} for locale in ("en", "ja")
}
