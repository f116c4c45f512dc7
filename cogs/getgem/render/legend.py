"""The legend of GETGEM's pictures: one line per symbol they draw (``GameRender.legend``)."""

from __future__ import annotations

from ..game import ID
from ..strings.legend import SYMBOLS
from .words import Tr


def legend(tr: Tr) -> list[str]:
    return [tr(f"{ID}.legend.{symbol}") for symbol in SYMBOLS]
