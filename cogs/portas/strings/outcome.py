"""Why a PORTAS game ended so (the result's reason line), merged into :mod:`.strings`."""

from __future__ import annotations

OUTCOME_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "portas.reason_line.line": "**Ports that scored**: {players}",
        "portas.reason_line.player": "{name} {score} ({detail})",
        "portas.reason_line.treasure": "treasure {value}: {ports} = {points}",
        "portas.reason_line.none": "no treasure",
        "portas.reason_line.sep": ", ",
        "portas.reason_line.plus": " + ",
        "portas.reason_line.dot": " · ",
    },
    "ja": {
        "portas.reason_line.line": "**得点になったポート**：{players}",
        "portas.reason_line.player": "{name}（{score}点：{detail}）",
        "portas.reason_line.treasure": "宝{value}に{ports}＝{points}点",
        "portas.reason_line.none": "宝なし",
        "portas.reason_line.sep": "、",
        "portas.reason_line.plus": "＋",
        "portas.reason_line.dot": "／",
    },
}
