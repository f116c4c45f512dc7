"""Strings of who holds a seat and what a result means: a seat given to the AI by a leave or a moderator,
a choice asked outside one's turn, an unrated result, a replay's steps and a history's scope (en, ja)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "dm.your_choice": "You are asked to choose.",
        "event.seat_left": "🤖 {name} left the game; an AI plays their seat now.",
        "event.seat_kicked": "🤖 A moderator took {name} out of the game; an AI plays their seat now.",
        "dm.kicked": "A moderator took you out of this game; an AI plays your seat now.",
        "dm.kicked_end": "A moderator took you out of this game, and so it ended: you lose it.",
        "dm.left": "You left this game; an AI plays your seat now.",
        "result.kicked": "A moderator took {name} out of the game.",
        "seat.ai_mark": "{name} (AI)",
        "result.unrated": "This game was not rated.",
        "result.unrated_for": "Not rated for {names}.",
        "history.none_channel": "No finished games in this channel yet.",
        "history.none_user": "{name} has no finished games on this server yet.",
        "replay.clicked": "{name} chose “{move}” (the move goes on in the next step).",
        "leave.confirm_forfeit": "Leave this game? You lose it at once: the other player wins, and it counts as your "
        "loss (in ratings too, if the game is rated). This cannot be undone.",
        "leave.confirm_seat": "Leave this game? An AI plays your seat and you are ranked last (in ratings too, if "
        "the game is rated). This cannot be undone.",
        "leave.confirm_button": "Leave the game",
    },
    "ja": {
        "dm.your_choice": "選択をお願いします。",
        "event.seat_left": "🤖 {name}がゲームから抜けました。席はAIが引き継ぎます。",
        "event.seat_kicked": "🤖 モデレーターが{name}をゲームから外しました。席はAIが引き継ぎます。",
        "dm.kicked": "モデレーターがあなたをこのゲームから外しました。席はAIが引き継ぎます。",
        "dm.kicked_end": "モデレーターがあなたをこのゲームから外したため、ゲームは終了しました（あなたの負けです）。",
        "dm.left": "このゲームから抜けました。席はAIが引き継ぎます。",
        "result.kicked": "モデレーターが{name}をゲームから外しました。",
        "seat.ai_mark": "{name}（AI）",
        "result.unrated": "このゲームはレーティングの対象外です。",
        "result.unrated_for": "{names}はレーティングの対象外です。",
        "history.none_channel": "このチャンネルで終わったゲームはまだありません。",
        "history.none_user": "このサーバーで{name}が終えたゲームはまだありません。",
        "replay.clicked": "{name}が「{move}」を選びました（続きは次の手です）。",
        "leave.confirm_forfeit": "このゲームから抜けますか？すぐに負けとなり、相手の勝ちになります（レーティング対象の"
        "ゲームではレーティングにも反映されます）。取り消せません。",
        "leave.confirm_seat": "このゲームから抜けますか？席はAIが引き継ぎ、あなたは最下位になります（レーティング対象の"
        "ゲームではレーティングにも反映されます）。取り消せません。",
        "leave.confirm_button": "ゲームから抜ける",
    },
}
