"""Strings of the hardening work (refusals of bad input and floods; what a Rematch changed), en and ja."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "error.not_a_choice": "That value cannot be used here. Pick one from the list.",
        "error.status_cooldown": "This channel's board was posted a moment ago. Try again in a few seconds.",
        "rematch.changed": "This rematch uses the server's current settings, which changed since the last game:",
        "rematch.rule": "{option}: {old} → {new}",
        "rematch.ai": "The {old} AI is no longer allowed here: a {new} AI takes its seat",
        "rematch.ai_left_out": "The {old} AI is no longer allowed here, and no AI level is: its seat is open",
    },
    "ja": {
        "error.not_a_choice": "その値はここでは使えません。一覧から選んでください。",
        "error.status_cooldown": "このチャンネルの盤面はいま投稿したところです。数秒後にもう一度お試しください。",
        "rematch.changed": "前回のゲームのあとでサーバーの設定が変わったため、このリマッチは現在の設定で開きます：",
        "rematch.rule": "{option}：{old} → {new}",
        "rematch.ai": "AI（{old}）はこのサーバーで使えなくなったため、AI（{new}）が代わりに入ります",
        "rematch.ai_left_out": "AI（{old}）はこのサーバーで使えなくなり、使えるAIもないため、その席は空いています",
    },
}
