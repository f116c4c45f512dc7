"""Plain data objects of the Discord emulator (users, guilds, channels, messages, interaction results)."""

from __future__ import annotations

import datetime as _dt
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import DiscordEmulator

DISCORD_EPOCH_MS = 1420070400000

# Message flags
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15


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


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


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


@dataclass
class Attachment:
    id: int
    filename: str
    size: int
    url: str
    content_type: str | None = None
    data: bytes = b""
    width: int | None = None
    height: int | None = None
    description: str | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.width is not None:
            data["width"] = self.width
            data["height"] = self.height
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass
class Button:
    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    emoji: dict[str, Any] | None = None
    url: str | None = None

    @property
    def emoji_name(self) -> str | None:
        return (self.emoji or {}).get("name")


@dataclass
class SelectMenu:
    custom_id: str
    type: int  # 3 string, 5 user, 6 role, 7 mentionable, 8 channel
    options: list[dict[str, Any]]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool

    def values(self) -> list[str]:
        return [o["value"] for o in self.options]

    def labels(self) -> list[str]:
        return [o["label"] for o in self.options]


def iter_components(components: list[dict[str, Any]] | None):
    """Depth-first walk of a (possibly nested) component tree."""
    for comp in components or []:
        yield comp
        if "components" in comp:
            yield from iter_components(comp["components"])
        if isinstance(comp.get("component"), dict):  # label (18)
            yield from iter_components([comp["component"]])
        if isinstance(comp.get("accessory"), dict):  # section (9)
            yield from iter_components([comp["accessory"]])


def _embed_text(embed: dict[str, Any]) -> list[str]:
    parts: list[str] = []
    for key in ("title", "description"):
        if embed.get(key):
            parts.append(str(embed[key]))
    if (embed.get("author") or {}).get("name"):
        parts.append(embed["author"]["name"])
    for fld in embed.get("fields") or []:
        parts.append(str(fld.get("name", "")))
        parts.append(str(fld.get("value", "")))
    if (embed.get("footer") or {}).get("text"):
        parts.append(embed["footer"]["text"])
    for key in ("image", "thumbnail"):
        if (embed.get(key) or {}).get("url"):
            parts.append(embed[key]["url"])
    return parts


