"""Acting as users: slash commands, clicks, selects, modal submits, autocomplete (DiscordEmulator's public test API)."""

from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    EmulatorError,
    Intents,
)
from ..models import (
    Channel,
    InteractionResult,
    Message,
    Modal,
    User,
)


class ActingMixin:
    """The calls a test makes as a user; each builds an interaction and delivers it to the bot."""

    # ------------------------------------------------------------------ user actions
    def delete_message(self, message: Message) -> None:
        """Delete a message as a moderator would; the bot then gets 404 on edits."""
        self._delete(message)

    def send_message(self, user: User, channel: Channel, content: str) -> Message:
        """A user posts a plain message (dispatches MESSAGE_CREATE)."""
        msg = Message(
            id=self._snow(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=user.id,
            content=content,
            from_bot=False,
        )
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        self._dispatch_message("MESSAGE_CREATE", msg)
        self._notify()
        return msg

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Invoke a chat-input command as ``user`` in ``channel`` (use :meth:`dm_channel` for DMs).

        ``command`` is ``"cmd"``, ``"group sub"`` or ``"group subgroup sub"``; ``options`` maps option
        names to values (str/int/float/bool, :class:`User`, :class:`Channel`, :class:`Role`; a
        choice's *name* is accepted in place of its value).  The interaction is built from the
        commands the bot registered; unknown commands/options raise :class:`EmulatorError`.
        With ``wait`` (default) returns once the bot sent its initial response."""
        guild = self._guild_of(channel)
        path = command.strip().lstrip("/").split()
        if not path:
            raise EmulatorError("empty command")
        cmd = self.command(path[0], guild)
        self._check_command_allowed(cmd, user, channel, guild)
        leaf: dict[str, Any] = cmd
        chain: list[dict[str, Any]] = []
        for part in path[1:]:
            subs = [o for o in leaf.get("options") or [] if o.get("type") in (1, 2)]
            nxt = next((o for o in subs if o["name"] == part), None)
            if nxt is None:
                raise EmulatorError(
                    f"/{' '.join(path)}: no subcommand {part!r} under {leaf['name']!r}; "
                    f"available: {[o['name'] for o in subs]}"
                )
            chain.append(nxt)
            leaf = nxt
        if (leaf is cmd and any(o.get("type") in (1, 2) for o in cmd.get("options") or [])) or leaf.get("type") == 2:
            subs = [o["name"] for o in leaf.get("options") or [] if o.get("type") in (1, 2)]
            raise EmulatorError(f"/{' '.join(path)} is a group; pick a subcommand: {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        opts = self._build_options(leaf, options or {}, guild, channel, resolved, " ".join(path))
        # nest: chain[-1] gets opts, wrapped by its parents
        for node in reversed(chain):
            opts = [{"name": node["name"], "type": node["type"], "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if opts:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return await self._interact(
            2,
            user,
            channel,
            data,
            None,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"/{' '.join(path)} by {user.name}",
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        timeout: float = 10.0,
    ) -> list[dict[str, Any]]:
        """Send an autocomplete interaction (option values as typed so far); returns the choices."""
        guild = self._guild_of(channel)
        path = command.strip().lstrip("/").split()
        cmd = self.command(path[0], guild)
        leaf, chain = cmd, []
        for part in path[1:]:
            leaf = next(o for o in leaf.get("options") or [] if o["name"] == part)
            chain.append(leaf)
        by_name = {o["name"]: o for o in leaf.get("options") or []}
        if focused not in by_name:
            raise EmulatorError(f"no option {focused!r}; available: {list(by_name)}")
        opts: list[dict[str, Any]] = []
        for name, value in options.items():
            o = by_name.get(name)
            if o is None:
                raise EmulatorError(f"no option {name!r}; available: {list(by_name)}")
            entry: dict[str, Any] = {"name": name, "type": o["type"], "value": value}
            if name == focused:
                entry["focused"] = True
            opts.append(entry)
        for node in reversed(chain):
            opts = [{"name": node["name"], "type": node["type"], "options": opts}]
        data = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        res = await self._interact(
            4, user, channel, data, None, wait=True, timeout=timeout, description=f"autocomplete /{command}"
        )
        return res.choices or []

    async def click(
        self,
        user: User,
        message: Message | int,
        custom_id: str | Any,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Click a button (``custom_id`` or a :class:`Button`) on ``message`` as ``user``."""
        msg = self._resolve_message(message)
        cid = getattr(custom_id, "custom_id", custom_id)
        comp = self._find_component(msg, cid, user)
        if comp.get("type") != 2:
            raise EmulatorError(f"component {cid!r} is not a button (type {comp.get('type')})")
        if comp.get("style") == 5 or comp.get("url"):
            raise EmulatorError(f"button {cid!r} is a link button; clicking it doesn't reach the bot")
        data = {"custom_id": cid, "component_type": 2}
        return await self._interact(
            3,
            user,
            self.channels[msg.channel_id],
            data,
            msg,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"click {cid!r} by {user.name}",
        )

    async def forge_click(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """A button interaction on ``message`` with *any* ``custom_id``, even one no button carries.

        :meth:`click` refuses ids that are not on the message, as Discord's client would; this is
        for bad-input tests (a modified client, a stale client cache, buttons made by an older
        version of the bot) that must see the bot refuse cleanly.
        """
        msg = self._resolve_message(message)
        if not self.can_see(user, msg):
            raise EmulatorError(f"{user.name} cannot see message {msg.id} ({msg!r})")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(
            3,
            user,
            self.channels[msg.channel_id],
            data,
            msg,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"forged click {custom_id!r} by {user.name}",
        )

    def deny_bot(self, channel: Channel, permissions: int) -> None:
        """A member overwrite on ``channel`` denying the bot ``permissions`` (e.g. ``Perm.SEND_MESSAGES``).

        Interactions there carry the reduced ``app_permissions``; creating a message without
        View Channel or Send Messages gets 403 ``{"code": 50013}`` (Missing Permissions), as on Discord.
        """
        channel.bot_denied |= permissions
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._dispatch(event, lambda: self._channel_payload(channel), intent=Intents.GUILDS, guild_id=channel.guild_id)
        self._notify()

    async def select(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        values: list[Any],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu (string select: option values; user select: Users)."""
        msg = self._resolve_message(message)
        comp = self._find_component(msg, custom_id, user)
        ctype = comp.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise EmulatorError(f"component {custom_id!r} is not a select menu")
        data, resolved = self._select_data(comp, values, self._guild_of(self.channels[msg.channel_id]))
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            3,
            user,
            self.channels[msg.channel_id],
            data,
            msg,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"select {custom_id!r}={values!r} by {user.name}",
        )

    async def submit_modal(
        self,
        user: User,
        modal: Modal | InteractionResult,
        values: dict[str, Any],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """Submit a modal the bot showed (``res.modal`` or the result itself) with
        ``{text_input_custom_id: "text"}`` (select fields inside labels take a list of values)."""
        if isinstance(modal, InteractionResult):
            if modal.modal is None:
                raise EmulatorError(f"{modal} did not open a modal (type={modal.type})")
            modal = modal.modal
        source = modal.source
        if source is None:
            raise EmulatorError("modal has no source interaction")
        if source.user.id != user.id:
            raise EmulatorError(f"the modal was shown to {source.user.name}, not {user.name}")
        fields = {c["custom_id"]: c for c in modal.fields()}
        unknown = set(values) - set(fields)
        if unknown:
            raise EmulatorError(f"modal {modal.custom_id!r} has no fields {sorted(unknown)}; fields: {list(fields)}")
        guild = self._guild_of(source.channel)
        resolved: dict[str, Any] = {}

        def conv(comp: dict[str, Any]) -> dict[str, Any] | None:
            t = comp.get("type")
            if t == 1:
                inner = [x for x in (conv(c) for c in comp.get("components", [])) if x]
                return {"type": 1, "components": inner}
            if t == 18:
                inner_c = conv(comp["component"])
                return {"type": 18, "component": inner_c} if inner_c else None
            if t == 4:
                cid = comp["custom_id"]
                value = values.get(cid, comp.get("value") or "")
                value = str(value)
                if comp.get("required", True) and not value:
                    raise EmulatorError(f"modal field {cid!r} is required")
                if value and len(value) < comp.get("min_length", 0):
                    raise EmulatorError(f"modal field {cid!r}: shorter than min_length {comp['min_length']}")
                if len(value) > comp.get("max_length", 4000):
                    raise EmulatorError(f"modal field {cid!r}: longer than max_length {comp['max_length']}")
                return {"type": 4, "custom_id": cid, "value": value}
            if t in (3, 5, 6, 7, 8):
                d, r = self._select_data(comp, list(values.get(comp["custom_id"], [])), guild)
                for k, v in r.items():
                    resolved.setdefault(k, {}).update(v)
                return {"type": t, "custom_id": comp["custom_id"], "values": d["values"]}
            return None

        comps = [x for x in (conv(c) for c in modal.components) if x]
        data: dict[str, Any] = {"custom_id": modal.custom_id, "components": comps}
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            5,
            user,
            source.channel,
            data,
            source.source_message,
            locale=locale,
            wait=wait,
            timeout=timeout,
            description=f"modal {modal.custom_id!r} by {user.name}",
            triggering=source,
        )
