"""Components V2 rules, driven with raw HTTP: what a V2 message may hold, and that its flag sticks.

Each rule is checked twice: over HTTP (400/50035, a recorded violation, nothing stored) and on its own
in ``components.py``, independent of what the OpenAPI schema already refuses.  No bot process
(tests/emulator/clients/raw_http.py); tests/emulator/tests/test_layout_e2e.py runs the same paths through discord.py.
Interaction responses (UPDATE_MESSAGE and the like) are in test_interaction_responses.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.emulator.clients.raw_http import Raw, rule_violations
from tests.emulator.clients.sample_bot import tiny_png
from tests.emulator.clients.v2_dicts import V2, button, layout, many, row, text
from tests.emulator.state import components as v2rules


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
    "41 components": ({"flags": V2, "components": many(41)}, "41 components in total"),
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
    ok = [{"flags": V2, "components": many(40)}, {"flags": V2, "components": [text("a" * 2000), text("b" * 2000)]}]
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
