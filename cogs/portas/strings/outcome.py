"""Why a PORTAS game ended so (the result's reason line), merged into :mod:`.strings`."""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.reason.line": "**Ports that scored**: {players}",
        f"{ID}.reason.player": "{name} {score} ({detail})",
        f"{ID}.reason.treasure": "treasure {value}: {ports} = {points}",
        f"{ID}.reason.none": "no treasure",
        f"{ID}.reason.sep": ", ",
        f"{ID}.reason.plus": " + ",
        f"{ID}.reason.dot": " · ",
    },
    "ja": {
        f"{ID}.reason.line": "**得点になったポート**：{players}",
        f"{ID}.reason.player": "{name}（{score}点：{detail}）",
        f"{ID}.reason.treasure": "宝{value}に{ports}＝{points}点",
        f"{ID}.reason.none": "宝なし",
        f"{ID}.reason.sep": "、",
        f"{ID}.reason.plus": "＋",
        f"{ID}.reason.dot": "／",
    },
}
