"""bot.transport.wire: a click's interaction requests without discord.py's webhook adapter, failing as discord.py's do.

A scripted HTTP server (asyncio.start_server) answers each request as the test
says, so the bytes sent (the callback, a multipart picture), the retries and
the errors callers catch (``bot.transport.edits``, the presenter) are all checked.
"""

from __future__ import annotations

import asyncio
import email.parser
import email.policy
import io
import json
from collections.abc import AsyncIterator, Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from bot.transport import wire
from tests.platform.frontend.test_cycles import _interaction_payload

Answer = Callable[[bytes], bytes | None]  # the request's head+body -> raw reply bytes (None: close, say nothing)


def reply(status: int, body: bytes = b"", *, headers: str = "", chunked: bool = False) -> bytes:
    if chunked:
        half = len(body) // 2
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in (body[:half], body[half:]) if c)
        return f"HTTP/1.1 {status} X\r\nTransfer-Encoding: chunked\r\n{headers}\r\n".encode() + chunks + b"0\r\n\r\n"
    length = "" if status == 204 else f"Content-Length: {len(body)}\r\n"
    return f"HTTP/1.1 {status} X\r\n{length}{headers}\r\n".encode() + body


def error(status: int, code: int, extra: str = "", **fields: Any) -> bytes:
    return reply(status, json.dumps({"code": code, "message": "no", **fields}).encode(),
                 headers=f"Content-Type: application/json\r\n{extra}")


class Server:
    """Answers the n-th request with ``answers[n]``; ``close_after``: requests after which it drops the connection."""

    def __init__(self, answers: list[Answer], close_after: set[int] | None = None) -> None:
        self.answers = answers
        self.close_after = close_after or set()
        self.requests: list[bytes] = []
        self.connections = 0
        self.url = ""

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:"))
                request = head + await reader.readexactly(length)
                index = len(self.requests)
                self.requests.append(request)
                out = self.answers[index](request)
                if out is None:
                    break
                writer.write(out)
                await writer.drain()
                if index in self.close_after:
                    break
        except asyncio.IncompleteReadError:
            pass
        writer.close()


@pytest.fixture
async def serve(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Callable[..., Any]]:
    servers: list[asyncio.Server] = []

    async def start(answers: list[Answer], close_after: set[int] | None = None) -> Server:
        script = Server(answers, close_after)
        server = await asyncio.start_server(script.handle, "127.0.0.1", 0)
        servers.append(server)
        port = server.sockets[0].getsockname()[1]
        script.url = f"http://127.0.0.1:{port}/api/v10"
        monkeypatch.setattr(discord.http.Route, "BASE", script.url)
        return script

    yield start
    await asyncio.sleep(0.01)  # the handlers see their connections closed and end
    for server in servers:
        server.close()


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as opened:
        yield opened


@pytest.fixture
def client(session: aiohttp.ClientSession) -> Any:
    """What bot.transport.wire reads of a ``discord.Client``: its HTTP session (discord.py's), proxy and allowed
    mentions."""
    http = SimpleNamespace(proxy=None, proxy_auth=None, _HTTPClient__session=session)
    return SimpleNamespace(http=http, allowed_mentions=discord.AllowedMentions.none())


def answer(raw: bytes) -> Answer:
    return lambda request: raw


# -- wire ---------------------------------------------------------------------------------------------------------


async def test_the_acknowledgement_is_a_deferred_update_and_marks_the_response_done(
    serve: Callable[..., Any], session: aiohttp.ClientSession
) -> None:
    server = await serve([answer(reply(204))])
    state = discord.Client(intents=discord.Intents.none())._connection
    state.http._HTTPClient__session = session  # type: ignore[attr-defined]  # as after login
    interaction = discord.Interaction(data=_interaction_payload(), state=state)  # type: ignore[arg-type]
    await wire.ack_update(interaction)
    assert interaction.response.is_done()
    assert interaction.response.type is discord.InteractionResponseType.deferred_message_update
    request = server.requests[0]
    assert request.startswith(b"POST /api/v10/interactions/1/tok/callback HTTP/1.1\r\n")
    assert json.loads(request.split(b"\r\n\r\n", 1)[1]) == {"type": 6}
    with pytest.raises(discord.InteractionResponded):
        await wire.ack_update(interaction)


