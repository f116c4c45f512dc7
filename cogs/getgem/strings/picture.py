"""The few words GETGEM's pictures print (English and Japanese), merged into :mod:`cogs.getgem.strings`.

Why their own keys: a picture read on a phone has room for a word or two where
the board's text has a sentence, so these are the short forms (a phase as a
chip, not "alice's action phase.").
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.picture.phase.action": "Action phase",
        f"{ID}.picture.phase.end": "End phase",
        f"{ID}.picture.revealed": "Hand",
        f"{ID}.picture.known": "You know",
    },
    "ja": {
        f"{ID}.picture.phase.action": "アクションフェイズ",
        f"{ID}.picture.phase.end": "エンドフェイズ",
        f"{ID}.picture.revealed": "手札",
        f"{ID}.picture.known": "確認済み",
    },
}
