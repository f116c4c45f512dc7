"""The legend of Eminit's pictures: one line per symbol they draw (``GameRender.legend``)."""

from __future__ import annotations

from bot.i18n import Tr

from ..game import ID
from ..strings.legend import SYMBOLS


def legend(tr: Tr) -> list[str]:
    return [tr(f"{ID}.legend.{symbol}") for symbol in SYMBOLS]
