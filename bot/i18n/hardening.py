"""Strings of the refusals (bad input, floods), en and ja: a catalogue of their own, beside core and server."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "error.not_a_choice": "That value cannot be used here. Pick one from the list.",
        "error.status_cooldown": "This channel's board was posted a moment ago. Try again in a few seconds.",
    },
    "ja": {
        "error.not_a_choice": "その値はここでは使えません。一覧から選んでください。",
        "error.status_cooldown": "このチャンネルの盤面はいま投稿したところです。数秒後にもう一度お試しください。",
    },
}
