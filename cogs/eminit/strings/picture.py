"""The few words Eminit's pictures print (English and Japanese), merged into the package's ``STRINGS``.

Why their own keys: a picture read on a phone has room for a word or two where
the board's text has a sentence; these are the short forms the picture needs
("Last contest #4", with the card named on the card itself, not in the title).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "eminit.pic.flipped": "Flipped #{slot}",
    "eminit.pic.last": "Last contest #{slot}",
    "eminit.pic.placed_by": "placed by {mark}",
    "eminit.pic.skip": "Skip",
    "eminit.pic.declared": "Declared",
    "eminit.pic.known": "You know",
    **{f"eminit.pic.place.{n}": word for n, word in enumerate(("1st", "2nd", "3rd", "4th", "5th"), 1)},
}

JA: dict[str, str] = {
    "eminit.pic.flipped": "めくられたカード #{slot}",
    "eminit.pic.last": "直前の争奪 #{slot}",
    "eminit.pic.placed_by": "{mark}が伏せたカード",
    "eminit.pic.skip": "休み",
    "eminit.pic.declared": "宣言",
    "eminit.pic.known": "確認済み",
    **{f"eminit.pic.place.{n}": f"{n}位" for n in range(1, 6)},
}
