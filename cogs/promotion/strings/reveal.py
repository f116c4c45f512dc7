"""What a replay's last page says of each seat, in the third person (English and Japanese).

Merged into :data:`cogs.promotion.strings.STRINGS`; read by ``render.revealed``.
"""

from __future__ import annotations

EN: dict[str, str] = {"promotion.reveal.field": "{name}'s field (public all game): {cards}"}
JA: dict[str, str] = {"promotion.reveal.field": "{name}の場札（ずっと公開されていました）：{cards}"}
