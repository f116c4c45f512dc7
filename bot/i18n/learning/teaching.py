"""Platform words for teaching as you play (the legend of a board's symbols), en and ja.

A module of its own, registered at start-up like the others, so these texts
change without touching the big catalogues.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {"board.legend": "Symbols in the picture"},
    "ja": {"board.legend": "図の記号"},
}
