"""Discord JSON payloads of the emulator's objects (channels, threads, guilds, messages)."""

from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    Intents,
    Perm,
)
from ..models import (
    Channel,
    Guild,
    Message,
    iso_now,
)


class PayloadsMixin:
    """Objects as Discord serializes them in REST answers and gateway events."""

    # ================================================================== internals: payloads
    def _channel_payload(self, chan: Channel) -> dict[str, Any]:
        if chan.is_dm:
            recipient = self.users[chan.recipient_id] if chan.recipient_id else None
            return {
                "id": str(chan.id),
                "type": 1,
                "last_message_id": str(chan.last_message_id) if chan.last_message_id else None,
                "recipients": [recipient.payload()] if recipient else [],
                "flags": 0,
            }
        if chan.is_thread:
            return self._thread_payload(chan)
        return {
            "id": str(chan.id),
            "type": chan.type,
            "guild_id": str(chan.guild_id),
            "name": chan.name,
            "position": chan.position,
            "permission_overwrites": [
                {"id": str(self.bot_user.id), "type": 1, "allow": "0", "deny": str(chan.bot_denied)}
            ]
            if chan.bot_denied
            else [],
            "topic": None,
            "nsfw": False,
            "last_message_id": str(chan.last_message_id) if chan.last_message_id else None,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }

    def _thread_payload(self, chan: Channel) -> dict[str, Any]:
        return {
            "id": str(chan.id),
            "type": chan.type,
            "guild_id": str(chan.guild_id),
            "parent_id": str(chan.parent_id),
            "owner_id": str(self.bot_user.id),
            "name": chan.name,
            "last_message_id": str(chan.last_message_id) if chan.last_message_id else None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": chan.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso_now(),
                "locked": False,
            },
        }

    def _guild_payload(self, guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_progress_bar_enabled": False,
        }

    def _guild_create_payload(self, guild: Guild, intents: int) -> dict[str, Any]:
        if intents & Intents.GUILD_MEMBERS:
            members = list(guild.members.values())
        else:  # without the members intent Discord only sends the bot's own member
            members = [m for m in guild.members.values() if m.user.id == self.bot_user.id]
        return {
            **self._guild_payload(guild),
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [m.payload() for m in members],
            "channels": [self._channel_payload(c) for c in guild.channels.values()],
            # Discord: "all active threads in the guild that current user has permission to view"
            "threads": [
                self._channel_payload(c)
                for c in self.channels.values()
                if c.is_thread and not c.archived and c.guild_id == guild.id
                and self._bot_permissions(guild, c) & Perm.VIEW_CHANNEL
            ],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
            "activity_instances": [],
            "application_command_counts": {},
        }

    def _message_payload(self, m: Message, *, for_gateway: bool = False) -> dict[str, Any]:
        author = self.users.get(m.author_id) or self.bot_user
        data: dict[str, Any] = {
            "id": str(m.id),
            "channel_id": str(m.channel_id),
            "type": m.type,
            "author": author.payload(),
            "content": m.content,
            "timestamp": m.timestamp,
            "edited_timestamp": m.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in m.attachments],
            "embeds": m.embeds,
            "pinned": False,
            "flags": m.flags,
            "components": m.components,
        }
        if m.webhook_id is not None:
            data["webhook_id"] = str(m.webhook_id)
        if m.from_bot:
            data["application_id"] = str(self.application_id)
        if m.interaction_metadata is not None:
            data["interaction_metadata"] = m.interaction_metadata
        if for_gateway and m.guild_id is not None:
            data["guild_id"] = str(m.guild_id)
            if not m.from_bot:
                guild = self.guilds.get(m.guild_id)
                if guild and m.author_id in guild.members:
                    data["member"] = guild.members[m.author_id].payload(with_user=False)
        return data
