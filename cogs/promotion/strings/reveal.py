
"""What a replay's last page says of each seat, in the third person (English and Japanese).

Merged into :data:`..strings.STRINGS`; read by ``render.revealed``.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.reveal.field": "{name}'s field (public all game): {cards}",
    },
    "ja": {
        f"{ID}.reveal.field": "{name}の場札（ずっと公開されていました）：{cards}",
    },
}
