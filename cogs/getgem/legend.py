"""The legend of GETGEM's pictures: one line per symbol they draw (``GameRender.legend``)."""

from __future__ import annotations

from cogs.getgem.strings_legend import SYMBOLS
from cogs.getgem.words import Tr


def legend(tr: Tr) -> list[str]:
    return [tr(f"getgem.legend.{symbol}") for symbol in SYMBOLS]
