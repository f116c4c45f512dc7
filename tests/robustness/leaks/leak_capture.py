"""What the bot would send, captured and turned into comparable text.

The real :class:`bot.frontend.presenting.presenter.DiscordPresenter` decides what goes where (board, channel posts, each
seat's DM with its private event lines); only its three I/O leaves are replaced by recorders, so a
leak check compares exactly what the bot would send.  :func:`payload_text` flattens one message
(content, cards, buttons, picture bytes) into a string: two messages read the same to a person
exactly when their texts are equal.  Also used by tests/platform (announcing, AFK take-back).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import discord

from bot.core.slow.notify import TurnNotifier
from bot.core.store import SeatRecord, SessionRecord, Store
from bot.frontend.presenting.delivery import Delivery
from bot.frontend.presenting.presenter import DiscordPresenter


def payload_text(payload: dict[str, Any]) -> str:
    """Everything a payload shows a person: content, embeds, button labels/ids, picture bytes."""
    parts: list[str] = [repr(payload.get("content"))]
    embeds = list(payload.get("embeds") or [])
    if payload.get("embed") is not None:
        embeds.append(payload["embed"])
    for embed in embeds:
        parts.append(json.dumps(embed.to_dict(), sort_keys=True, ensure_ascii=False))
    view = payload.get("view")
    if view is not None:
        parts.append(json.dumps(view.to_components(), sort_keys=True, ensure_ascii=False))
    for file in list(payload.get("attachments") or []) + list(payload.get("files") or []):
        if isinstance(file, discord.File):
            fp = file.fp
            data = fp.getvalue() if hasattr(fp, "getvalue") else b""
            parts.append(f"{file.filename}:{hash(bytes(data))}")
    return "\n".join(parts)


class _NoClient:
    """The little of ``discord.Client`` the presenter's pure parts touch."""

    def get_channel(self, _channel_id: int) -> None:
        return None


class _CaptureDelivery:
    """Records each DM with the private event lines the presenter held for that seat when sending."""

    def __init__(self, presenter: CapturePresenter) -> None:
        self.presenter = presenter

    async def send(self, record: SessionRecord, seat: SeatRecord, payload: dict[str, Any], answer: Any = None) -> bool:
        recent = self.presenter.dm_screens.recent.get((record.id, seat.seat))
        self.presenter.dms.append((seat.seat, payload, list(recent) if recent else None))
        return True

    def forget(self, session_id: int) -> None:
        return None

    def open_soon(self, user_ids: Iterable[int]) -> None:
        return None  # opening a DM channel shows the player nothing

    message_link = staticmethod(Delivery.message_link)  # a pure function of the seat record: the real one


class _NeverDue:
    """A turn-notice timer that never fires (see :class:`_CaptureNotices`)."""

    def cancel(self) -> None:
        return None


class _CaptureNotices:
    """Records the turn notices a reminder posts at once; the ones after the grace time never come due.

    Turn notices are still worked out after every move (so a bug in building
    them shows, as it would in the bot), but a scan plays far faster than the
    grace time and must not leave timers posting to a client that is not there.
    """

    def __init__(self) -> None:
        self.posted: list[tuple[int, int, str]] = []

    async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
        self.posted.append((channel_id, user_id, text))
        return None

    async def edit(self, channel_id: int, message_id: int, text: str) -> None:
        return None

    async def delete(self, channel_id: int, message_id: int) -> None:
        return None


class CapturePresenter(DiscordPresenter):
    """``DiscordPresenter`` deciding what goes where, with the sending replaced by recording."""

    def __init__(self, store: Store) -> None:
        super().__init__(_NoClient(), store)  # type: ignore[arg-type]
        self.boards: list[dict[str, Any]] = []
        self.posts: list[str] = []
        self.dms: list[tuple[int, dict[str, Any], list[str] | None]] = []
        self.delivery = _CaptureDelivery(self)  # type: ignore[assignment]
        self.notifier = TurnNotifier(_CaptureNotices(), call_later=lambda _delay, _due: _NeverDue())

    def clear(self) -> None:
        self.boards.clear()
        self.posts.clear()
        self.dms.clear()

    async def _edit_board(
        self, record: SessionRecord, payload: dict[str, Any], *, click: Any = None, answer: Any = None
    ) -> None:
        self.boards.append(payload)

    async def _post(self, record: SessionRecord, content: str, *, nonce: str | None = None, view: Any = None) -> None:
        self.posts.append(content)

    async def _post_moment(self, record: SessionRecord, entry: str) -> None:
        self.posts.append(entry)  # a line of the moments message (bot/frontend/presenting/board_position.py)
