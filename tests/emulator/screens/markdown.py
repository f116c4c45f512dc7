"""The Discord markdown a bot's texts use, turned into HTML for the screen renderer.

Covers what Discord renders in message content, embeds and Text Displays: headers (``#``, ``##``,
``###``), subtext (``-#``), bold, italics, underline, strikethrough, spoilers, inline code and code
blocks, block quotes, bulleted and numbered lists, masked links, mentions and ``<t:…:R>`` timestamps
(shown as the text a viewer would read).  Everything is HTML-escaped first, so bot text cannot
inject markup into the page.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Callable

Names = Callable[[str, int], str | None]  # (kind "user"|"channel"|"role", id) -> display name

_INLINE = [
    (re.compile(r"\*\*(.+?)\*\*", re.S), r"<strong>\1</strong>"),
    (re.compile(r"__(.+?)__", re.S), r"<u>\1</u>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S), r"<em>\1</em>"),
    (re.compile(r"(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])", re.S), r"<em>\1</em>"),
    (re.compile(r"~~(.+?)~~", re.S), r"<s>\1</s>"),
    (re.compile(r"\|\|(.+?)\|\|", re.S), r'<span class="spoiler">\1</span>'),
    (re.compile(r"\[([^\]]+)\]\((https?://[^)\s]+)\)"), r'<a href="\2">\1</a>'),
]


def relative(ts: int, now: float | None = None) -> str:
    """``<t:ts:R>`` as Discord words it (English): "in 5 minutes", "3 hours ago"."""
    now = dt.datetime.now(dt.UTC).timestamp() if now is None else now
    delta = ts - now
    secs = abs(delta)
    n, unit = int(secs), "second"
    for size, name in ((86400 * 365, "year"), (86400 * 30, "month"), (86400, "day"), (3600, "hour"), (60, "minute")):
        if secs >= size:
            n, unit = int(secs // size), name
            break
    words = f"{n} {unit}{'' if n == 1 else 's'}"
    return f"in {words}" if delta > 0 else f"{words} ago"


def timestamp(ts: int, style: str, now: float | None = None) -> str:
    """A ``<t:ts:style>`` mention as text (UTC for the absolute styles)."""
    if style == "R":
        return relative(ts, now)
    when = dt.datetime.fromtimestamp(ts, dt.UTC)
    fmt = {
        "t": "%H:%M",
        "T": "%H:%M:%S",
        "d": "%d/%m/%Y",
        "D": "%d %B %Y",
        "F": "%A, %d %B %Y %H:%M",
    }.get(style, "%d %B %Y %H:%M")
    return when.strftime(fmt)


def _mentions(text: str, names: Names | None, now: float | None) -> str:
    def ts(m: re.Match[str]) -> str:
        return f'<span class="ts">{html.escape(timestamp(int(m[1]), m[2] or "f", now))}</span>'

    def who(kind: str, prefix: str) -> Callable[[re.Match[str]], str]:
        def sub(m: re.Match[str]) -> str:
            name = names(kind, int(m[1])) if names else None
            return f'<span class="mention">{prefix}{html.escape(name or m[1])}</span>'

        return sub

    text = re.sub(r"&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;", ts, text)
    text = re.sub(r"&lt;@!?(\d+)&gt;", who("user", "@"), text)
    text = re.sub(r"&lt;@&amp;(\d+)&gt;", who("role", "@"), text)
    text = re.sub(r"&lt;#(\d+)&gt;", who("channel", "#"), text)
    return re.sub(r"&lt;a?:(\w+):\d+&gt;", r":\1:", text)


def inline(text: str, names: Names | None = None, now: float | None = None) -> str:
    """One line (or paragraph) of escaped text with inline markdown applied; code spans are kept verbatim."""
    parts = re.split(r"(`[^`]+`)", html.escape(text, quote=False))
    out = []
    for part in parts:
        if len(part) > 1 and part.startswith("`") and part.endswith("`"):
            out.append(f"<code>{part[1:-1]}</code>")
            continue
        # a backslash before punctuation shows the character itself, never its markdown (Discord's escape rule)
        part = _ESCAPED.sub(lambda m: f"\x00{ord(m[1])}\x00", part)
        for rx, rep in _INLINE:
            part = rx.sub(rep, part)
        part = re.sub(r"\x00(\d+)\x00", lambda m: chr(int(m[1])), _mentions(part, names, now))
        out.append(part)
    return "".join(out)


_ESCAPED = re.compile(r"\\([^A-Za-z0-9\s])")


def render(text: str, names: Names | None = None, now: float | None = None) -> str:
    """A block of Discord markdown as HTML (block elements: headers, lists, quotes, code blocks)."""
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    list_tag: str | None = None

    def close_list() -> None:
        nonlocal list_tag
        if list_tag:
            out.append(f"</{list_tag}>")
            list_tag = None

    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            close_list()
            body = []
            first = line.strip()[3:]
            if first.endswith("```") and len(first) >= 3:  # one-line block
                body.append(first[:-3])
            else:
                i += 1
                while i < len(lines) and not lines[i].strip().endswith("```"):
                    body.append(lines[i])
                    i += 1
                if i < len(lines) and lines[i].strip() != "```":
                    body.append(lines[i].strip()[:-3])
            out.append(f"<pre>{html.escape(chr(10).join(body))}</pre>")
            i += 1
            continue
        m = re.match(r"^(#{1,3}) (.+)$", line)
        bullet = re.match(r"^\s*[-*] (.+)$", line)
        number = re.match(r"^\s*(\d+)\. (.+)$", line)
        if m:
            close_list()
            out.append(f"<h{len(m[1])}>{inline(m[2], names, now)}</h{len(m[1])}>")
        elif line.startswith("-# "):
            close_list()
            out.append(f'<div class="subtext">{inline(line[3:], names, now)}</div>')
        elif bullet or number:
            tag = "ul" if bullet else "ol"
            if list_tag != tag:
                close_list()
                out.append(f"<{tag}>")
                list_tag = tag
            out.append(f"<li>{inline((bullet or number)[1 if bullet else 2], names, now)}</li>")  # type: ignore[index]
        elif line.startswith("> ") or line == ">":
            close_list()
            out.append(f"<blockquote>{inline(line[2:], names, now)}</blockquote>")
        else:
            close_list()
            out.append(f"<div>{inline(line, names, now) or '&nbsp;'}</div>")
        i += 1
    close_list()
    return "".join(out)
