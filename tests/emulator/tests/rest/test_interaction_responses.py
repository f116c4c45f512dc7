"""Interaction responses with Components V2, driven with raw HTTP: which flags a response keeps,
UPDATE_MESSAGE / DEFERRED_UPDATE_MESSAGE editing the clicked message, and how requests are counted.

Interactions are registered directly in the emulator (no bot process, tests/emulator/clients/raw_http.py), so
each rule is checked in isolation and fast; tests/emulator/tests/test_layout_e2e.py runs the same paths
through discord.py.
"""

from __future__ import annotations

import pytest

from tests.emulator.clients.raw_http import Raw
from tests.emulator.clients.sample_bot import tiny_png
from tests.emulator.clients.v2_dicts import EPHEMERAL, V2, button, layout, row, text


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


@pytest.mark.parametrize("where", ["channel", "dm"])
async def test_update_message_edits_the_clicked_message_in_place(raw: Raw, where: str) -> None:
    emu = raw.emu
    chan = raw.chan if where == "channel" else emu.dm_channel(raw.alice)
    src = await raw.source(chan)
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
    src = await raw.source(raw.chan)
    res = raw.interaction(raw.alice, raw.chan, source=src)
    status, data = await raw.respond(res, 7, {"content": "plain", "flags": 0})
    assert status == 400 and data["code"] == 50035
    assert src.edits == 0 and not res.responded
    raw.emu.expect_violations()


async def test_deferred_update_then_edit_original_edits_the_clicked_message(raw: Raw) -> None:
    src = await raw.source(raw.chan, v2=False)
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
    src = await raw.source(raw.chan, v2=False)
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
