"""World building (guilds, channels, users, members, roles), permissions and reading state of the emulator."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    EmulatorError,
    Intents,
    Perm,
)
from ..models import (
    Channel,
    Guild,
    Member,
    Message,
    RequestRecord,
    Role,
    User,
)


class WorldMixin:
    """Test-side world: what exists, who may do what, and what each user can see."""

    # ------------------------------------------------------------------ world building
    def create_user(
        self, name: str, *, locale: str = "en-US", dms_open: bool = True, global_name: str | None = None
    ) -> User:
        user = User(id=self._snow(), name=name, locale=locale, dms_open=dms_open, global_name=global_name)
        self.users[user.id] = user
        return user

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        preferred_locale: str = "en-US",
        owner: User | None = None,
        bot_permissions: int = Perm.DEFAULT_BOT,
        everyone_permissions: int = Perm.DEFAULT_EVERYONE,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild with the bot in it; ``shard=(id, count)`` picks an id on that shard of ``count``."""
        gid = self._snow.on_shard(*shard) if shard else self._snow()
        if owner is None:
            owner = self.create_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = Guild(id=gid, name=name, preferred_locale=preferred_locale, owner_id=owner.id)
        guild.roles[gid] = Role(id=gid, guild_id=gid, name="@everyone", permissions=everyone_permissions)
        bot_role = Role(
            id=self._snow(),
            guild_id=gid,
            name=self.bot_user.name,
            permissions=bot_permissions,
            position=1,
            managed=True,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(user=owner, guild_id=gid)
        guild.members[self.bot_user.id] = Member(user=self.bot_user, guild_id=gid, role_ids=[bot_role.id])
        self.guilds[gid] = guild
        target = self._session_for(gid)
        intents = target.intents if target else 0
        self._dispatch(
            "GUILD_CREATE", lambda: self._guild_create_payload(guild, intents), intent=Intents.GUILDS, guild_id=gid
        )
        return guild

    def create_channel(self, guild: Guild, name: str, *, type: int = 0) -> Channel:
        chan = Channel(id=self._snow(), name=name, type=type, guild_id=guild.id, position=len(guild.channels))
        guild.channels[chan.id] = chan
        self.channels[chan.id] = chan
        self._dispatch("CHANNEL_CREATE", lambda: self._channel_payload(chan), intent=Intents.GUILDS, guild_id=guild.id)
        return chan

    def create_thread(self, parent: Channel, name: str, *, type: int = 11) -> Channel:
        """A public thread (type 11) in ``parent``; it inherits the parent's overwrites (see deny_bot).

        Like Discord, posting in a thread needs View Channel and Send Messages in Threads,
        not Send Messages.  Threads are not among the guild's channels (GUILD_CREATE lists them apart).
        """
        assert parent.guild_id is not None and not parent.is_thread, "threads live in a guild channel"
        return self._new_thread(parent, name, type)

    def _new_thread(self, parent: Channel, name: str, type: int, *, thread_id: int | None = None) -> Channel:
        """A thread made and announced (THREAD_CREATE), by a test or by the bot's request (routes_threads)."""
        assert parent.guild_id is not None
        tid = thread_id if thread_id is not None else self._snow()
        chan = Channel(id=tid, name=name, type=type, guild_id=parent.guild_id, parent_id=parent.id)
        self.channels[chan.id] = chan
        self._dispatch(
            "THREAD_CREATE",
            lambda: {**self._channel_payload(chan), "newly_created": True},
            intent=Intents.GUILDS,
            guild_id=chan.guild_id,
        )
        return chan

    def create_role(self, guild: Guild, name: str, *, permissions: int = 0) -> Role:
        role = Role(id=self._snow(), guild_id=guild.id, name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._dispatch(
            "GUILD_ROLE_CREATE",
            lambda: {"guild_id": str(guild.id), "role": role.payload()},
            intent=Intents.GUILDS,
            guild_id=guild.id,
        )
        return role

    def add_member(
        self,
        guild: Guild,
        user: User,
        *,
        permissions: int = 0,
        roles: Iterable[Role | int] = (),
        nick: str | None = None,
    ) -> Member:
        """Make ``user`` a member.  ``permissions`` (extra bits on top of @everyone, e.g.
        ``Perm.ADMINISTRATOR`` or ``Perm.MANAGE_MESSAGES``) are granted via an auto-created role."""
        role_ids = [r.id if isinstance(r, Role) else int(r) for r in roles]
        if permissions:
            role = self.create_role(guild, f"{user.name}-perms", permissions=permissions)
            role_ids.append(role.id)
        member = Member(user=user, guild_id=guild.id, role_ids=role_ids, nick=nick)
        guild.members[user.id] = member
        self._dispatch(
            "GUILD_MEMBER_ADD",
            lambda: {**member.payload(), "guild_id": str(guild.id)},
            intent=Intents.GUILD_MEMBERS,
            guild_id=guild.id,
        )
        return member

    def remove_member(self, guild: Guild, user: User) -> None:
        """The user leaves/is kicked: dispatches GUILD_MEMBER_REMOVE (needs the members intent)."""
        guild.members.pop(user.id, None)
        self._dispatch(
            "GUILD_MEMBER_REMOVE",
            lambda: {"guild_id": str(guild.id), "user": user.payload()},
            intent=Intents.GUILD_MEMBERS,
            guild_id=guild.id,
        )
        self._notify()

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes ``channel`` (a server channel or a thread) with its threads and messages.

        Dispatches CHANNEL_DELETE (THREAD_DELETE for a thread) with the channel object, as Discord
        does; a deleted channel's threads go with it in that one event (discord.py drops them itself).
        Every later request to any of them answers 404 ``{"code": 10003}`` (Unknown Channel), and
        their messages are gone (no MESSAGE_DELETE: the channel's deletion says it).
        """
        assert channel.guild_id is not None, "a DM channel cannot be deleted"
        gone = [channel, *(c for c in self.channels.values() if c.parent_id == channel.id)]
        payload = self._channel_payload(channel)
        for chan in gone:
            self.channels.pop(chan.id, None)
            guild = self.guilds.get(chan.guild_id) if chan.guild_id is not None else None
            if guild is not None:
                guild.channels.pop(chan.id, None)
        ids = {c.id for c in gone}
        for msg in self.messages.values():
            if msg.channel_id in ids:
                msg.deleted = True
        if channel.is_thread:
            payload = {k: payload[k] for k in ("id", "guild_id", "parent_id", "type")}
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self._dispatch(event, payload, intent=Intents.GUILDS, guild_id=channel.guild_id)
        self._notify()

    def archive_thread(self, thread: Channel) -> None:
        """The thread is archived (THREAD_UPDATE): it stays, but GUILD_CREATE no longer lists it as active."""
        assert thread.is_thread
        thread.archived = True
        self._dispatch("THREAD_UPDATE", lambda: self._channel_payload(thread), intent=Intents.GUILDS,
                       guild_id=thread.guild_id)
        self._notify()

    def remove_bot(self, guild: Guild) -> None:
        """The bot is kicked from ``guild`` (or leaves it): GUILD_DELETE without ``unavailable``.

        The guild goes on existing for its members, but not for the bot: it is left out of the
        next READY, a request to one of its channels answers 403 ``{"code": 50001}`` (Missing
        Access), and it no longer counts as a server the bot shares with its members (a DM to
        someone met only there is refused, 50007).
        """
        guild.members.pop(self.bot_user.id, None)
        self._dispatch("GUILD_DELETE", {"id": str(guild.id)}, intent=Intents.GUILDS, guild_id=guild.id)
        self._notify()

    def set_dms_open(self, user: User, open_: bool) -> None:
        user.dms_open = open_

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        if user.dm_channel_id is None:
            chan = Channel(id=self._snow(), name=f"dm-{user.name}", type=1, recipient_id=user.id)
            self.channels[chan.id] = chan
            user.dm_channel_id = chan.id
        return self.channels[user.dm_channel_id]

    # ------------------------------------------------------------------ permissions
    def member_permissions(self, guild: Guild, user: User) -> int:
        if user.id == guild.owner_id:
            return Perm.ALL
        member = guild.members.get(user.id)
        if member is None:
            return 0
        perms = guild.everyone.permissions
        for rid in member.role_ids:
            role = guild.roles.get(rid)
            if role is not None:
                perms |= role.permissions
        if perms & Perm.ADMINISTRATOR:
            return Perm.ALL
        return perms

    # ------------------------------------------------------------------ reading state
    def _live(self, msgs: Iterable[Message]) -> list[Message]:
        return sorted((m for m in msgs if not m.deleted), key=lambda m: m.id)

    def channel_messages(self, channel: Channel, *, include_users: bool = False) -> list[Message]:
        """Non-ephemeral messages in ``channel`` (bot messages only unless ``include_users``), oldest first."""
        return self._live(
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and m.ephemeral_to is None and (include_users or m.from_bot)
        )

    def last_message(self, channel: Channel) -> Message | None:
        msgs = self.channel_messages(channel)
        return msgs[-1] if msgs else None

    def dm_messages(self, user: User) -> list[Message]:
        """Bot messages in ``user``'s DM channel with the bot (excluding ephemerals)."""
        if user.dm_channel_id is None:
            return []
        return self.channel_messages(self.channels[user.dm_channel_id])

    def ephemerals(self, user: User) -> list[Message]:
        """Ephemeral messages ``user`` has received (current content), oldest first."""
        return self._live(m for m in self.messages.values() if m.ephemeral_to == user.id)

    def visible_to(self, user: User) -> list[Message]:
        """Everything ``user`` can see: messages in channels of guilds they are in, their DMs with
        the bot and their ephemerals, oldest first."""
        return self._live(m for m in self.messages.values() if self.can_see(user, m))

    def can_see(self, user: User, m: Message) -> bool:
        """Whether ``user`` can see ``m`` (the rule of :meth:`visible_to`, for one message)."""
        if m.deleted:
            return False
        if m.ephemeral_to is not None:
            return m.ephemeral_to == user.id
        chan = self.channels.get(m.channel_id)
        if chan is None:
            return False
        if chan.is_dm:
            return chan.recipient_id == user.id
        return chan.guild_id in self.guilds and user.id in self.guilds[chan.guild_id].members

    def visible_text(self, user: User) -> str:
        """``text()`` of everything ``user`` can see, joined (for leak assertions)."""
        return "\n".join(m.text() for m in self.visible_to(user))

    def get_message(self, message_id: int) -> Message:
        return self.messages[int(message_id)]

    def request_counts(self, since: int = 0) -> dict[str, int]:
        """Requests by token kind from ``self.requests[since:]`` (429s and other failures included):
        ``{"bot": n, "interaction": m}``; interaction-token requests are callbacks and
        ``/webhooks/{app}/{token}`` routes, which Discord does not count against the bot's rate limits.
        Take ``since=len(emu.requests)`` before an action to count that action's requests only."""
        out = {"bot": 0, "interaction": 0}
        for rec in self.requests[since:]:
            out[rec.token_kind] += 1
        return out

    def requests_matching(self, method: str, path_regex: str) -> list[RequestRecord]:
        rx = re.compile(path_regex)
        return [r for r in self.requests if r.method == method.upper() and rx.fullmatch(r.path)]

    def command(self, name: str, guild: Guild | None = None) -> dict[str, Any]:
        """A synced top-level chat-input command by name (guild scope first, then global)."""
        scopes: list[int | None] = ([guild.id] if guild else []) + [None] + [g for g in self.commands if g]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        known = sorted({c["name"] for cmds in self.commands.values() for c in cmds})
        raise EmulatorError(f"the bot registered no command /{name}; registered: {known}")
