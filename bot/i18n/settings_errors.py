"""Refusals of server settings that only typed text reaches (a slash command's choices prevent them); en and ja."""

# ruff: noqa: E501  (a message catalogue: one long sentence per line reads better than wrapped fragments)

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "error.setting.bad_hints": "Hints can be offered in games that are not rated, in every game or never, not “{value}”.",
        "error.setting.bad_rate_ai": "Answer yes or no, not “{value}”.",
        "error.setting.bad_role": "`{value}` is not a role.",
    },
    "ja": {
        "error.setting.bad_hints": "ヒントは「レーティング対象外のゲームのみ」「すべてのゲーム」「使わない」から選んでください（「{value}」は選べません）。",
        "error.setting.bad_rate_ai": "「はい」か「いいえ」で答えてください（「{value}」は選べません）。",
        "error.setting.bad_role": "`{value}`はロールではありません。",
    },
}
