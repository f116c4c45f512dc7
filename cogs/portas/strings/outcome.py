"""Why a PORTAS game ended so (the result's reason line), merged into :mod:`.strings`."""

from __future__ import annotations

from ..game import ID

OUTCOME_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.reason_line.line": "**Ports that scored**: {players}",
        f"{ID}.reason_line.player": "{name} {score} ({detail})",
        f"{ID}.reason_line.treasure": "treasure {value}: {ports} = {points}",
        f"{ID}.reason_line.none": "no treasure",
        f"{ID}.reason_line.sep": ", ",
        f"{ID}.reason_line.plus": " + ",
        f"{ID}.reason_line.dot": " · ",
    },
    "ja": {
        f"{ID}.reason_line.line": "**得点になったポート**：{players}",
        f"{ID}.reason_line.player": "{name}（{score}点：{detail}）",
        f"{ID}.reason_line.treasure": "宝{value}に{ports}＝{points}点",
        f"{ID}.reason_line.none": "宝なし",
        f"{ID}.reason_line.sep": "、",
        f"{ID}.reason_line.plus": "＋",
        f"{ID}.reason_line.dot": "／",
    },
}