@pytest.mark.parametrize(
    ("raw", "raised", "code"),
    [
        (error(404, 10008), discord.NotFound, 10008),  # the message was deleted: the caller posts it again
        (error(404, 10015), discord.NotFound, 10015),  # the token is no good: the bot token next
        (error(403, 50013), discord.Forbidden, 50013),  # no Attach Files: the caller shows it without
        (error(401, 50027), discord.HTTPException, 50027),  # an expired token
    ],
)
async def test_refusals_raise_discord_pys_errors_with_their_codes(
    serve: Callable[..., Any], client: Any, raw: bytes, raised: type[Exception], code: int
) -> None:
    await serve([answer(raw)])
    with pytest.raises(raised) as caught:
        await wire.edit_original(client, 7, "tok", {"content": "x"})
    assert caught.value.code == code  # type: ignore[attr-defined]


async def test_a_429_waits_and_is_sent_again_unless_it_is_cloudflares(serve: Callable[..., Any], client: Any) -> None:
    limited = error(429, 0, "Via: 1.1 google\r\n", retry_after=0.01)
    server = await serve([answer(limited), answer(reply(200, b"{}"))])
    await wire.edit_original(client, 7, "tok", {"content": "x"})
    assert len(server.requests) == 2
    await serve([answer(error(429, 0, retry_after=0.01))])
    with pytest.raises(discord.HTTPException):  # no Via: a Cloudflare ban, not retried
        await wire.edit_original(client, 7, "tok", {"content": "x"})


async def test_an_exhausted_bucket_holds_the_next_request_with_that_token(
    serve: Callable[..., Any], client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    slept: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(wire.asyncio, "sleep", sleep)
    headers = "X-RateLimit-Remaining: 0\r\nX-RateLimit-Reset-After: 1.5\r\n"
    await serve([answer(reply(200, b"{}", headers=headers))])
    await wire.edit_original(client, 7, "tok", {"content": "x"})
    assert slept == [1.5]


async def test_a_picture_goes_as_the_multipart_form_discord_reads(serve: Callable[..., Any], client: Any) -> None:
    server = await serve([answer(reply(200, b"{}"))])
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    payload = {"content": "board", "attachments": [discord.File(io.BytesIO(png), filename="board.png")]}
    await wire.edit_original(client, 7, "tok", payload)
    head, body = server.requests[0].split(b"\r\n\r\n", 1)
    content_type = next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-type:"))
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(content_type + b"\r\n\r\n" + body)
    parts = {part.get_param("name", header="content-disposition"): part for part in message.iter_parts()}
    assert set(parts) == {"payload_json", "files[0]"}
    sent = json.loads(parts["payload_json"].get_content())
    assert sent["content"] == "board" and sent["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert parts["files[0]"].get_filename() == "board.png"
    assert parts["files[0]"].get_content() == png


async def test_a_followup_is_posted_with_wait_and_pings_only_whom_it_allows_then_edited_and_deleted_by_id(
    serve: Callable[..., Any], client: Any
) -> None:
    created = json.dumps({"id": "42", "channel_id": "7", "content": "hi"}).encode()
    server = await serve([answer(reply(200, created, headers="Content-Type: application/json\r\n")),
                          answer(reply(200, created, headers="Content-Type: application/json\r\n")),
                          answer(reply(204))])
    only_bob = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(5)])
    message_id = await wire.send_followup(client, 9, "tok", "<@5> your turn", only_bob)
    await wire.edit_followup(client, 9, "tok", message_id, "<@5> your turn, half the time gone", only_bob)
    await wire.delete_followup(client, 9, "tok", message_id)
    post, edit, delete = server.requests
    assert message_id == 42
    assert post.startswith(b"POST /api/v10/webhooks/9/tok?wait=true HTTP/1.1\r\n")
    body = json.loads(post.split(b"\r\n\r\n", 1)[1])
    assert body["content"] == "<@5> your turn"
    assert body["allowed_mentions"]["parse"] == [] and body["allowed_mentions"]["users"] == [5]  # bob alone
    assert edit.startswith(b"PATCH /api/v10/webhooks/9/tok/messages/42 HTTP/1.1\r\n")
    assert delete.startswith(b"DELETE /api/v10/webhooks/9/tok/messages/42 HTTP/1.1\r\n")
