"""The legend under a board's Details: what each symbol of the game's pictures means (``render.legend``)."""

from __future__ import annotations

from bot.gamefacts import Game
from bot.i18n import Tr


def legend_text(spec: Game, tr: Tr) -> str:
    """The game's legend lines under a heading, in the reader's language; "" for a game without one."""
    legend = getattr(spec.render, "legend", None)
    lines = legend(tr) if legend is not None else []
    return "\n".join([f"**{tr('board.legend')}**", *(f"-# {line}" for line in lines)]) if lines else ""
