"""Messages drawn as the Discord client shows them (dark theme), as one self-contained HTML page.

What a user sees, not the raw payload: author line with the APP tag, content, embeds (colour bar,
author, title, description, fields in rows of three when inline, image, thumbnail, footer),
Components V2 layouts (container with accent bar, sections with their button/thumbnail accessory,
text displays, separators, media galleries, files), action rows (button styles, emoji, disabled
state, link arrow, selects), plain attachments (hidden on V2 messages unless a component shows
them), the "Only you can see this" line of ephemerals and the "(edited)" mark.  Uploaded images are
inlined as ``data:`` URIs; external image URLs are drawn as labelled placeholders, so opening the
page never touches the network.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .markdown import Names
from .markdown import render as md
from .style import CSS

if TYPE_CHECKING:
    from ..models import Attachment, Message
    from ..server import DiscordEmulator

BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}


def _esc(text: Any) -> str:
    return html.escape(str(text))


def _colour(value: int | None) -> str:
    return "#1e1f22" if value is None else f"#{int(value):06x}"


class _Page:
    """Renders messages of one emulator; ``names`` resolves mentions to display names."""

    def __init__(self, emu: DiscordEmulator | None, now: float | None = None) -> None:
        self.emu = emu
        self.now = now

    def names(self) -> Names:
        emu = self.emu

        def look(kind: str, ident: int) -> str | None:
            if emu is None:
                return None
            if kind == "user":
                u = emu.users.get(ident)
                return (u.global_name or u.name) if u else None
            if kind == "channel":
                c = emu.channels.get(ident)
                return c.name if c else None
            for g in emu.guilds.values():
                if ident in g.roles:
                    return g.roles[ident].name
            return None

        return look

    def md(self, text: str) -> str:
        return md(text, self.names(), self.now)

    # ---- images
    def _data_uri(self, att: Attachment) -> str:
        ctype = att.content_type or "application/octet-stream"
        return f"data:{ctype};base64,{base64.b64encode(att.data).decode()}"

    def _img(self, msg: Message, url: str, *, cls: str, alt: str | None = None) -> str:
        att = msg.attachment(url) if url.startswith("attachment://") else None
        if att is None:
            att = next((a for a in msg.attachments if a.url == url), None)
        if att is not None and (att.content_type or "").startswith("image/"):
            return f'<img class="{cls}" src="{self._data_uri(att)}" alt="{_esc(alt or att.filename)}">'
        return f'<div class="{cls} missing">{_esc(alt or url)}</div>'

    def _media(self, msg: Message, media: dict[str, Any] | None, *, cls: str, alt: str | None) -> str:
        media = media or {}
        att = next((a for a in msg.attachments if str(a.id) == str(media.get("attachment_id"))), None)
        url = f"attachment://{att.filename}" if att is not None else str(media.get("url") or "")
        return self._img(msg, url, cls=cls, alt=alt)

    # ---- embeds
    def embed(self, msg: Message, e: dict[str, Any]) -> str:
        parts = []
        if (e.get("author") or {}).get("name"):
            parts.append(f'<div class="e-author">{_esc(e["author"]["name"])}</div>')
        if e.get("title"):
            parts.append(f'<div class="e-title">{self.md(str(e["title"]))}</div>')
        if e.get("description"):
            parts.append(f'<div class="e-desc">{self.md(str(e["description"]))}</div>')
        if e.get("fields"):
            cells = []
            for f in e["fields"]:
                cls = "e-field inline" if f.get("inline") else "e-field"
                cells.append(
                    f'<div class="{cls}"><div class="e-fname">{self.md(str(f.get("name", "")))}</div>'
                    f'<div class="e-fval">{self.md(str(f.get("value", "")))}</div></div>'
                )
            parts.append(f'<div class="e-fields">{"".join(cells)}</div>')
        if (e.get("image") or {}).get("url"):
            parts.append(self._img(msg, e["image"]["url"], cls="e-image"))
        if (e.get("footer") or {}).get("text"):
            parts.append(f'<div class="e-footer">{_esc(e["footer"]["text"])}</div>')
        thumb = ""
        if (e.get("thumbnail") or {}).get("url"):
            thumb = self._img(msg, e["thumbnail"]["url"], cls="e-thumb")
        return (
            f'<div class="embed" style="border-left-color:{_colour(e.get("color"))}">'
            f'<div class="e-main">{"".join(parts)}</div>{thumb}</div>'
        )

    # ---- components
    def button(self, c: dict[str, Any]) -> str:
        style = BUTTON_STYLES.get(int(c.get("style", 2)), "secondary")
        emoji = (c.get("emoji") or {}).get("name")
        label = _esc(c.get("label") or "")
        inner = (f'<span class="emoji">{_esc(emoji)}</span>' if emoji else "") + label
        if style == "link":
            inner += ' <span class="ext">↗</span>'
        dis = " disabled" if c.get("disabled") else ""
        return f'<span class="btn {style}{dis}">{inner}</span>'

    def select(self, c: dict[str, Any]) -> str:
        chosen = [o.get("label", "") for o in c.get("options") or [] if o.get("default")]
        text = ", ".join(chosen) or c.get("placeholder") or "Make a selection"
        dis = " disabled" if c.get("disabled") else ""
        return f'<div class="select{dis}"><span>{_esc(text)}</span><span class="chev">⌄</span></div>'

    def component(self, msg: Message, c: dict[str, Any]) -> str:
        t = c.get("type")
        kids = c.get("components") or []
        if t == 1:
            items = "".join(self.button(k) if k.get("type") == 2 else self.select(k) for k in kids)
            return f'<div class="row">{items}</div>'
        if t == 10:
            return f'<div class="text">{self.md(str(c.get("content") or ""))}</div>'
        if t == 9:
            acc = c.get("accessory") or {}
            side = self.button(acc) if acc.get("type") == 2 else self.component(msg, acc)
            texts = "".join(self.component(msg, k) for k in kids)
            return f'<div class="section"><div class="s-texts">{texts}</div><div class="s-acc">{side}</div></div>'
        if t == 11:
            return self._media(msg, c.get("media"), cls="thumb", alt=c.get("description"))
        if t == 12:
            items = c.get("items") or []
            imgs = "".join(
                self._media(
                    msg,
                    i.get("media"),
                    cls="g-item" + (" spoilered" if i.get("spoiler") else ""),
                    alt=i.get("description"),
                )
                for i in items
            )
            return f'<div class="gallery n{min(len(items), 4)}">{imgs}</div>'
        if t == 13:
            return f'<div class="file">📄 {_esc(c.get("name") or "file")}</div>'
        if t == 14:
            cls = "sep" + (" line" if c.get("divider", True) else "") + (" large" if c.get("spacing") == 2 else "")
            return f'<div class="{cls}"></div>'
        if t == 17:
            inner = "".join(self.component(msg, k) for k in kids)
            accent = c.get("accent_color")
            bar = f"border-left:4px solid {_colour(accent)};" if accent is not None else ""
            veil = " spoilered" if c.get("spoiler") else ""
            return f'<div class="container{veil}" style="{bar}">{inner}</div>'
        if t in (3, 5, 6, 7, 8):
            return self.select(c)
        if t == 2:
            return self.button(c)
        return f'<div class="unknown">component type {_esc(t)}</div>'

    # ---- messages
    def message(self, msg: Message, *, grouped: bool = False) -> str:
        """One message; ``grouped`` (same author as the one above, as the client groups them) drops
        the avatar and the name line."""
        emu = self.emu
        author = emu.users.get(msg.author_id) if emu is not None else None
        name = (author.global_name or author.name) if author is not None else "Kado"
        is_bot = author.bot if author is not None else msg.from_bot
        tag = '<span class="tag">APP</span>' if is_bot else ""
        when = msg.timestamp[11:16] if len(msg.timestamp) >= 16 else ""
        head = f'<div class="head"><span class="name">{_esc(name)}</span>{tag}<span class="time">{when}</span></div>'
        body: list[str] = []
        if msg.loading:
            body.append(f'<div class="loading">{_esc(name)} is thinking…</div>')
        if msg.content:
            edited = ' <span class="edited">(edited)</span>' if msg.edited_timestamp else ""
            body.append(f'<div class="content">{self.md(msg.content)}{edited}</div>')
        body.extend(self.embed(msg, e) for e in msg.embeds)
        body.extend(self.component(msg, c) for c in msg.components)
        if not msg.is_v2:
            for a in msg.attachments:
                if (a.content_type or "").startswith("image/"):
                    body.append(self._img(msg, f"attachment://{a.filename}", cls="attachment"))
                else:
                    body.append(f'<div class="file">📄 {_esc(a.filename)}</div>')
        if msg.ephemeral:
            body.append('<div class="eph">👁 Only you can see this · <a>Dismiss message</a></div>')
        if grouped:
            return f'<div class="msg grouped"><div class="col">{"".join(body)}</div></div>'
        avatar = f'<div class="avatar">{_esc(name[:1].upper())}</div>'
        return f'<div class="msg">{avatar}<div class="col">{head}{"".join(body)}</div></div>'


def page(
    messages: Iterable[Message], *, title: str, emu: DiscordEmulator | None = None, now: float | None = None
) -> str:
    """A whole HTML document drawing ``messages`` in order under a channel header ``title``."""
    p = _Page(emu, now)
    rows, previous = [], None
    for m in messages:
        # the client groups consecutive messages of one author; ephemerals always stand alone
        grouped = previous is not None and previous.author_id == m.author_id and not (m.ephemeral or previous.ephemeral)
        rows.append(p.message(m, grouped=grouped))
        previous = m
    body = "".join(rows) or '<div class="empty">No messages.</div>'
    return (
        '<!doctype html><html><head><meta charset="utf-8">'
        f"<title>{_esc(title)}</title><style>{CSS}</style></head>"
        f'<body><div class="chan"># {_esc(title)}</div><div class="log">{body}</div></body></html>'
    )