@dataclass(eq=False)
class Message:
    """A message as the emulator stores it.  The object is *live*: edits mutate it in place.

    ``ephemeral_to`` is the id of the only user who can see it (ephemeral interaction responses).
    """

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    ephemeral_to: int | None = None
    deleted: bool = False
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    webhook_id: int | None = None
    edits: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)  # previous versions (payload snapshots)
    from_bot: bool = True

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def is_v2(self) -> bool:
        """Sent with IS_COMPONENTS_V2: a component-only layout (text displays, containers, ...)."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    def accent_colors(self) -> list[int | None]:
        """Accent colour of each Container (type 17), in order (``None``: no colour bar)."""
        return [c.get("accent_color") for c in iter_components(self.components) if c.get("type") == 17]

    @property
    def accent_color(self) -> int | None:
        """The first Container's accent colour, else the first embed's colour (``None`` if neither)."""
        for colour in self.accent_colors():
            if colour is not None:
                return colour
        return next((e["color"] for e in self.embeds if e.get("color") is not None), None)

    def text_displays(self) -> list[str]:
        """The markdown of every Text Display (type 10), depth-first."""
        return [str(c.get("content") or "") for c in iter_components(self.components) if c.get("type") == 10]

    def _media_ref(self, media: dict[str, Any] | None) -> str:
        """``attachment://name`` for media bound to one of this message's attachments, else its URL."""
        media = media or {}
        att = next((a for a in self.attachments if str(a.id) == str(media.get("attachment_id"))), None)
        return f"attachment://{att.filename}" if att is not None else str(media.get("url") or "")

    def images(self) -> list[str]:
        """Images shown, in order: embed images/thumbnails, Thumbnails and Media Gallery items
        (``attachment://name`` for uploaded files, else the URL), then (non-V2) plain attachments."""
        urls: list[str] = []
        for e in self.embeds:
            urls.extend(e[k]["url"] for k in ("image", "thumbnail") if (e.get(k) or {}).get("url"))
        for c in iter_components(self.components):
            if c.get("type") == 11:
                urls.append(self._media_ref(c.get("media")))
            elif c.get("type") == 12:
                urls.extend(self._media_ref(i.get("media")) for i in c.get("items") or [])
        if not self.is_v2:
            urls.extend(f"attachment://{a.filename}" for a in self.attachments)
        return urls

    def attachment(self, ref: str) -> Attachment | None:
        """The attachment ``attachment://board.png``, ``board.png`` or its URL refers to."""
        name = ref.removeprefix("attachment://")
        return next((a for a in self.attachments if name in (a.filename, a.url)), None)

    def shown_attachments(self) -> list[Attachment]:
        """Attachments a user sees: all of them, except on a V2 message, where only the ones a
        Thumbnail / Media Gallery / File references are shown (Discord hides the others)."""
        if not self.is_v2:
            return list(self.attachments)
        refs: set[str] = set()
        for c in iter_components(self.components):
            media = [c.get("media"), c.get("file")] + [i.get("media") for i in c.get("items") or []]
            refs.update(str(m.get("attachment_id")) for m in media if isinstance(m, dict))
        return [a for a in self.attachments if str(a.id) in refs]

    def buttons(self) -> list[Button]:
        return [
            Button(
                custom_id=c.get("custom_id"),
                label=c.get("label"),
                style=c.get("style", 1),
                disabled=bool(c.get("disabled", False)),
                emoji=c.get("emoji"),
                url=c.get("url"),
            )
            for c in iter_components(self.components)
            if c.get("type") == 2
        ]

    def button(self, label: str) -> Button:
        """The first button whose label (or emoji name, or custom_id) contains ``label``."""
        buttons = self.buttons()
        for b in buttons:
            if b.label and label in b.label:
                return b
        for b in buttons:
            if (b.emoji_name and label in b.emoji_name) or (b.custom_id and label == b.custom_id):
                return b
        avail = [(b.label, b.emoji_name, b.custom_id) for b in buttons]
        raise LookupError(f"no button matching {label!r} on message {self.id}; buttons: {avail}")

    def selects(self) -> list[SelectMenu]:
        return [
            SelectMenu(
                custom_id=c["custom_id"],
                type=c["type"],
                options=list(c.get("options") or []),
                placeholder=c.get("placeholder"),
                min_values=c.get("min_values", 1),
                max_values=c.get("max_values", 1),
                disabled=bool(c.get("disabled", False)),
            )
            for c in iter_components(self.components)
            if c.get("type") in (3, 5, 6, 7, 8)
        ]

    def select(self, needle: str | None = None) -> SelectMenu:
        """The first select menu (whose custom_id or placeholder contains ``needle``, if given)."""
        for s in self.selects():
            if needle is None or needle in s.custom_id or (s.placeholder and needle in s.placeholder):
                return s
        raise LookupError(f"no select matching {needle!r} on message {self.id}")

    def text(self, *, include_components: bool = True, include_attachments: bool = True) -> str:
        """Content + every embed's title/description/author/fields/footer (+ component labels,
        select options, placeholders and attachment filenames by default), newline-joined.
        Use this for leak assertions ("no hidden card appears")."""
        parts: list[str] = [self.content] if self.content else []
        for e in self.embeds:
            parts.extend(_embed_text(e))
        if include_components:
            for c in iter_components(self.components):
                for key in ("label", "placeholder", "content", "title"):
                    if c.get(key):
                        parts.append(str(c[key]))
                for item in c.get("items") or []:  # media gallery alt texts
                    if isinstance(item, dict) and item.get("description"):
                        parts.append(str(item["description"]))
                if c.get("type") == 11 and c.get("description"):
                    parts.append(str(c["description"]))
                if (c.get("emoji") or {}).get("name"):
                    parts.append(c["emoji"]["name"])
                for opt in c.get("options") or []:
                    parts.append(str(opt.get("label", "")))
                    if opt.get("description"):
                        parts.append(str(opt["description"]))
        if include_attachments:
            for a in self.shown_attachments():
                parts.append(a.filename)
                if a.description:
                    parts.append(a.description)
        return "\n".join(parts)

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "msg"
        return f"<Message {kind} id={self.id} ch={self.channel_id} content={self.content[:40]!r}>"


@dataclass
class Modal:
    custom_id: str
    title: str
    components: list[dict[str, Any]]
    source: InteractionResult | None = None

    def fields(self) -> list[dict[str, Any]]:
        """The modal's input components (text inputs and selects), in order."""
        return [c for c in iter_components(self.components) if c.get("type") in (3, 4, 5, 6, 7, 8)]

    def field_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.fields()]


@dataclass
class RequestRecord:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[str]
    status: int = 0
    operation: str | None = None

    @property
    def token_kind(self) -> str:
        """ "interaction" for requests authenticated by an interaction token (callbacks and
        ``/webhooks/{app}/{token}`` routes: outside the bot's global rate limit), else "bot"."""
        return "interaction" if is_interaction_route(self.path) else "bot"

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


