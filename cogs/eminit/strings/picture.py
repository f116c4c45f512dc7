
"""The few words Eminit's pictures print (English and Japanese), merged into the package's ``STRINGS``.

Why their own keys: a picture read on a phone has room for a word or two where
the board's text has a sentence; these are the short forms the picture needs
("Last contest #4", with the card named on the card itself, not in the title).
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.picture.flipped": "Flipped #{slot}",
        f"{ID}.picture.last": "Last contest #{slot}",
        f"{ID}.picture.placed_by": "placed by {mark}",
        f"{ID}.picture.skip": "Skip",
        f"{ID}.picture.declared": "Declared",
        f"{ID}.picture.known": "You know",
        **{f"{ID}.picture.place.{n}": word for n, word in enumerate(("1st", "2nd", "3rd", "4th", "5th"), 1)},
    },

    "ja": {
        f"{ID}.picture.flipped": "めくられたカード #{slot}",
        f"{ID}.picture.last": "直前の争奪 #{slot}",
        f"{ID}.picture.placed_by": "{mark}が伏せたカード",
        f"{ID}.picture.skip": "休み",
        f"{ID}.picture.declared": "宣言",
        f"{ID}.picture.known": "確認済み",
        **{f"{ID}.picture.place.{n}": f"{n}位" for n in range(1, 6)},
    },
}
