
"""What a replay's last page says of each seat, in the third person (English and Japanese).

Merged into :data:`..strings.STRINGS`; read by ``render.revealed``.
"""

from __future__ import annotations

from ..game import ID

EN: dict[str, str] = {f"{ID}.reveal.field": "{name}'s field (public all game): {cards}"}
JA: dict[str, str] = {f"{ID}.reveal.field": "{name}の場札（ずっと公開されていました）：{cards}"}