def is_interaction_route(path: str) -> bool:
    """An interaction-token route: ``/interactions/{id}/{token}/callback`` or ``/webhooks/{app}/{token}...``."""
    return path.startswith("/interactions/") or re.match(r"^/webhooks/\d+/[^/]+", path) is not None


@dataclass
class Violation:
    method: str
    path: str
    message: str
    kind: str = "openapi"

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.message}"


class InteractionResult:
    """The emulator's view of one interaction: what the bot answered and what followed.

    ``await result`` (or ``await result.wait()``) waits for the initial response.  Attributes:

    * ``type`` – interaction callback type (4 message, 5 deferred, 6 deferred update, 7 update,
      8 autocomplete, 9 modal), ``None`` until responded.
    * ``message`` – the message created (4/5) or updated (6/7) by the response; live object.
    * ``ephemeral`` – whether the created/deferred message is ephemeral.
    * ``modal`` – :class:`Modal` for type 9, ``choices`` for autocomplete (8).
    * ``followups`` – messages sent via the interaction webhook, filled in as they arrive.
    """

    def __init__(
        self,
        emu: DiscordEmulator,
        *,
        interaction_id: int,
        token: str,
        interaction_type: int,
        user: User,
        channel: Channel,
        source_message: Message | None,
        payload: dict[str, Any],
        description: str,
    ) -> None:
        self._emu = emu
        self.id = interaction_id
        self.token = token
        self.interaction_type = interaction_type
        self.user = user
        self.channel = channel
        self.source_message = source_message
        self.payload = payload
        self.description = description
        self.created_at = time.monotonic()
        self.type: int | None = None
        self.response_data: dict[str, Any] | None = None
        self.message: Message | None = None
        self.modal: Modal | None = None
        self.choices: list[dict[str, Any]] | None = None
        self.followups: list[Message] = []
        #: for modal submits: the interaction that opened the modal
        self.triggering: InteractionResult | None = None
        self._followup_cursor = 0
        self._edits_at_response = 0
        #: with ``emu.record_timing``: perf_counter when the INTERACTION_CREATE frame was written to the
        #: bot and when its /callback arrived (see :attr:`bot_latency`)
        self.sent_at: float | None = None
        self.callback_at: float | None = None

    @property
    def bot_latency(self) -> float | None:
        """Seconds from the INTERACTION_CREATE leaving the emulator to its callback arriving (record_timing)."""
        if self.sent_at is None or self.callback_at is None:
            return None
        return self.callback_at - self.sent_at

    # ---- convenience views on the response message ----
    @property
    def responded(self) -> bool:
        return self.type is not None

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    def text(self) -> str:
        return self.message.text() if self.message else ""

    def all_messages(self) -> list[Message]:
        """Response message (if any) followed by every followup."""
        msgs = [self.message] if self.message is not None else []
        return msgs + [m for m in self.followups if m is not self.message]

    async def wait(self, timeout: float = 10.0) -> InteractionResult:
        await self._emu.wait_until(lambda: self.responded, timeout=timeout, description=f"response to {self}")
        return self

    def __await__(self):
        return self.wait().__await__()

    async def wait_followup(self, timeout: float = 10.0, *, count: int | None = None) -> Message:
        """Wait for a followup.  Without ``count``: the next followup not yet returned by this method.
        With ``count=n``: wait until at least ``n`` followups exist and return the n-th."""
        n = count if count is not None else self._followup_cursor + 1
        await self._emu.wait_until(
            lambda: len(self.followups) >= n, timeout=timeout, description=f"followup #{n} of {self}"
        )
        if count is None:
            self._followup_cursor = n
        return self.followups[n - 1]

    async def wait_loaded(self, timeout: float = 10.0) -> Message:
        """For deferred responses: wait until the bot filled in the "thinking" message (type 5) or
        edited the component's message (type 6); returns that message."""
        await self.wait(timeout)

        def done() -> bool:
            m = self.message
            if m is None:
                return False
            if self.type == 5:
                return not m.loading
            if self.type == 6:
                return m.edits > self._edits_at_response
            return True

        await self._emu.wait_until(done, timeout=timeout, description=f"deferred response of {self} to be filled in")
        if self.message is None:
            raise AssertionError(f"{self} has no message")
        return self.message

    def __repr__(self) -> str:
        return f"<InteractionResult {self.description} type={self.type} message={self.message!r}>"
