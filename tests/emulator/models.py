"""Plain data objects of the Discord emulator (users, guilds, channels); messages live in state/message.py
and interaction results in state/results.py, re-exported here so ``from tests.emulator.models import Message``
keeps working."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .state.message import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Button,
    Message,
    SelectMenu,
    iso_now,
    iter_components,
)
from .state.results import InteractionResult, Modal, RequestRecord, Violation, is_interaction_route

__all__ = [
    "FLAG_COMPONENTS_V2",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "Attachment",
    "Button",
    "Channel",
    "Guild",
    "InteractionResult",
    "Member",
    "Message",
    "Modal",
    "RequestRecord",
    "Role",
    "SelectMenu",
    "SnowflakeGen",
    "User",
    "Violation",
    "is_interaction_route",
    "iso_now",
    "iter_components",
]

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeGen:
    """Monotonic snowflake generator (time-based, like Discord's)."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = now << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake whose Discord shard, ``(id >> 22) % shard_count``, is ``shard_id``.

        The shard comes from the timestamp bits, so ids made in the same
        millisecond share one; this moves the timestamp up to ``shard_count - 1`` ms ahead.
        """
        candidate = self()
        delta = (shard_id - (candidate >> 22)) % shard_count
        if delta:
            candidate = ((candidate >> 22) + delta) << 22
            self._last = candidate
        return candidate


@dataclass(eq=False)
class User:
    id: int
    name: str
    locale: str = "en-US"
    dms_open: bool = True
    bot: bool = False
    global_name: str | None = None
    dm_channel_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name if self.global_name is not None else (None if self.bot else self.name),
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<User {self.name} id={self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    color: int = 0

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<Role {self.name} id={self.id}>"


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    type: int = 0  # 0 = GUILD_TEXT, 1 = DM
    guild_id: int | None = None
    recipient_id: int | None = None  # for DMs
    position: int = 0
    last_message_id: int | None = None
    bot_denied: int = 0  # permission bits a member overwrite denies the bot here (see deny_bot)
    parent_id: int | None = None  # for threads: the channel the thread is in
    archived: bool = False  # for threads: archived ones are left out of GUILD_CREATE (archive_thread)

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def is_thread(self) -> bool:
        """News, public or private thread (types 10, 11, 12): Discord checks Send Messages in Threads there."""
        return self.type in (10, 11, 12)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<Channel {self.name} id={self.id} type={self.type}>"


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    nick: str | None = None

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "avatar_decoration_data": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    preferred_locale: str = "en-US"
    owner_id: int = 0
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def __repr__(self) -> str:
        return f"<Guild {self.name} id={self.id}>"
