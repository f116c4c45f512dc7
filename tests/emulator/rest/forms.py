"""A REST request's body as Discord reads it: JSON, or a multipart form of ``payload_json`` and files.

Why not aiohttp's ``request.content_type`` and ``request.multipart()``: they
parse every Content-Type and Content-Disposition header with the standard
library's ``email`` package.  In ``bench.clicks.openloop`` (500 games, ~90
requests/s with a picture in most) that was about a quarter of the
emulator's CPU, taken from the same two cores as the bot being measured --
Discord's own parsing never runs on the bot's machine.  Here the headers a
client actually sends (``type/subtype; key=value``) are read by one regular
expression and kept; anything more unusual (quoted escapes, comments, RFC
2231 names) still goes to aiohttp's parser, so every header means what it
meant before.  ``tests/emulator/tests/rest/test_forms.py`` holds both readers to the
same answers.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from aiohttp import helpers, multipart

_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_PARAM = re.compile(rf'\s*;\s*({_TOKEN})=({_TOKEN}|"[^"\\\r\n]*")\s*')
_TYPE = re.compile(rf"\s*({_TOKEN}/{_TOKEN})\s*")
_DISPOSITION = re.compile(rf"\s*({_TOKEN})\s*")
_PLAIN = re.compile(r"[\w.\-\[\]]+(?: [\w.\-\[\]]+)*")  # a name or file name read alike by everyone
_CACHED = 512  # distinct headers kept: the part headers repeat; a form's boundary is new each time


@dataclass
class Form:
    """What a request carried: its JSON body (``payload_json`` in a form) and its files, in order."""

    body: object = None
    files: list[tuple[str, str, bytes, str | None]] = field(default_factory=list)  # name, filename, data, type
    error: str | None = None  # why the body is not what Discord accepts (a violation), if it is not


def _simple(raw: str, head: re.Pattern[str]) -> tuple[str, dict[str, str]] | None:
    """``head`` then ``; key=value`` pairs (a token or a plain quoted string), or None when it is not that."""
    match = head.match(raw)
    if match is None:
        return None
    params: dict[str, str] = {}
    at = match.end()
    while at < len(raw):
        param = _PARAM.match(raw, at)
        if param is None:
            return None
        key, value = param.group(1).lower(), param.group(2)
        if value == '""':
            return None  # the email package keeps such a key's case: leave the oddity to it
        params[key] = value[1:-1] if value.startswith('"') else value
        at = param.end()
    return match.group(1).lower(), params


@lru_cache(maxsize=_CACHED)
def _content_type(raw: str) -> tuple[str, MappingProxyType[str, str]]:
    simple = _simple(raw, _TYPE)
    if simple is None:
        return helpers.parse_content_type(raw)
    return simple[0], MappingProxyType(simple[1])


def content_type(raw: str | None) -> tuple[str, dict[str, str]]:
    """The media type (lower case) and parameters of a Content-Type header, as aiohttp reads it."""
    if raw is None:
        return "application/octet-stream", {}
    kind, params = _content_type(raw)
    return kind, dict(params)


@lru_cache(maxsize=_CACHED)
def _disposition(raw: str) -> tuple[str | None, MappingProxyType[str, str]]:
    simple = _simple(raw, _DISPOSITION)
    if simple is None or not all(_PLAIN.fullmatch(value) for value in simple[1].values()):
        kind, params = multipart.parse_content_disposition(raw)
        return kind, MappingProxyType(dict(params))
    return simple[0], MappingProxyType(simple[1])


def disposition(raw: str | None) -> tuple[str | None, dict[str, str]]:
    """The disposition type and parameters of a Content-Disposition header, as aiohttp reads it."""
    if raw is None:
        return None, {}
    kind, params = _disposition(raw)
    return kind, dict(params)


def read_multipart(boundary: str, body: bytes) -> list[tuple[dict[str, str], bytes]]:
    """The parts of a multipart body (RFC 2046): each one's headers (names lower-cased) and bytes.

    Raises ValueError when the body is not one: no first boundary, no closing
    one, or a part without the blank line that ends its headers.
    """
    if not boundary:
        raise ValueError("multipart body without a boundary")
    delimiter = b"--" + boundary.encode("latin-1")
    start = body.find(delimiter)
    if start < 0 or (start > 0 and body[start - 2 : start] != b"\r\n"):
        raise ValueError("multipart body without its first boundary")
    parts: list[tuple[dict[str, str], bytes]] = []
    at = start + len(delimiter)
    while True:
        if body.startswith(b"--", at):
            return parts  # the closing delimiter; what follows is the epilogue
        line_end = body.find(b"\r\n", at)
        if line_end < 0 or body[at:line_end].strip(b" \t"):
            raise ValueError("multipart boundary line with more after it")
        head_end = body.find(b"\r\n\r\n", line_end)
        if head_end < 0:
            raise ValueError("multipart part without the end of its headers")
        following = body.find(b"\r\n" + delimiter, head_end + 4)
        if following < 0:
            raise ValueError("multipart body without its closing boundary")
        headers: dict[str, str] = {}
        for line in body[line_end + 2 : head_end].decode("utf-8").split("\r\n"):
            if not line:
                continue
            name, colon, value = line.partition(":")
            if not colon:
                raise ValueError(f"multipart header without a colon: {line!r}")
            headers[name.strip().lower()] = value.strip()
        parts.append((headers, body[head_end + 4 : following]))
        at = following + 2 + len(delimiter)


def read_form(raw_type: str | None, body: bytes) -> Form:
    """A body as the emulator's routes want it; what Discord would refuse in it is the form's ``error``."""
    kind, params = content_type(raw_type)
    form = Form()
    try:
        if kind.startswith("multipart/"):
            for headers, data in read_multipart(params.get("boundary", ""), body):
                _, disp = disposition(headers.get("content-disposition"))
                name = disp.get("name", "")
                if name == "payload_json":
                    charset = content_type(headers.get("content-type", "text/plain"))[1].get("charset", "utf-8")
                    form.body = _loads(data.decode(charset))
                else:
                    form.files.append((name, disp.get("filename") or "file", data, headers.get("content-type")))
        elif body:
            if kind != "application/json":
                form.error = f"body sent with Content-Type {kind!r}"
            form.body = _loads(body)
    except ValueError as e:
        form.error = str(e)
    return form


def _loads(text: str | bytes) -> object:
    try:
        return json.loads(text)
    except ValueError as e:
        raise ValueError(f"invalid JSON body: {e}") from e
