
"""What a replay's last page says of each seat, in the third person (English and Japanese).

Merged into the package's ``STRINGS``; read by ``render.revealed``.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.reveal.hand": "{name}'s hand ({count}): {cards}",
    },
    "ja": {
        f"{ID}.reveal.hand": "{name}の手札（{count}枚）：{cards}",
    },
}
