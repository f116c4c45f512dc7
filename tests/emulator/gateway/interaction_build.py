"""Building interactions: command/option checks, option conversion, resolved data, component lookup, delivery."""

import secrets
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    EmulatorError,
    Perm,
    _uid,
)
from ..models import (
    Channel,
    Guild,
    InteractionResult,
    Message,
    Role,
    User,
    iter_components,
)


class InteractionBuildMixin:
    """Turns a user's action into an INTERACTION_CREATE payload (as Discord builds it) and sends it."""

    # ================================================================== internals: interactions
    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def _check_command_allowed(self, cmd: dict[str, Any], user: User, channel: Channel, guild: Guild | None) -> None:
        if guild is not None:
            if user.id not in guild.members:
                raise EmulatorError(f"{user.name} is not a member of {guild.name}")
            contexts = cmd.get("contexts")
            if contexts is not None and 0 not in contexts:
                raise EmulatorError(f"/{cmd['name']} is not available in guilds (contexts={contexts})")
            dmp = cmd.get("default_member_permissions")
            if dmp is not None:
                need = int(dmp)
                have = self.member_permissions(guild, user)
                if need == 0 and user.id != guild.owner_id and not have & Perm.ADMINISTRATOR:
                    raise EmulatorError(f"/{cmd['name']} is disabled for non-admins (default_member_permissions=0)")
                if have & need != need:
                    raise EmulatorError(
                        f"{user.name} lacks permissions {need} for /{cmd['name']} (Discord would not show the command)"
                    )
        else:
            contexts = cmd.get("contexts")
            if cmd.get("guild_id"):
                raise EmulatorError(f"/{cmd['name']} is a guild command; it is not available in DMs")
            if (contexts is not None and 1 not in contexts) or cmd.get("dm_permission") is False:
                raise EmulatorError(f"/{cmd['name']} is not available in DMs with the bot")

    def _build_options(
        self,
        leaf: dict[str, Any],
        given: dict[str, Any],
        guild: Guild | None,
        channel: Channel,
        resolved: dict[str, dict[str, Any]],
        cmdname: str,
    ) -> list[dict[str, Any]]:
        defs = {o["name"]: o for o in leaf.get("options") or [] if o.get("type") not in (1, 2)}
        unknown = set(given) - set(defs)
        if unknown:
            raise EmulatorError(f"/{cmdname} has no option(s) {sorted(unknown)}; options: {list(defs)}")
        missing = [n for n, o in defs.items() if o.get("required") and n not in given]
        if missing:
            raise EmulatorError(f"/{cmdname}: missing required option(s) {missing}")
        out = []
        for name, value in given.items():
            o = defs[name]
            t = o["type"]
            v = self._convert_option(o, value, guild, resolved, f"/{cmdname} {name}")
            out.append({"name": name, "type": t, "value": v})
        return out

    def _convert_option(
        self, o: dict[str, Any], value: Any, guild: Guild | None, resolved: dict[str, dict[str, Any]], where: str
    ) -> Any:
        t = o["type"]
        choices = o.get("choices")
        if choices:
            by_value = {c["value"]: c for c in choices}
            by_name = {c["name"]: c for c in choices}
            if value not in by_value:
                if value in by_name:
                    value = by_name[value]["value"]
                elif not self.send_any_choice:  # a forged client may send anything
                    raise EmulatorError(f"{where}: {value!r} is not a choice; choices: {list(by_value)}")
        if t == 3:
            if not isinstance(value, str):
                raise EmulatorError(f"{where}: expected a string, got {value!r}")
            if len(value) < o.get("min_length", 0) or len(value) > o.get("max_length", 6000):
                raise EmulatorError(f"{where}: length outside min/max_length")
            return value
        if t in (4, 10):
            if isinstance(value, bool) or not isinstance(value, int | float) or (t == 4 and not isinstance(value, int)):
                raise EmulatorError(f"{where}: expected a {'integer' if t == 4 else 'number'}, got {value!r}")
            if ("min_value" in o and value < o["min_value"]) or ("max_value" in o and value > o["max_value"]):
                raise EmulatorError(f"{where}: {value} outside [{o.get('min_value')}, {o.get('max_value')}]")
            return value
        if t == 5:
            if not isinstance(value, bool):
                raise EmulatorError(f"{where}: expected a bool, got {value!r}")
            return value
        if t in (6, 9) and isinstance(value, User | int) and not isinstance(value, bool):
            u = self.users[_uid(value)]
            resolved.setdefault("users", {})[str(u.id)] = u.payload()
            if guild is not None and u.id in guild.members:
                resolved.setdefault("members", {})[str(u.id)] = guild.members[u.id].payload(
                    with_user=False, permissions=self.member_permissions(guild, u)
                )
            return str(u.id)
        if t in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if t == 7 and isinstance(value, Channel):
            types = o.get("channel_types")
            if types and value.type not in types:
                raise EmulatorError(f"{where}: channel type {value.type} not in {types}")
            resolved.setdefault("channels", {})[str(value.id)] = {
                **self._channel_payload(value),
                "permissions": str(Perm.ALL),
            }
            return str(value.id)
        raise EmulatorError(f"{where}: unsupported value {value!r} for option type {t}")

    def _select_data(
        self, comp: dict[str, Any], values: list[Any], guild: Guild | None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        ctype = comp["type"]
        cid = comp["custom_id"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise EmulatorError(f"select {cid!r}: {len(values)} values, allowed {lo}..{hi}")
        resolved: dict[str, Any] = {}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise EmulatorError(f"select {cid!r}: {bad} not among options {allowed}")
            out = [str(v) for v in values]
        else:
            out = []
            for v in values:
                if isinstance(v, Role):
                    resolved.setdefault("roles", {})[str(v.id)] = v.payload()
                    out.append(str(v.id))
                elif isinstance(v, Channel):
                    resolved.setdefault("channels", {})[str(v.id)] = {
                        **self._channel_payload(v),
                        "permissions": str(Perm.ALL),
                    }
                    out.append(str(v.id))
                else:
                    u = self.users[_uid(v)]
                    resolved.setdefault("users", {})[str(u.id)] = u.payload()
                    if guild is not None and u.id in guild.members:
                        resolved.setdefault("members", {})[str(u.id)] = guild.members[u.id].payload(
                            with_user=False, permissions=self.member_permissions(guild, u)
                        )
                    out.append(str(u.id))
        return {"custom_id": cid, "component_type": ctype, "values": out}, resolved

    def _resolve_message(self, message: Message | int) -> Message:
        msg = message if isinstance(message, Message) else self.messages.get(int(message))
        if msg is None:
            raise EmulatorError(f"unknown message {message!r}")
        if msg.deleted:
            raise EmulatorError(f"message {msg.id} was deleted")
        return msg

    def _find_component(self, msg: Message, custom_id: str, user: User) -> dict[str, Any]:
        if not self.can_see(user, msg):
            raise EmulatorError(f"{user.name} cannot see message {msg.id} ({msg!r})")
        for comp in iter_components(msg.components):
            if comp.get("custom_id") == custom_id:
                if comp.get("disabled"):
                    raise EmulatorError(f"component {custom_id!r} on message {msg.id} is disabled")
                return comp
        ids = [c.get("custom_id") for c in iter_components(msg.components) if c.get("custom_id")]
        raise EmulatorError(f"no component {custom_id!r} on message {msg.id}; custom_ids: {ids}")

    async def _interact(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
        *,
        locale: str | None = None,
        wait: bool,
        timeout: float,
        description: str,
        triggering: InteractionResult | None = None,
    ) -> InteractionResult:
        guild = self._guild_of(channel)
        s = self._session_for(guild.id if guild else None)
        if s is None:
            where = f" for shard {self.shard_of(guild.id if guild else None)}" if self.shard_count > 1 else ""
            raise EmulatorError(f"the bot has not identified on the gateway{where}; cannot deliver interactions")
        iid = self._snow()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "locale": locale or user.locale,
            "app_permissions": str(self._bot_permissions(guild, channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            if user.id not in guild.members:
                raise EmulatorError(f"{user.name} is not a member of {guild.name}")
            perms = self.member_permissions(guild, user)
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
            payload["guild_locale"] = guild.preferred_locale
            payload["channel"] = {**self._channel_payload(channel), "permissions": str(perms)}
            payload["member"] = guild.members[user.id].payload(permissions=perms)
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
            payload["context"] = 0
        else:
            payload["channel"] = self._channel_payload(channel)
            payload["user"] = user.payload()
            payload["authorizing_integration_owners"] = {"0": "0"}
            payload["context"] = 1
        if source is not None:
            payload["message"] = self._message_payload(source)
        res = InteractionResult(
            self,
            interaction_id=iid,
            token=token,
            interaction_type=itype,
            user=user,
            channel=channel,
            source_message=source,
            payload=payload,
            description=description,
        )
        res.triggering = triggering
        self.interactions[token] = res
        seq = s.append("INTERACTION_CREATE", payload)
        if self.record_timing:
            self._awaiting_send[seq] = res
        if wait:
            await res.wait(timeout)
        return res

    def _bot_permissions(self, guild: Guild | None, channel: Channel | None = None) -> int:
        if guild is None:
            return Perm.DEFAULT_EVERYONE
        if self.bot_user.id not in guild.members:  # removed from the server (remove_bot): nothing there
            return 0
        perms = self.member_permissions(guild, self.bot_user)
        if channel is not None and not perms & Perm.ADMINISTRATOR:
            perms &= ~channel.bot_denied
            parent = self.channels.get(channel.parent_id) if channel.parent_id is not None else None
            if parent is not None:  # a thread inherits its parent's overwrites
                perms &= ~parent.bot_denied
        return perms
