"""Interaction-token requests (acknowledgements, edits, followups) sent without discord.py's webhook adapter.

Why: each click costs an acknowledgement (the interaction callback) and
usually an edit of its message through the click's token (``@original``:
:mod:`bot.transport.edits`).  discord.py sends both through its webhook adapter, which
for every request builds a ``Route``, takes a per-token lock from a weak
dictionary, asks for the callback's response body (``with_response``) and
parses it into an ``InteractionCallbackResponse``, re-encodes the multipart
form with aiohttp's ``FormData`` on every attempt, and decodes every reply
as text then JSON — several times the work of the request itself, on the
event loop (docs/performance-journal.md, "The event loop's share").  Here the body
is encoded once (JSON, or a multipart form written as one bytes object),
sent with the client's own aiohttp session (so the request counters of
:mod:`bot.runtime.metrics` see it), and a reply is decoded only when it is an error.

Failures behave as discord.py's adapter does, so callers catch the same
exceptions: a 429 waits ``retry_after`` and tries again (a 429 without
``Via`` is Cloudflare's ban: raised at once), a 5xx waits 1, 3, 5... s and
tries again, five attempts in all; 403 raises ``Forbidden``, 404
``NotFound``, anything else ``HTTPException`` (each with Discord's error
code); an exhausted bucket (``X-RateLimit-Remaining: 0``) holds the next
request with the same token until it resets.  Requests with one token keep
their order (one at a time, as discord.py's lock keeps them).
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from typing import Any
from urllib.parse import quote

import aiohttp
import discord
from discord.http import MultipartParameters, handle_message_parameters, json_or_text
from discord.webhook.async_ import interaction_message_response_params

ATTEMPTS = 5
_JSON = "application/json"
_DEFERRED_UPDATE = b'{"type":6}'
_locks: weakref.WeakValueDictionary[tuple[int, str], asyncio.Lock] = weakref.WeakValueDictionary()

SEND_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    OSError,
    asyncio.TimeoutError,
)
"""What one request to Discord may fail with: a refusal, or the connection dropping or timing out.

Caught per message, so that one lost DM or post does not keep the others
from being sent (the presenter), nor a failed click answer the edit that
replaces it (:mod:`bot.transport.edits`); anything else (a bug) reaches
``SessionManager._announce``.
"""


def _base() -> str:
    return discord.http.Route.BASE  # the API's root, or the emulator's (bot.app.point_at)


async def ack_update(interaction: discord.Interaction) -> None:
    """Acknowledge a component click with a deferred update (type 6), as ``interaction.response.defer()`` does.

    Raises ``InteractionResponded`` if it was answered already, and what a
    refused callback raises (``NotFound`` 10062 for an interaction older
    than 3 s).
    """
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    await _send(interaction.client, "POST", _callback_url(interaction), _DEFERRED_UPDATE, _JSON, None)
    response._response_type = discord.InteractionResponseType.deferred_message_update


async def update_message(interaction: discord.Interaction, payload: dict[str, Any]) -> None:
    """Answer a component click with its message changed to ``payload`` (UPDATE_MESSAGE, type 7).

    The callback, like :func:`ack_update`'s, so it raises ``InteractionResponded``
    if the click was answered already; afterwards the click's token edits that
    message (``@original``) and posts its followups as after a deferred update.
    """
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    previous = interaction.client.allowed_mentions if "content" in payload else None
    with interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value, previous_allowed_mentions=previous, **payload
    ) as params:
        body, content_type = encode(params)
    await _send(interaction.client, "POST", _callback_url(interaction), body, content_type, None)
    response._response_type = discord.InteractionResponseType.message_update


async def edit_original(client: discord.Client, app: int, token: str, payload: dict[str, Any]) -> None:
    """Edit the message an interaction token may edit (``@original``) with a payload of ``edit`` keyword arguments.

    The reply (the edited message) is not read: nothing uses it.
    """
    previous = client.allowed_mentions if "content" in payload else None
    with handle_message_parameters(previous_allowed_mentions=previous, **payload) as params:
        body, content_type = encode(params)
    await _send(client, "PATCH", _message_url(app, token, "@original"), body, content_type, (app, token))


async def send_followup(client: discord.Client, app: int, token: str, content: str,
                        mentions: discord.AllowedMentions) -> int:
    """Post a followup of the interaction (a new message in its channel); the new message's id."""
    return await send_followup_message(client, app, token, {"content": content, "allowed_mentions": mentions})


async def send_followup_message(client: discord.Client, app: int, token: str, payload: dict[str, Any]) -> int:
    """Post a followup built from ``send`` keyword arguments (files, a view...); the new message's id."""
    with handle_message_parameters(**payload) as params:
        body, content_type = encode(params)
    url = f"{_base()}/webhooks/{app}/{quote(token, safe='')}?wait=true"
    reply = await _send(client, "POST", url, body, content_type, (app, token))
    return int(discord.utils._from_json(reply.decode())["id"])


