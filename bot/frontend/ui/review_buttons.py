"""The review's buttons: "Review" under a game's result, "Find a better move", and each try in that loop.

Formats, like :mod:`bot.frontend.ui.components`' (each id says everything a click needs):

* ``k:rv:<session>``          Review: the clicker's review of that game, privately
* ``k:rf:<session>``          Find a better move: the clicker's costliest decision, to try again
* ``k:rt:<session>:<index>``  one try: the choice ``index`` of that decision's legal list

Who clicked decides whose review it is (their seat in the game), so the ids
carry no seat, and a click by someone else only ever shows that person's own.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.ui.components import Routed, _button


class ReviewButton(Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"k:rv:(?P<sid>\d+)"):
    """Under a finished game's result: the clicker's review of their decisions, answered privately."""

    def __init__(self, sid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:rv:{sid}", label, discord.ButtonStyle.primary, emoji="📈"))
        self.sid = sid


class FindButton(Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"k:rf:(?P<sid>\d+)"):
    """Under a review: the costliest decision's position, to find a better move."""

    def __init__(self, sid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:rf:{sid}", label, discord.ButtonStyle.success, emoji="🔍"))
        self.sid = sid


class TryButton(Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"k:rt:(?P<sid>\d+):(?P<idx>\d+)"):
    """One choice tried in "Find a better move": judged against the stored review, the message edited."""

    def __init__(self, sid: int, idx: int, label: str = "…", disabled: bool = False) -> None:
        super().__init__(_button(f"k:rt:{sid}:{idx}", label, discord.ButtonStyle.secondary, disabled=disabled))
        self.sid, self.idx = sid, idx


ITEMS = (ReviewButton, FindButton, TryButton)
"""The review's button kinds, tried after :data:`bot.frontend.ui.components.DYNAMIC_ITEMS`."""
