"""Components V2 rules and UPDATE_MESSAGE / DEFERRED_UPDATE_MESSAGE, driven with raw HTTP.

Interactions are registered directly in the emulator (no bot process), so each rule is checked in
isolation and fast.  tests/emulator/test_layout_e2e.py runs the same paths through discord.py.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import aiohttp
import pytest

from tests.emulator import DiscordEmulator, InteractionResult
from tests.emulator import components as v2rules
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Channel, Message, User
from tests.emulator.sample_bot import tiny_png

V2 = 1 << 15
EPHEMERAL = 1 << 6


def text(s: str) -> dict[str, Any]:
    return {"type": 10, "content": s}


def button(label: str, cid: str, **kw: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": cid, **kw}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def layout(label: str = "Join") -> list[dict[str, Any]]:
    """A lobby-like V2 layout: container (accent) > section with button, gallery, separator, row."""
    return [
        {
            "type": 17,
            "accent_color": 0x2ECC71,
            "components": [
                {
                    "type": 9,
                    "components": [text("# PORTAS lobby"), text("**2** seats")],
                    "accessory": button(label, "join"),
                },
                {"type": 14, "divider": True, "spacing": 1},
                {"type": 12, "items": [{"media": {"url": "attachment://board.png"}, "description": "the board"}]},
                row(button("Start", "start"), button("Leave", "leave", style=4)),
            ],
        }
    ]


class Raw:
    """aiohttp session speaking to the emulator as the bot (token) or as the interaction webhook."""

    def __init__(self, emu: DiscordEmulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.s = emu, session

    async def call(
        self, method: str, path: str, body: dict[str, Any], files: dict[str, bytes] | None = None
    ) -> tuple[int, Any]:
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
        body: dict[str, Any] = {"type": rtype, **({"data": data} if data is not None else {})}
        return await self.call("POST", f"/interactions/{res.id}/{res.token}/callback", body, files)

    async def edit_original(self, res: InteractionResult, body: dict[str, Any], files=None) -> tuple[int, Any]:
        return await self.call(
            "PATCH", f"/webhooks/{self.emu.application_id}/{res.token}/messages/@original", body, files
        )


@pytest.fixture
async def raw(emulator: DiscordEmulator):  # noqa: F811
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {emulator.token}"}) as s:
        r = Raw(emulator, s)
        r.guild = emulator.create_guild("Test")
        r.chan = emulator.create_channel(r.guild, "games")
        r.alice = emulator.create_user("alice")
        emulator.add_member(r.guild, r.alice)
        yield r


def rule_violations(emu: DiscordEmulator) -> list[str]:
    return [v.message for v in emu.violations if v.kind == "discord-rule"]


# ---------------------------------------------------------------- creating V2 messages
async def test_v2_message_is_stored_read_and_ids_assigned(raw: Raw) -> None:
    emu = raw.emu
    body = {
        "flags": V2,
        "components": layout(),
        "attachments": [{"id": 0, "filename": "board.png"}, {"id": 1, "filename": "extra.png"}],
    }
    status, data = await raw.call(
        "POST", f"/channels/{raw.chan.id}/messages", body, {"board.png": tiny_png(4, 3), "extra.png": tiny_png()}
    )
    assert status == 200, data
    assert data["flags"] & V2
    ids = [c["id"] for c in json.loads(json.dumps(data["components"][0]["components"]))]
    assert ids == sorted(ids) and len(set(ids)) == len(ids) and all(isinstance(i, int) for i in ids)
    msg = emu.last_message(raw.chan)
    assert msg is not None and msg.is_v2
    assert msg.text_displays() == ["# PORTAS lobby", "**2** seats"]
    assert "PORTAS lobby" in msg.text() and "the board" in msg.text()
    assert msg.button("Join").custom_id == "join"  # the section accessory
    assert msg.button("Leave").style == 4
    assert msg.accent_color == 0x2ECC71
    assert msg.images() == ["attachment://board.png"]
    assert msg.attachment("attachment://board.png").width == 4
    # extra.png is uploaded but no component shows it: Discord hides it
    assert [a.filename for a in msg.shown_attachments()] == ["board.png"]
    assert "extra.png" not in msg.text() and "board.png" in msg.text()
    assert rule_violations(emu) == []


async def test_bot_supplied_ids_are_echoed(raw: Raw) -> None:
    comps = [{"type": 10, "content": "hi", "id": 7}, {"type": 10, "content": "there"}]
    status, data = await raw.call("POST", f"/channels/{raw.chan.id}/messages", {"flags": V2, "components": comps})
    assert status == 200
    assert [c["id"] for c in data["components"]] == [7, 1]


def _many(n: int) -> list[dict[str, Any]]:
    return [{"type": 17, "components": [text(f"t{i}") for i in range(n - 1)]}]


REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "content": ({"flags": V2, "content": "hi", "components": [text("x")]}, "content cannot be used"),
    "embeds": ({"flags": V2, "embeds": [{"title": "t"}], "components": [text("x")]}, "embeds cannot be used"),
    "poll": (
        {
            "flags": V2,
            "components": [text("x")],
            "poll": {"question": {"text": "q"}, "answers": [{"poll_media": {"text": "a"}}]},
        },
        "polls cannot",
    ),
    "stickers": ({"flags": V2, "components": [text("x")], "sticker_ids": ["1"]}, "stickers cannot"),
    "41 components": ({"flags": V2, "components": _many(41)}, "41 components in total"),
    "4001 characters": ({"flags": V2, "components": [text("a" * 2000), text("b" * 2001)]}, "4001 characters"),
    "section without text": (
        {"flags": V2, "components": [{"type": 9, "components": [], "accessory": button("A", "a")}]},
        "Section needs 1-3 Text Displays",
    ),
    "section with 4 texts": (
        {"flags": V2, "components": [{"type": 9, "components": [text("a")] * 4, "accessory": button("A", "a")}]},
        "Section needs 1-3 Text Displays",
    ),
    "section without accessory": (
        {"flags": V2, "components": [{"type": 9, "components": [text("a")]}]},
        "needs one accessory",
    ),
    "container in container": (
        {"flags": V2, "components": [{"type": 17, "components": [{"type": 17, "components": [text("a")]}]}]},
        "Container cannot hold",
    ),
    "empty gallery": ({"flags": V2, "components": [{"type": 12, "items": []}]}, "1-10 items"),
    "missing upload": (
        {"flags": V2, "components": [{"type": 12, "items": [{"media": {"url": "attachment://nope.png"}}]}]},
        "match no uploaded file",
    ),
    "file by url": (
        {"flags": V2, "components": [{"type": 13, "file": {"url": "https://example.com/a.png"}}]},
        "must reference attachment://",
    ),
    "layout without flag": ({"components": [text("hello")]}, "need the IS_COMPONENTS_V2"),
    "button at top level": ({"flags": V2, "components": [button("A", "a")]}, "not allowed at the top level"),
    "duplicate ids": (
        {"flags": V2, "components": [{**text("a"), "id": 3}, {**text("b"), "id": 3}]},
        "duplicate component id",
    ),
    "six buttons in a row": (
        {"flags": V2, "components": [row(*[button(str(i), str(i)) for i in range(6)])]},
        "1-5 buttons",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
async def test_v2_rule_refused(raw: Raw, case: str) -> None:
    """Over HTTP: 400/50035 and a recorded violation (the OpenAPI schema already refuses some
    shapes, e.g. a Section without accessory; the rest are discord-rule checks)."""
    raw.emu.expect_violations()
    body = REFUSED[case][0]
    status, data = await raw.call("POST", f"/channels/{raw.chan.id}/messages", body)
    assert status == 400, data
    assert data["code"] == 50035 and data["message"] == "Invalid Form Body"
    assert raw.emu.violations
    assert raw.emu.channel_messages(raw.chan) == []


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_v2_rule_in_isolation(case: str) -> None:
    """Each rule of components.py on its own (independent of what the OpenAPI schema catches)."""
    body, needle = REFUSED[case]
    problems = v2rules.check_message(body, set())
    assert any(needle in p for p in problems), problems


def test_valid_layout_has_no_problems() -> None:
    body = {"flags": V2, "components": layout(), "attachments": [{"id": 0, "filename": "board.png"}]}
    assert v2rules.check_message(body, {"board.png"}) == []
    assert v2rules.check_message({"content": "plain", "components": [row(button("A", "a"))]}, set()) == []


async def test_limits_are_inclusive(raw: Raw) -> None:
    ok = [{"flags": V2, "components": _many(40)}, {"flags": V2, "components": [text("a" * 2000), text("b" * 2000)]}]
    for body in ok:
        status, data = await raw.call("POST", f"/channels/{raw.chan.id}/messages", body)
        assert status == 200, data


# ---------------------------------------------------------------- editing: the flag sticks
async def test_flag_cannot_be_removed_but_survives_plain_edits(raw: Raw) -> None:
    emu = raw.emu
    _, data = await raw.call("POST", f"/channels/{raw.chan.id}/messages", {"flags": V2, "components": [text("a")]})
    path = f"/channels/{raw.chan.id}/messages/{data['id']}"
    status, _ = await raw.call("PATCH", path, {"flags": 0, "content": "plain again"})
    assert status == 400
    assert any("cannot be removed" in m for m in rule_violations(emu))
    status, _ = await raw.call("PATCH", path, {"content": "sneaky"})  # still V2: content refused
    assert status == 400
    status, data = await raw.call("PATCH", path, {"components": [text("b")]})
    assert status == 200 and data["flags"] & V2
    assert emu.get_message(int(data["id"])).text_displays() == ["b"]
    emu.expect_violations()


async def test_setting_the_flag_on_edit_needs_content_cleared(raw: Raw) -> None:
    emu = raw.emu
    _, data = await raw.call("POST", f"/channels/{raw.chan.id}/messages", {"content": "old style"})
    path = f"/channels/{raw.chan.id}/messages/{data['id']}"
    status, _ = await raw.call("PATCH", path, {"flags": V2, "components": [text("new")]})
    assert status == 400  # the old content would remain beside the layout
    assert any("content cannot be used" in m for m in rule_violations(emu))
    status, data = await raw.call("PATCH", path, {"flags": V2, "content": "", "components": [text("new")]})
    assert status == 200 and data["flags"] & V2
    emu.expect_violations()


# ---------------------------------------------------------------- interaction responses
async def test_flag_on_type4_and_followups_ignored_on_defer(raw: Raw) -> None:
    emu = raw.emu
    res = raw.interaction(raw.alice, raw.chan, itype=2)
    status, _ = await raw.respond(res, 4, {"flags": V2 | EPHEMERAL, "components": [text("only you")]})
    assert status == 204 and res.message.is_v2 and res.message.ephemeral
    status, _ = await raw.call(
        "POST", f"/webhooks/{emu.application_id}/{res.token}?wait=true", {"flags": V2, "components": [text("more")]}
    )
    assert status == 200 and res.followups[-1].is_v2

    # type 5: Discord keeps only EPHEMERAL; the V2 flag goes on the edit of @original
    res = raw.interaction(raw.alice, raw.chan, itype=2)
    status, _ = await raw.respond(res, 5, {"flags": V2})
    assert status == 204 and res.message.loading and not res.message.is_v2
    status, _ = await raw.edit_original(res, {"components": [text("late")]})
    assert status == 400  # layout components without the flag
    status, data = await raw.edit_original(res, {"flags": V2, "components": [text("late")]})
    assert status == 200, data
    assert res.message.is_v2 and not res.message.loading and res.message.text_displays() == ["late"]
    emu.expect_violations()


async def _source(raw: Raw, chan: Channel, *, v2: bool = True) -> Message:
    body = (
        {"flags": V2, "components": layout()}
        if v2
        else {"content": "lobby", "components": [row(button("Join", "join"))]}
    )
    files = {"board.png": tiny_png()} if v2 else None
    status, data = await raw.call("POST", f"/channels/{chan.id}/messages", body, files)
    assert status == 200, data
    return raw.emu.get_message(int(data["id"]))


@pytest.mark.parametrize("where", ["channel", "dm"])
async def test_update_message_edits_the_clicked_message_in_place(raw: Raw, where: str) -> None:
    emu = raw.emu
    chan = raw.chan if where == "channel" else emu.dm_channel(raw.alice)
    src = await _source(raw, chan)
    before = len(emu.channel_messages(chan))
    res = raw.interaction(raw.alice, chan, source=src)
    status, _ = await raw.respond(
        res,
        7,
        {"flags": V2, "components": layout("Leave seat"), "attachments": [{"id": 0, "filename": "board.png"}]},
        {"board.png": tiny_png(8, 8)},
    )
    assert status == 204
    assert res.type == 7 and res.message is src
    assert src.edits == 1 and src.button("Leave seat").custom_id == "join"
    assert src.attachment("board.png").width == 8  # the new upload replaced the old picture
    assert len(src.attachments) == 1
    assert len(emu.channel_messages(chan)) == before  # nothing new was posted


async def test_update_message_on_an_ephemeral(raw: Raw) -> None:
    emu = raw.emu
    cmd = raw.interaction(raw.alice, raw.chan, itype=2)
    await raw.respond(cmd, 4, {"flags": EPHEMERAL, "content": "your hand", "components": [row(button("Play", "play"))]})
    eph = cmd.message
    click = raw.interaction(raw.alice, raw.chan, source=eph)
    status, _ = await raw.respond(click, 7, {"content": "played", "components": []})
    assert status == 204
    assert eph.content == "played" and eph.ephemeral and eph.components == []
    assert emu.ephemerals(raw.alice) == [eph]


async def test_update_message_refuses_v2_rules_like_an_edit(raw: Raw) -> None:
    src = await _source(raw, raw.chan)
    res = raw.interaction(raw.alice, raw.chan, source=src)
    status, data = await raw.respond(res, 7, {"content": "plain", "flags": 0})
    assert status == 400 and data["code"] == 50035
    assert src.edits == 0 and not res.responded
    raw.emu.expect_violations()


async def test_deferred_update_then_edit_original_edits_the_clicked_message(raw: Raw) -> None:
    src = await _source(raw, raw.chan, v2=False)
    res = raw.interaction(raw.alice, raw.chan, source=src)
    status, _ = await raw.respond(res, 6)
    assert status == 204 and res.type == 6 and src.edits == 0 and not src.loading
    status, data = await raw.edit_original(res, {"content": "someone joined", "components": []})
    assert status == 200 and data["id"] == str(src.id)
    assert src.content == "someone joined" and src.edits == 1


@pytest.mark.parametrize("rtype", [6, 7])
async def test_update_types_refused_for_slash_commands(raw: Raw, rtype: int) -> None:
    res = raw.interaction(raw.alice, raw.chan, itype=2)
    status, data = await raw.respond(res, rtype, {"content": "x"} if rtype == 7 else None)
    assert status == 400 and data["code"] == 50035
    assert any(v.kind == "protocol" for v in raw.emu.violations)
    raw.emu.expect_violations()


# ---------------------------------------------------------------- request counting
async def test_request_counts_split_bot_and_interaction_tokens(raw: Raw) -> None:
    emu = raw.emu
    src = await _source(raw, raw.chan, v2=False)
    mark = len(emu.requests)
    emu.fail_next("POST", r"/channels/\d+/messages", status=429, retry_after=0.01)
    status, _ = await raw.call("POST", f"/channels/{raw.chan.id}/messages", {"content": "a"})
    assert status == 429
    await raw.call("POST", f"/channels/{raw.chan.id}/messages", {"content": "a"})
    res = raw.interaction(raw.alice, raw.chan, source=src)
    await raw.respond(res, 6)
    await raw.edit_original(res, {"content": "b"})
    assert emu.request_counts(mark) == {"bot": 2, "interaction": 2}
    assert emu.request_counts()["bot"] == 3  # the source message too


async def test_refusal_body_is_shaped_like_discords(raw: Raw) -> None:
    raw.emu.expect_violations()
    body = {
        "flags": V2,
        "content": "hi",
        "components": [text("x"), {"type": 12, "items": [{"media": {"url": "attachment://a.png"}}]}],
    }
    status, data = await raw.call("POST", f"/channels/{raw.chan.id}/messages", body)
    assert status == 400 and data["code"] == 50035 and data["message"] == "Invalid Form Body"
    assert data["errors"]["content"]["_errors"][0]["code"] == "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
    assert "a.png" in data["errors"]["components"]["_errors"][0]["message"]
    assert "_emulator" not in data["errors"]
