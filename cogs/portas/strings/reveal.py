"""What a replay's last page says of each seat, in the third person (English and Japanese).

Merged into :data:`cogs.portas.strings.STRINGS`; read by ``render.revealed``.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {f"{ID}.reveal.hand": "{name}'s hand (on the board all game): {cards}"},
    "ja": {f"{ID}.reveal.hand": "{name}の手札（ずっと盤面に出ていました）：{cards}"},
}
