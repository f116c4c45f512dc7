"""The emulator's own body reader (tests/emulator/rest/forms.py) reads what aiohttp's reads, the same way."""

from __future__ import annotations

import json

import aiohttp
import pytest
from aiohttp import helpers, multipart
from hypothesis import given
from hypothesis import strategies as st

from tests.emulator.rest import forms

CONTENT_TYPES = [
    "application/json",
    "Application/JSON",
    "multipart/form-data; boundary=0123abcd",
    "multipart/form-data;boundary=xyz",
    'multipart/form-data; boundary="quoted boundary"',
    "text/plain; charset=utf-8",
    "text/plain; CharSet=UTF-8; format=flowed",
    "image/png",
    'text/plain; charset="utf\\"8"',  # an escape: aiohttp's reader
    "text/plain; charset=utf-8 (a comment)",  # a comment: aiohttp's reader
    "nonsense",
    "",
]

DISPOSITIONS = [
    'form-data; name="payload_json"',
    'form-data; name="files[0]"; filename="board.png"',
    "form-data; name=plain",
    'FORM-DATA; NAME="x"',
    "form-data; name=\"files[0]\"; filename*=utf-8''%E7%9B%A4.png",  # RFC 2231: aiohttp's reader
    'attachment; filename="a b.png"',
]


@pytest.mark.parametrize("raw", CONTENT_TYPES)
def test_content_types_are_read_as_aiohttp_reads_them(raw: str) -> None:
    kind, params = helpers.parse_content_type(raw)
    assert forms.content_type(raw) == (kind, dict(params))


@pytest.mark.parametrize("raw", DISPOSITIONS)
def test_dispositions_are_read_as_aiohttp_reads_them(raw: str) -> None:
    kind, params = multipart.parse_content_disposition(raw)
    assert forms.disposition(raw) == (kind, dict(params))


_token = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC0123456789-._+", min_size=1, max_size=12)
_quoted = st.text(alphabet="".join(chr(c) for c in range(32, 127) if chr(c) not in '"\\'), max_size=10)


@given(kind=_token, sub=_token, params=st.dictionaries(_token, st.one_of(_token, _quoted), max_size=3))
def test_any_simple_content_type_is_read_as_aiohttp_reads_it(kind: str, sub: str, params: dict[str, str]) -> None:
    raw = f"{kind}/{sub}" + "".join(f'; {k}="{v}"' for k, v in params.items())
    expected = helpers.parse_content_type(raw)
    assert forms.content_type(raw) == (expected[0], dict(expected[1]))


async def _aiohttp_form(payload: object, files: list[tuple[str, bytes]]) -> tuple[bytes, str]:
    """A form as the bot's aiohttp client writes one (discord.py's way), as bytes and Content-Type."""
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    for i, (name, data) in enumerate(files):
        form.add_field(f"files[{i}]", data, filename=name, content_type="image/png")
    writer = form()
    chunks: list[bytes] = []

    class Sink:
        async def write(self, data: bytes) -> None:
            chunks.append(bytes(data))

    await writer.write(Sink())  # type: ignore[arg-type]
    return b"".join(chunks), writer.headers["Content-Type"]


async def test_a_form_of_payload_json_and_files_is_read_whole() -> None:
    picture = bytes(range(256)) * 40 + b"\r\n--not-the-boundary\r\n"
    body, ctype = await _aiohttp_form({"content": "hi", "flags": 32768}, [("board.png", picture), ("b.png", b"")])
    form = forms.read_form(ctype, body)
    assert form.error is None
    assert form.body == {"content": "hi", "flags": 32768}
    assert form.files == [("files[0]", "board.png", picture, "image/png"), ("files[1]", "b.png", b"", "image/png")]


async def test_a_cut_form_is_an_error_not_a_crash() -> None:
    body, ctype = await _aiohttp_form({"content": "hi"}, [("board.png", b"PNG")])
    for cut in (body[: len(body) // 2], body[:-8], b"", b"garbage"):
        assert forms.read_form(ctype, cut).error


def test_json_bodies_and_their_errors() -> None:
    assert forms.read_form("application/json", b'{"a": 1}').body == {"a": 1}
    assert forms.read_form("application/json; charset=utf-8", b"[]").error is None
    assert "invalid JSON body" in (forms.read_form("application/json", b"{").error or "")
    wrong = forms.read_form("text/plain", b'{"a": 1}')
    assert wrong.body == {"a": 1} and "text/plain" in (wrong.error or "")
    assert forms.read_form(None, b"").body is None


@given(name=_quoted, filename=st.one_of(st.none(), _quoted))
def test_any_simple_disposition_is_read_as_aiohttp_reads_it(name: str, filename: str | None) -> None:
    raw = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename is not None else "")
    kind, params = multipart.parse_content_disposition(raw)
    assert forms.disposition(raw) == (kind, dict(params))
