"""Strings of seats the AI plays for their players, and of reviews that finish after a restart, en and ja."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "dm.ai_stands_in": "🤖 The AI plays your seat now. Make any move to take it back.",
        "review.ready_dm": "Your review of game #{id}, which you asked for in the server, is ready:",
        "review.find_in_server": (
            "-# To try your costliest decision again, use **{cmd.game.review}** `{id}` in the server."
        ),
    },
    "ja": {
        "dm.ai_stands_in": "🤖 今はAIがあなたの席を引き継いでいます。何か操作すれば席に戻れます。",
        "review.ready_dm": "サーバーで依頼されたゲーム#{id}の振り返りができました：",
        "review.find_in_server": (
            "-# いちばん損の大きかった手をもう一度試すには、サーバーで **{cmd.game.review}** `{id}` を使ってください。"
        ),
    },
}
