"""The legend of the PORTAS picture: one line per symbol it draws (``GameRender.legend``)."""

from __future__ import annotations

from collections.abc import Callable

from ..game import ID
from ..strings.legend import SYMBOLS

Tr = Callable[..., str]  # a translator (bot.i18n's): this module, outside render, imports no further than the engine


def legend(tr: Tr) -> list[str]:
    return [tr(f"{ID}.legend.{symbol}") for symbol in SYMBOLS]
