"""Seat labels: a player's name shortened to its room the way a reader would shorten it.

Why: Discord names run to 32 characters and a phone-sized seat label holds
about ten, so most long names are cut.  Cut at a pixel ("Aurelia Mo…") a name
reads worse than cut at a word ("Aurelia…"), and full-width Latin letters
("ＳＵＰＥＲ") take twice the room of the same letters in half width, which
say the same to a reader.  Used by the PORTAS and Promotion pictures; any
picture may use it (it draws nothing).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from .canvas import ELLIPSIS, fit, width

WORD_BREAKS = " ・_-"
"""Where a name may be cut between words: spaces, the Japanese middle dot, underscores and hyphens."""


@lru_cache(maxsize=4096)
def seat_label(name: str, size: int, bold: bool, max_width: int) -> str:
    """``name`` as a label of at most ``max_width`` pixels at ``size``.

    Full-width Latin letters and digits become half-width (NFKC) first; a name
    still too long is cut after its last whole word that leaves the label at
    least half full, else at the last character that fits, and ends in "…".
    """
    plain = "".join(
        unicodedata.normalize("NFKC", ch) if "\uff01" <= ch <= "\uff5e" else ch for ch in name
    ).strip()
    if width(plain, size, bold) <= max_width:
        return plain
    cut = fit(plain, size, bold, max_width)
    kept = cut[: -len(ELLIPSIS)] if cut.endswith(ELLIPSIS) else cut
    for at in range(len(kept) - 1, 0, -1):
        if plain[at] in WORD_BREAKS or kept[at - 1] in WORD_BREAKS:
            head = plain[:at].rstrip(WORD_BREAKS)
            if head and width(head + ELLIPSIS, size, bold) >= max_width / 2:
                return head + ELLIPSIS
            break
    return cut
