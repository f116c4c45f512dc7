"""Break the reference cycles discord.py's UI objects form, once nothing will use them again.

Why this exists: discord.py links a view and its items both ways (``item._view``),
and an ``Interaction`` and its cached ``InteractionResponse`` both ways
(``response._parent``).  Such objects are not freed when the last reference
goes; they wait for Python's cyclic collector.  Every click made dozens of
them (the View discord.py rebuilds from the clicked message, its buttons, the
interaction, its member and message, and the View of the board we send back),
and at 200 games the collector's passes over that garbage were the bot's
longest pauses, every one landing on whichever clicks were waiting to be acknowledged (docs/performance.md).
Without the cycles, reference counting frees all of it the moment a click is
done, and the collector seldom runs.

Only objects that are finished with are unlinked: a :class:`~bot.frontend.ui.components.Static`
layout (never dispatched, so its items need no way back to it), the clicked
item's rebuilt view and interaction after the item's callback returned
(discord.py's dynamic-item dispatch does nothing with them afterwards), and a
slash command's interaction once discord.py reports the command completed.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord


def unlink_item(item: discord.ui.Item[Any]) -> None:
    """Drop an item's references up to its view and parent (and its wrapped item's, for a DynamicItem)."""
    item._view = None
    item._parent = None
    inner = getattr(item, "item", None)
    if isinstance(inner, discord.ui.Item):
        inner._view = None
        inner._parent = None


def unlink_view(view: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Empty a view that is done with, so that it and its items are plain garbage."""
    if view is None:
        return
    for item in list(view.walk_children()):
        unlink_item(item)
    view.clear_items()


def release(item: discord.ui.Item[Any], interaction: discord.Interaction) -> None:
    """After a dynamic item's callback: unlink the view discord.py rebuilt for it and the interaction."""
    unlink_view(item.view)
    unlink_item(item)
    release_interaction(interaction)


def release_interaction(interaction: discord.Interaction) -> None:
    """Drop the interaction's cached ``InteractionResponse``, which points back to it."""
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]


class File(discord.File):
    """A ``discord.File`` that is freed when dropped, not by the collector.

    discord.py stubs out the buffer's ``close`` while a request may re-read it,
    and its :meth:`close` puts back the buffer's own bound method, which refers
    to the buffer: every picture sent (a PNG in a ``BytesIO``) was then a
    reference cycle waiting for the collector, with each click's task
    (``bot.transport.edits``): under load the young collections paused the
    bot every few seconds (docs/performance.md).
    """

    __slots__ = ()

    def close(self) -> None:
        """discord.py's close, then the buffer's own ``close`` restored without a reference back to the buffer."""
        super().close()
        vars(self.fp).pop("close", None)  # the class's own close again, without a reference to the buffer
