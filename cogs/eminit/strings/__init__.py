"""Every user-facing Eminit's Treasure string, in English and Japanese: the topic catalogues merged.

``base`` holds the game's name, cards, board, events and errors; each other module one topic
(the rules pages and the card help, moments, pictures, outcomes, legend, the first page, the
reveal, the rule options).  The guided first game's lines (``tutorial``) are registered by the platform
when a tutorial starts.
"""

from __future__ import annotations

from . import base, first, legend, moment, options, outcome, picture, reveal, rules

_TOPICS = (base, rules, moment, picture, outcome, legend, first, reveal, options)

STRINGS: dict[str, dict[str, str]] = {
    "en": {key: text for topic in _TOPICS for key, text in topic.EN.items()},
    "ja": {key: text for topic in _TOPICS for key, text in topic.JA.items()},
}
