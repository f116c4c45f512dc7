"""The few words GETGEM's pictures print (English and Japanese), merged into :mod:`cogs.getgem.strings`.

Why their own keys: a picture read on a phone has room for a word or two where
the board's text has a sentence, so these are the short forms (a phase as a
chip, not "alice's action phase.").
"""

from __future__ import annotations

PICTURE_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "getgem.pic.phase.action": "Action phase",
        "getgem.pic.phase.end": "End phase",
        "getgem.pic.revealed": "Hand",
        "getgem.pic.known": "You know",
    },
    "ja": {
        "getgem.pic.phase.action": "アクションフェイズ",
        "getgem.pic.phase.end": "エンドフェイズ",
        "getgem.pic.revealed": "手札",
        "getgem.pic.known": "確認済み",
    },
}