async def edit_followup(client: discord.Client, app: int, token: str, message_id: int, content: str,
                        mentions: discord.AllowedMentions) -> None:
    """Edit the text of a followup ``token`` posted (Discord: only the same token may)."""
    with handle_message_parameters(content=content, allowed_mentions=mentions) as params:
        body, content_type = encode(params)
    await _send(client, "PATCH", _message_url(app, token, str(message_id)), body, content_type, (app, token))


async def delete_followup(client: discord.Client, app: int, token: str, message_id: int) -> None:
    """Delete a followup ``token`` posted."""
    await _send(client, "DELETE", _message_url(app, token, str(message_id)), b"", _JSON, (app, token))


def _callback_url(interaction: discord.Interaction) -> str:
    """The interaction's one callback (its answer)."""
    return f"{_base()}/interactions/{interaction.id}/{quote(interaction.token, safe='')}/callback"


def _message_url(app: int, token: str, message: str) -> str:
    return f"{_base()}/webhooks/{app}/{quote(token, safe='')}/messages/{message}"


def encode(params: MultipartParameters) -> tuple[bytes, str]:
    """The request body and its Content-Type: JSON, or a multipart form of ``payload_json`` and ``files[n]``.

    The same parts, names and file names as discord.py's ``FormData`` (field
    names and file names unquoted), written once as bytes.
    """
    if not params.files:
        return discord.utils._to_json(params.payload).encode(), _JSON
    boundary = secrets.token_hex(16)
    chunks: list[bytes] = []
    for part in params.multipart or ():
        name = part["name"]
        value = part["value"]
        if "filename" in part:
            filename = _header_safe(str(part["filename"]))
            head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                    f'Content-Type: {part.get("content_type", "application/octet-stream")}\r\n\r\n')
            data = value.read() if hasattr(value, "read") else bytes(value)
        else:
            head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n'
                    f"Content-Type: {_JSON}\r\n\r\n")
            data = value.encode() if isinstance(value, str) else bytes(value)
        chunks += (head.encode(), data, b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def _header_safe(text: str) -> str:
    """A file name that cannot end its quoted header parameter or the header line (our names never need it)."""
    return text.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


class _Rest:
    """How long a token's bucket must rest once a request is done (``X-RateLimit-Remaining: 0``)."""

    __slots__ = ("seconds",)

    def __init__(self) -> None:
        self.seconds = 0.0


async def _send(
    client: discord.Client, method: str, url: str, body: bytes, content_type: str, bucket: tuple[int, str] | None
) -> bytes:
    """Send one request (retrying as discord.py's webhook adapter does); its reply's body.

    Raises discord.py's errors for a refusal.
    """
    rest = _Rest()
    if bucket is None:  # an interaction's one callback: nothing to keep in order with
        return await _attempts(client, method, url, body, content_type, rest)
    lock = _locks.get(bucket)
    if lock is None:
        _locks[bucket] = lock = asyncio.Lock()
    async with lock:
        try:
            return await _attempts(client, method, url, body, content_type, rest)
        finally:
            if rest.seconds:
                await asyncio.sleep(rest.seconds)  # the next request with this token waits for the reset


async def _attempts(
    client: discord.Client, method: str, url: str, body: bytes, content_type: str, rest: _Rest
) -> bytes:
    """Up to :data:`ATTEMPTS` tries of one request."""
    http = client.http
    session: aiohttp.ClientSession = http._HTTPClient__session  # type: ignore[attr-defined]  # as discord.py's webhooks
    headers = {"Content-Type": content_type}
    response: aiohttp.ClientResponse | None = None
    data: Any = None
    for attempt in range(ATTEMPTS):
        try:
            async with session.request(
                method, url, data=body, headers=headers, proxy=http.proxy, proxy_auth=http.proxy_auth
            ) as response:
                status = response.status
                if response.headers.get("X-Ratelimit-Remaining") == "0" and status != 429:
                    rest.seconds = discord.utils._parse_ratelimit_header(response)
                if 200 <= status < 300:
                    return await response.read()  # read to the end: the connection goes back to the pool
                data = await json_or_text(response)
                if status == 429:
                    if not response.headers.get("Via") or not isinstance(data, dict):
                        raise discord.HTTPException(response, data)  # Cloudflare's ban, not Discord's limit
                    await asyncio.sleep(float(data["retry_after"]))
                    continue
                if status >= 500:
                    await asyncio.sleep(1 + attempt * 2)
                    continue
                if status == 403:
                    raise discord.Forbidden(response, data)
                if status == 404:
                    raise discord.NotFound(response, data)
                raise discord.HTTPException(response, data)
        except OSError as exc:
            if attempt < ATTEMPTS - 1 and exc.errno in (54, 10054):  # connection reset by peer
                await asyncio.sleep(1 + attempt * 2)
                continue
            raise
    assert response is not None
    if response.status >= 500:
        raise discord.DiscordServerError(response, data)
    raise discord.HTTPException(response, data)
