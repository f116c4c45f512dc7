
"""Why a Promotion game ended so (the result's reason line), merged into the package's ``STRINGS``."""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.outcome.clash": "Row {row}: your {suit} clashed with {names}, so nobody on that row got it.",
        f"{ID}.outcome.missed": "Your row 1: after the SPIN you faced {special} ({order}), whose turn had passed: "
        "nothing happened.",
        f"{ID}.reason.line": "**How**: {how}.",
        f"{ID}.reason.raise": "{name} chose row {row}, which raised {old} to {king} (a King) with no clash",
        f"{ID}.reason.wild": "{name}'s Wild! raised {old} to {king} (a King)",
        f"{ID}.reason.king": "{name} reached {king} (a King)",
        f"{ID}.reason.draw": "**How**: nobody reached a King in {rounds} rounds, so the game is a draw.",
    },

    "ja": {
        f"{ID}.outcome.clash": "{row}段目：あなたの{suit}が{names}と被ったため、その段では誰も上がりませんでした。",
        f"{ID}.outcome.missed": "あなたの1段目：SPINの後に向いたのは{special}（{order}）で、順番が過ぎていたため"
        "何も起きませんでした。",
        f"{ID}.reason.line": "**決め手**：{how}。",
        f"{ID}.reason.raise": "{name}が{row}段目を選び、被りなく{old}が{king}（キング）に上がりました",
        f"{ID}.reason.wild": "{name}のWild!で{old}が{king}（キング）に上がりました",
        f"{ID}.reason.king": "{name}が{king}（キング）に届きました",
        f"{ID}.reason.draw": "**決め手**：{rounds}ラウンドで誰もキングに届かなかったため、引き分けです。",
    },
}
