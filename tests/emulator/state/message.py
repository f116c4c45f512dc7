"""Messages as the emulator stores them, and the helpers tests read them with (text, buttons, selects,
Components V2 text displays, accent colours, images, shown attachments)."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Any

# Message flags
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15


_USER_MENTION = re.compile(r"(?<!\\)<@!?(\d+)>")  # an escaped one (\\<@…>) is text, not a mention

def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


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
    allowed_mentions: dict[str, Any] | None = None  # as created (None: Discord's default, parse all)

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

    def pings(self) -> set[int]:
        """User ids this message pinged: ``<@id>`` in its content or Text Displays that allowed_mentions let through.

        Embeds never ping; without ``allowed_mentions`` Discord parses every user mention.
        """
        found = {int(m) for text in [self.content, *self.text_displays()] for m in _USER_MENTION.findall(text)}
        allowed = self.allowed_mentions
        if allowed is None:
            return found
        users = {int(u) for u in allowed.get("users") or []}
        if "users" in (allowed.get("parse") or []):
            return found
        return found & users

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
