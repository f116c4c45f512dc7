"""The words of a seat the AI plays for its player (after the player's timeouts), en and ja."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "dm.ai_stands_in": "🤖 The AI plays your seat now. Make any move to take it back.",
    },
    "ja": {
        "dm.ai_stands_in": "🤖 今はAIがあなたの席を引き継いでいます。何か操作すれば席に戻れます。",
    },
}
