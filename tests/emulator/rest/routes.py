"""REST routes of the bot token: gateway discovery, users, applications/commands, channels, messages, guilds."""

import time
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    NONCE_WINDOW,
    ApiError,
    Perm,
    _Request,
    _unknown_message,
)
from ..models import (
    FLAG_EPHEMERAL,
    Channel,
    Guild,
    Message,
)


class RestRoutesMixin:
    """Handlers of the bot-token routes (see DiscordEmulator._ROUTES)."""

    # ================================================================== REST handlers
    async def _r_gateway(self, r: _Request) -> Any:
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, r: _Request) -> Any:
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    async def _r_me(self, r: _Request) -> Any:
        return {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "email": None,
            "bot": True,
        }

    async def _r_user(self, r: _Request) -> Any:
        u = self.users.get(int(r.params["uid"]))
        if u is None:
            raise ApiError(404, 10013, "Unknown User")
        return u.payload()

    async def _r_app(self, r: _Request) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "role_connections_verification_url": None,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "owner": self.owner_user.payload(),
            "team": None,
            "rpc_origins": [],
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "integration_types_config": {"0": {}},
            "approximate_guild_count": len(self.guilds),
            "bot": {**self.bot_user.payload(), "bot": True},
        }

    def _check_app(self, r: _Request) -> None:
        if int(r.params["app"]) != self.application_id:
            raise ApiError(404, 10002, "Unknown Application")

    def _scope(self, r: _Request) -> int | None:
        gid = r.params.get("gid")
        if gid is None:
            return None
        if int(gid) not in self.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return int(gid)

    def _store_command(self, scope: int | None, body: dict[str, Any], existing: list[dict[str, Any]]) -> dict:
        prev = next(
            (c for c in existing if c["name"] == body.get("name") and c.get("type", 1) == body.get("type", 1)), None
        )
        cmd = {
            "type": 1,
            "description": "",
            "default_member_permissions": None,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **body,
            "id": prev["id"] if prev else str(self._snow()),
            "application_id": str(self.application_id),
            "version": str(self._snow()),
        }
        if cmd.get("integration_types") is None:
            cmd["integration_types"] = [0]  # Discord's default: guild install
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    async def _r_get_commands(self, r: _Request) -> Any:
        self._check_app(r)
        return self.commands.get(self._scope(r), [])

    async def _r_put_commands(self, r: _Request) -> Any:
        self._check_app(r)
        scope = self._scope(r)
        existing = self.commands.get(scope, [])
        body = r.json if isinstance(r.json, list) else []
        names = [(c.get("name"), c.get("type", 1)) for c in body]
        if len(names) != len(set(names)):
            self._violation(r.method, r.path, "duplicate command names in bulk overwrite", "discord-rule")
            raise ApiError(400, 50035, "Invalid Form Body")
        self.commands[scope] = [self._store_command(scope, c, existing) for c in body]
        self.command_syncs += 1
        return self.commands[scope]

    async def _r_post_command(self, r: _Request) -> Any:
        self._check_app(r)
        scope = self._scope(r)
        existing = self.commands.setdefault(scope, [])
        cmd = self._store_command(scope, r.json or {}, existing)
        self.commands[scope] = [c for c in existing if c["id"] != cmd["id"]] + [cmd]
        self.command_syncs += 1
        return (201, cmd)

    async def _r_get_command(self, r: _Request) -> Any:
        self._check_app(r)
        for c in self.commands.get(self._scope(r), []):
            if c["id"] == r.params["cmd"]:
                return c
        raise ApiError(404, 10063, "Unknown application command")

    async def _r_delete_command(self, r: _Request) -> Any:
        self._check_app(r)
        scope = self._scope(r)
        self.commands[scope] = [c for c in self.commands.get(scope, []) if c["id"] != r.params["cmd"]]
        return None

    # ---- users / DMs
    async def _r_create_dm(self, r: _Request) -> Any:
        rid = (r.json or {}).get("recipient_id")
        try:
            user = self.users[int(rid)]  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError):
            raise ApiError(400, 50033, "Invalid Recipient(s)") from None
        return self._channel_payload(self.dm_channel(user))

    # ---- channels / messages
    def _channel(self, r: _Request) -> Channel:
        chan = self.channels.get(int(r.params["cid"]))
        if chan is None:
            raise ApiError(404, 10003, "Unknown Channel")
        guild = self._guild_of(chan)
        if guild is not None and self.bot_user.id not in guild.members:  # kicked: remove_bot
            raise ApiError(403, 50001, "Missing Access")
        return chan

    async def _r_get_channel(self, r: _Request) -> Any:
        return self._channel_payload(self._channel(r))

    async def _r_typing(self, r: _Request) -> Any:
        self._channel(r)
        return None

    async def _r_list_messages(self, r: _Request) -> Any:
        chan = self._channel(r)
        msgs = self.channel_messages(chan, include_users=True)
        if "before" in r.query:
            msgs = [m for m in msgs if m.id < int(r.query["before"])]
        if "after" in r.query:
            msgs = [m for m in msgs if m.id > int(r.query["after"])]
        limit = int(r.query.get("limit", 50))
        return [self._message_payload(m) for m in reversed(msgs)][:limit]

    def _channel_message(self, r: _Request) -> Message:
        chan = self._channel(r)
        m = self.messages.get(int(r.params["mid"]))
        if m is None or m.deleted or m.channel_id != chan.id or m.ephemeral_to is not None:
            raise _unknown_message()
        return m

    async def _r_get_message(self, r: _Request) -> Any:
        return self._message_payload(self._channel_message(r))

    async def _r_create_message(self, r: _Request) -> Any:
        chan = self._channel(r)
        body = r.json or {}
        if chan.is_dm:
            user = self.users[chan.recipient_id] if chan.recipient_id else None
            shares = user is not None and any(
                user.id in g.members and self.bot_user.id in g.members for g in self.guilds.values()
            )
            if user is None or not user.dms_open or not shares:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif ~self._bot_permissions(self._guild_of(chan), chan) & (
            Perm.VIEW_CHANNEL | (Perm.SEND_MESSAGES_IN_THREADS if chan.is_thread else Perm.SEND_MESSAGES)
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        self._check_can_attach(chan, r)
        self._check_message_body(r, body, creating=True)
        if (body.get("flags") or 0) & FLAG_EPHEMERAL:
            self._violation(r.method, r.path, "EPHEMERAL flag on a normal channel message", "discord-rule")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: the same author's message with this nonce from the last few minutes is returned
            # instead of a new one (an idempotent post).
            seen = self._nonces.get((self.bot_user.id, str(nonce)))
            if seen is not None and time.time() - seen[1] < NONCE_WINDOW and not seen[0].deleted:
                return self._message_payload(seen[0])
        msg = self._new_message(chan, body, r.files)
        if nonce is not None and body.get("enforce_nonce"):
            self._nonces[(self.bot_user.id, str(nonce))] = (msg, time.time())
        ref = body.get("message_reference")
        if ref:
            msg.type = 19
        return self._message_payload(msg)

    async def _r_edit_message(self, r: _Request) -> Any:
        msg = self._channel_message(r)
        if msg.author_id != self.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = r.json or {}
        self._check_can_attach(self.channels[msg.channel_id], r)
        self._check_message_body(r, body, creating=False, existing=msg)
        self._edit(msg, body, r.files)
        return self._message_payload(msg)

    def _check_can_attach(self, chan: Channel, r: _Request) -> None:
        """Uploading a file into a server channel needs Attach Files (403 50013 without it), as on Discord."""
        if r.files and not chan.is_dm and not self._bot_permissions(self._guild_of(chan), chan) & Perm.ATTACH_FILES:
            raise ApiError(403, 50013, "Missing Permissions")

    async def _r_delete_message(self, r: _Request) -> Any:
        msg = self._channel_message(r)
        if msg.author_id != self.bot_user.id:
            chan = self.channels[msg.channel_id]
            guild = self._guild_of(chan)
            if guild is None or not self._bot_permissions(guild) & Perm.MANAGE_MESSAGES:
                raise ApiError(403, 50013, "Missing Permissions")
        self._delete(msg)
        return None

    async def _r_reaction(self, r: _Request) -> Any:
        self._channel_message(r)
        return None

    # ---- guilds
    def _guild(self, r: _Request) -> Guild:
        g = self.guilds.get(int(r.params["gid"]))
        if g is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return g

    async def _r_get_guild(self, r: _Request) -> Any:
        g = self._guild(r)
        data = self._guild_payload(g)
        if r.query.get("with_counts") in ("true", "1", "True"):
            data["approximate_member_count"] = len(g.members)
            data["approximate_presence_count"] = 0
        return data

    async def _r_guild_channels(self, r: _Request) -> Any:
        return [self._channel_payload(c) for c in self._guild(r).channels.values()]

    async def _r_guild_roles(self, r: _Request) -> Any:
        return [role.payload() for role in self._guild(r).roles.values()]

    async def _r_list_members(self, r: _Request) -> Any:
        g = self._guild(r)
        after = int(r.query.get("after", 0))
        limit = int(r.query.get("limit", 1))
        members = sorted((m for m in g.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.payload() for m in members[:limit]]

    async def _r_get_member(self, r: _Request) -> Any:
        g = self._guild(r)
        m = g.members.get(int(r.params["uid"]))
        if m is None:
            raise ApiError(404, 10007, "Unknown Member")
        return m.payload()
