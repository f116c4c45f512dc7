"""Speaking to the emulator over raw HTTP, as the bot (its token) or as an interaction's webhook.

No bot process and no discord.py: a test registers an interaction directly in the emulator and
answers it with hand-made bodies, so each Components V2 / interaction-response rule is checked in
isolation and fast (tests/emulator/tests/test_layout_e2e.py runs the same paths through discord.py).
The ``raw`` fixture (tests/emulator/tests/conftest.py) gives a test one, ready in a server.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import aiohttp

from tests.emulator import DiscordEmulator, InteractionResult
from tests.emulator.clients.sample_bot import tiny_png
from tests.emulator.clients.v2_dicts import V2, button, layout, row
from tests.emulator.models import Channel, Message, User


class Raw:
    """aiohttp session speaking to the emulator as the bot (token) or as the interaction webhook.

    The fixture also gives it a server (``guild``), a channel in it (``chan``) and a member (``alice``).
    """

    guild: Any
    chan: Channel
    alice: User

    def __init__(self, emu: DiscordEmulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.s = emu, session

    async def call(
        self, method: str, path: str, body: dict[str, Any], files: dict[str, bytes] | None = None
    ) -> tuple[int, Any]:
        """One request: JSON, or multipart (``payload_json`` + ``files[i]``) when there are files."""
        url = self.emu.api_base + path
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{i}]", data, filename=name, content_type="image/png")
            kw: dict[str, Any] = {"data": form}
        else:
            kw = {"json": body}
        async with self.s.request(method, url, **kw) as resp:
            raw = await resp.read()
            return resp.status, (json.loads(raw) if raw else None)

    def interaction(
        self, user: User, chan: Channel, *, itype: int = 3, source: Message | None = None
    ) -> InteractionResult:
        """An interaction of ``user`` in ``chan`` (a click on ``source`` by default), awaiting its response."""
        emu = self.emu
        res = InteractionResult(
            emu,
            interaction_id=emu._snow(),
            token="aW50ZXJhY3Rpb246" + secrets.token_urlsafe(24),
            interaction_type=itype,
            user=user,
            channel=chan,
            source_message=source,
            payload={},
            description="raw test interaction",
        )
        emu.interactions[res.token] = res
        return res

    async def respond(
        self, res: InteractionResult, rtype: int, data: dict | None = None, files=None
    ) -> tuple[int, Any]:
        """The interaction's callback with response type ``rtype``."""
        body: dict[str, Any] = {"type": rtype, **({"data": data} if data is not None else {})}
        return await self.call("POST", f"/interactions/{res.id}/{res.token}/callback", body, files)

    async def edit_original(self, res: InteractionResult, body: dict[str, Any], files=None) -> tuple[int, Any]:
        """PATCH the interaction's ``@original`` message through its webhook."""
        return await self.call(
            "PATCH", f"/webhooks/{self.emu.application_id}/{res.token}/messages/@original", body, files
        )

    async def source(self, chan: Channel, *, v2: bool = True) -> Message:
        """A message to click on in ``chan``: the V2 lobby layout with its picture, or a plain one-button one."""
        body = (
            {"flags": V2, "components": layout()}
            if v2
            else {"content": "lobby", "components": [row(button("Join", "join"))]}
        )
        files = {"board.png": tiny_png()} if v2 else None
        status, data = await self.call("POST", f"/channels/{chan.id}/messages", body, files)
        assert status == 200, data
        return self.emu.get_message(int(data["id"]))


def rule_violations(emu: DiscordEmulator) -> list[str]:
    """The messages of the Discord-rule violations the emulator recorded (not OpenAPI or protocol ones)."""
    return [v.message for v in emu.violations if v.kind == "discord-rule"]
