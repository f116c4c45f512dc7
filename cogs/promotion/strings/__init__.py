"""Every user-facing Promotion string, in English and Japanese: the topic catalogues merged.

``base`` holds the game's name, board, events, buttons, errors and options; each other module one
topic (the rules pages, moments, outcomes, legend, the set-up words, the reveal).  The guided first
game's lines (``tutorial``) are registered by the platform when a tutorial starts.
"""

from __future__ import annotations

from . import base, legend, moment, outcome, reveal, rules, setup

_TOPICS = (base, moment, rules, outcome, legend, setup, reveal)

STRINGS: dict[str, dict[str, str]] = {
    "en": {key: text for topic in _TOPICS for key, text in topic.EN.items()},
    "ja": {key: text for topic in _TOPICS for key, text in topic.JA.items()},
}
