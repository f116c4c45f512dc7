"""Why a Promotion game ended so (the result's reason line), merged into :mod:`.strings`."""

from __future__ import annotations

EN: dict[str, str] = {
    "promotion.out.clash": "Row {row}: your {suit} clashed with {names}, so nobody on that row got it.",
    "promotion.out.missed": "Your row 1: after the SPIN you faced {special} ({order}), whose turn had passed: "
    "nothing happened.",
    "promotion.reason.line": "**How**: {how}.",
    "promotion.reason.raise": "{name} chose row {row}, which raised {old} to {king} (a King) with no clash",
    "promotion.reason.wild": "{name}'s Wild! raised {old} to {king} (a King)",
    "promotion.reason.king": "{name} reached {king} (a King)",
    "promotion.reason.draw": "**How**: nobody reached a King in {rounds} rounds, so the game is a draw.",
}

JA: dict[str, str] = {
    "promotion.out.clash": "{row}段目：あなたの{suit}が{names}と被ったため、その段では誰も上がりませんでした。",
    "promotion.out.missed": "あなたの1段目：SPINの後に向いたのは{special}（{order}）で、順番が過ぎていたため"
    "何も起きませんでした。",
    "promotion.reason.line": "**決め手**：{how}。",
    "promotion.reason.raise": "{name}が{row}段目を選び、被りなく{old}が{king}（キング）に上がりました",
    "promotion.reason.wild": "{name}のWild!で{old}が{king}（キング）に上がりました",
    "promotion.reason.king": "{name}が{king}（キング）に届きました",
    "promotion.reason.draw": "**決め手**：{rounds}ラウンドで誰もキングに届かなかったため、引き分けです。",
}
