"""REST routes that start threads, as Discord documents them (Channel resource, "Start Thread…").

``POST /channels/{channel.id}/threads`` starts a thread without a message (type 11, a public
thread, unless the body asks for 12, a private one) and ``POST /channels/{channel.id}/messages/
{message.id}/threads`` starts one from a message (always public; the thread's id is the
message's).  Both answer 201 with the thread channel and dispatch THREAD_CREATE (with
``newly_created``), as Discord does.  Permissions are Discord's: View Channel plus Create Public
Threads (Create Private Threads for a private one) in the parent; a thread inside a thread, a
DM or a message that already has one is refused with Discord's codes.
"""

from __future__ import annotations

from typing import Any

from ..base import ApiError, Perm, _Request
from ..models import Channel

THREAD_TYPES = (11, 12)
"""What a thread without a message may be: public (11) or private (12); announcement threads (10) are not made here."""


class ThreadRoutesMixin:
    """Handlers of the thread-starting routes (see DiscordEmulator._ROUTES)."""

    async def _r_start_thread(self, r: _Request) -> Any:
        parent = self._channel(r)  # type: ignore[attr-defined]
        body = r.json or {}
        kind = int(body.get("type", 12))  # Discord's default for a thread without a message is private
        if kind not in THREAD_TYPES:
            raise ApiError(400, 50035, "Invalid Form Body")
        self._check_thread_parent(parent, Perm.CREATE_PRIVATE_THREADS if kind == 12 else Perm.CREATE_PUBLIC_THREADS)
        thread = self._start_thread(parent, str(body.get("name", "")), kind)
        return 201, self._thread_payload(thread)  # type: ignore[attr-defined]

    async def _r_start_thread_from_message(self, r: _Request) -> Any:
        msg = self._channel_message(r)  # type: ignore[attr-defined]
        parent = self.channels[msg.channel_id]  # type: ignore[attr-defined]
        self._check_thread_parent(parent, Perm.CREATE_PUBLIC_THREADS)
        if msg.id in self.channels:  # type: ignore[attr-defined]
            raise ApiError(400, 160004, "A thread has already been created for this message")
        name = str((r.json or {}).get("name", ""))
        thread = self._start_thread(parent, name, 11, thread_id=msg.id)
        return 201, self._thread_payload(thread)  # type: ignore[attr-defined]

    def _check_thread_parent(self, parent: Channel, needed: int) -> None:
        """Refuse a thread where Discord does: in a DM or a thread, or without the permission to start one."""
        if parent.is_dm or parent.is_thread or parent.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if ~self._bot_permissions(self._guild_of(parent), parent) & (Perm.VIEW_CHANNEL | needed):  # type: ignore[attr-defined]
            raise ApiError(403, 50013, "Missing Permissions")

    def _start_thread(self, parent: Channel, name: str, kind: int, *, thread_id: int | None = None) -> Channel:
        """The thread itself, made and announced as :meth:`WorldMixin.create_thread` does."""
        if not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, "Invalid Form Body")
        return self._new_thread(parent, name, kind, thread_id=thread_id)  # type: ignore[attr-defined]

