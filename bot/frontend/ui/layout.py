"""Components V2 building blocks: one accent-coloured card per message, kept inside Discord's limits.

Why a module of its own: every screen (lobby, board, DM, details) is a
:class:`Screen` — a ``LayoutView`` that is only a layout, never stored by
discord.py — made of one Container whose accent bar says which game it is and
in what state (:func:`accent`).  Discord refuses a V2 message with more than
40 components or more than 4000 characters of text, and the largest tables
(five players with 32-character names, 25 buttons) come close: :func:`card`
drops the parts marked optional and clips the longest texts until the whole
fits, so a screen is never refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.ui import cycles
from bot.gameui import clip as clip  # the kit's one clip (Discord refuses a longer component)

MAX_COMPONENTS = 40
MAX_TEXT = 4000
MAX_ROW = 5
OVER = 0x4E5058  # Discord's own grey: a finished game steps back
_MIXES = {"turn": 0.0, "active": 0.0, "wait": 0.55, "over": 0.75}


def accent(base: int, state: str) -> int:
    """The bar colour of a game's card in ``state``: "turn"/"active" its colour, "wait" dimmed, "over" nearly grey."""
    mix = _MIXES.get(state, 0.0)
    out = 0
    for shift in (16, 8, 0):
        a, b = (base >> shift) & 0xFF, (OVER >> shift) & 0xFF
        out |= round(a + (b - a) * mix) << shift
    return out


class Screen(discord.ui.LayoutView):
    """A V2 layout that is only rendered into components: discord.py never stores it (clicks reach DynamicItems)."""

    text_only: Callable[[], Screen] | None = None
    """The same screen without its picture, for a channel where the bot may not attach files."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        """False: discord.py then never stores this layout to dispatch clicks to it (clicks go by custom_id)."""
        return False

    def unlinked(self) -> Screen:
        """Drop the items' references back to this view (nothing dispatches through it; see bot.frontend.ui.cycles)."""
        for item in list(self.walk_children()):
            cycles.unlink_item(item)
        return self


@dataclass
class Part:
    """One block of a card: a text, a picture, a row of buttons, a section.

    ``optional`` parts go first when the card would not fit; a ``text`` part
    (its markdown in ``text``) may be clipped, down to ``min_chars``.
    """

    item: discord.ui.Item[Any] | None = None
    text: str | None = None
    optional: bool = False
    min_chars: int = 40
    accessory: discord.ui.Item[Any] | None = None  # with ``text``: a Section with this button beside it


def text(markdown: str, *, optional: bool = False, accessory: discord.ui.Item[Any] | None = None) -> Part:
    """A block of markdown; ``optional`` ones are dropped first when the card is over Discord's limits."""
    return Part(text=markdown, optional=optional, accessory=accessory)


def picture(filename: str, description: str | None = None) -> Part:
    """The uploaded ``filename`` shown full width (a one-item Media Gallery)."""
    alt = clip(description, 256) if description else None
    media = discord.MediaGalleryItem(f"attachment://{filename}", description=alt)
    return Part(item=discord.ui.MediaGallery(media))


def separator(*, optional: bool = True, visible: bool = True) -> Part:
    """A gap between blocks (a line if ``visible``); optional by default: the first thing a full card gives up."""
    return Part(item=discord.ui.Separator(visible=visible), optional=optional)


def rows(buttons: Sequence[discord.ui.Item[Any]], hints: Sequence[int | None] | None = None) -> list[Part]:
    """Buttons in Action Rows: by the game's row hints when they all fit (≤ 5 a row), else five a row, in order."""
    groups: list[list[discord.ui.Item[Any]]] = []
    if hints and len(hints) == len(buttons) and all(h is not None for h in hints):
        by_row: dict[int, list[discord.ui.Item[Any]]] = {}
        for item, hint in zip(buttons, hints, strict=True):
            by_row.setdefault(int(hint), []).append(item)  # type: ignore[arg-type]
        if all(len(g) <= MAX_ROW for g in by_row.values()):
            groups = [by_row[r] for r in sorted(by_row)]
    if not groups:
        groups = [list(buttons[i : i + MAX_ROW]) for i in range(0, len(buttons), MAX_ROW)]
    return [Part(item=discord.ui.ActionRow(*g)) for g in groups if g]


def _count(part: Part) -> int:
    if part.text is not None:
        return 1 + (2 if part.accessory is not None else 0)  # a Section: itself, its text, its accessory
    assert part.item is not None
    walk = getattr(part.item, "walk_children", None)
    return 1 + (len(list(walk())) if walk else 0)


def _fit(parts: list[Part], budget: int) -> list[Part]:
    """Drop optional parts (last first) until the card has at most ``budget`` components; clip texts to MAX_TEXT."""
    parts = list(parts)
    while sum(_count(p) for p in parts) > budget:
        drop = next((i for i in range(len(parts) - 1, -1, -1) if parts[i].optional), None)
        if drop is None:
            raise ValueError("a screen does not fit in 40 components even without its optional parts")
        del parts[drop]
    texts = [p for p in parts if p.text is not None]
    over = sum(len(p.text or "") for p in texts) - MAX_TEXT
    while over > 0:  # clip the longest text first: a log or a hand listing, never a one-line status
        longest = max(texts, key=lambda p: len(p.text or ""))
        keep = max(len(longest.text or "") - over, min(longest.min_chars, len(longest.text or "") - 1), 1)
        longest.text = clip(longest.text or "", keep)
        over = sum(len(p.text or "") for p in texts) - MAX_TEXT
    return parts


def _item(part: Part) -> discord.ui.Item[Any]:
    if part.text is None:
        assert part.item is not None
        return part.item
    display = discord.ui.TextDisplay(part.text or "\u200b")
    if part.accessory is None:
        return display
    return discord.ui.Section(display, accessory=part.accessory)


def card(colour: int, parts: Sequence[Part], below: Sequence[Part] = ()) -> Screen:
    """One Container with the accent ``colour`` holding ``parts``; ``below`` (rows of buttons) under it.

    Buttons that act on the whole message (Details, My hand, lobby buttons)
    go in the card; a long list of move buttons may sit ``below`` it.
    """
    inner = _fit(list(parts), MAX_COMPONENTS - 1 - sum(_count(p) for p in below))
    screen = Screen()
    screen.add_item(discord.ui.Container(*(_item(p) for p in inner), accent_colour=discord.Colour(colour)))
    for part in below:
        screen.add_item(_item(part))
    return screen.unlinked()
