"""Forged clicks trust the click, never its custom_id: the real bot against the emulator.

A custom_id is text the client sends back; a modified client can send any id
on any message it can see.  Each case below names a real session but is
clicked somewhere it does not belong: another server, another channel, a DM,
or a public message that the handler would edit or delete.  Every one must get
a short ephemeral refusal and change nothing: no row, no message.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.e2e.helpers import act_buttons, bot, db_rows, make_world, open_lobby
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Channel, Message, User
from tests.robustness.botworld import db_snapshot, preset_settings, sid_of, start_portas
from tests.robustness.test_bad_input import answer

ELSEWHERE = "somewhere else"
NOT_THIS_MESSAGE = "doesn't belong on this message"


def _settled(tmp_path: Path) -> bool:
    """Every ended session's end was shown (its ``announced_at`` stored): the rows stop changing."""
    query = "SELECT COUNT(*) FROM sessions WHERE status NOT IN ('lobby', 'active') AND announced_at IS NULL"
    return db_rows(tmp_path, query)[0][0] == 0


async def _lobby_in(emu, user: User, channel: Channel, game: str) -> Message:
    res = await emu.slash(user, channel, f"{game} new")
    return await res.wait_loaded()


async def test_a_session_is_reached_only_from_its_own_server_and_channel(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    eve = emulator.create_user("eve")  # not a member of the test server
    other = emulator.create_guild("Other", owner=eve)
    emulator.add_member(other, eve, permissions=Perm.ADMINISTRATOR)  # a moderator there, nowhere else
    there = emulator.create_channel(other, "elsewhere")
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        # a finished game of the test server, then a lobby there
        board = await start_portas(world)
        old = sid_of(board)
        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        await emulator.wait_until(lambda: not act_buttons(board), description="the reset board")
        await emulator.wait_until(lambda: _settled(tmp_path), description="the reset announced")
        con = sqlite3.connect(tmp_path / "kado.sqlite3")
        con.execute("UPDATE sessions SET status='finished' WHERE id=?", (old,))  # as if played to the end
        con.commit()
        con.close()
        lobby = await open_lobby(world, "portas", world.alice)
        sid = sid_of(lobby)
        # eve's own message in her server: a lobby she closed again (its channel is free)
        theirs = await _lobby_in(emulator, eve, there, "portas")
        await emulator.click(eve, theirs, theirs.button("Cancel"))
        await emulator.wait_until(lambda: "closed" in theirs.text(), description="eve's lobby closed")
        await emulator.wait_until(lambda: _settled(tmp_path), description="every end announced")

        before, text = db_snapshot(tmp_path), lobby.text()
        for custom_id in [f"k:l:{sid}:join", f"k:l:{sid}:cancel", f"k:rm:{old}"]:
            reply = await answer(await emulator.forge_click(eve, theirs, custom_id))
            assert ELSEWHERE in reply.text(), (custom_id, reply.text())
        assert db_snapshot(tmp_path) == before  # no seat for eve, the lobby still open, no rematch lobby
        assert lobby.text() == text and lobby.button("Join")
        assert "eve" not in lobby.text()


async def test_a_click_never_edits_or_deletes_a_message_it_does_not_own(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    cards = emulator.create_channel(world.guild, "cards")
    preset_settings(tmp_path, world.guild.id, {"ai_levels": ["easy", "normal"]})  # no Strong AI here
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        # an ended game (reset) and alice's new lobby in #games
        board = await start_portas(world)
        ended = sid_of(board)
        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        await emulator.wait_until(lambda: not act_buttons(board), description="the reset board")
        lobby = await open_lobby(world, "portas", world.alice)
        sid = sid_of(lobby)
        # a running GETGEM game in #cards: its public board, and alice's DM hand
        gboard = await _lobby_in(emulator, world.alice, cards, "getgem")
        await emulator.click(world.bob, gboard, gboard.button("Join"))
        await emulator.wait_until(lambda: "bob" in gboard.text(), description="bob in the lobby")
        await emulator.click(world.alice, gboard, gboard.button("Start"))
        await emulator.wait_until(lambda: emulator.dm_messages(world.alice), description="alice's DM hand")
        await emulator.wait_until(lambda: gboard.button("My hand"), description="the running board")
        dm = emulator.dm_messages(world.alice)[-1]
        picker = (await emulator.click(world.alice, lobby, lobby.button("Add AI"))).message
        assert picker is not None and picker.ephemeral and [b.label for b in picker.buttons()] == ["Easy", "Normal"]

        cases = [
            (dm, f"k:ai:{sid}:strong", ELSEWHERE),  # a DM has no server: no AI (its server forbids Strong)
            (dm, f"k:l:{sid}:cancel", ELSEWHERE),  # nor lobby buttons, even for its host
            (picker, f"k:ai:{sid}:strong", "AI level"),  # the real picker: still only the allowed levels
            *[(gboard, f"k:ai:{sid}:normal", ELSEWHERE)] * 3,  # another channel's board: not deleted
            (lobby, f"k:ai:{sid}:normal", NOT_THIS_MESSAGE),  # the lobby itself is no AI picker
            (gboard, f"k:r:{ended}:0:f", NOT_THIS_MESSAGE),  # a board is no replay page
            (board, f"k:r:{ended}:1:n", NOT_THIS_MESSAGE),
            (gboard, f"k:fm:{world.alice.id}", NOT_THIS_MESSAGE),  # nor a forget-me receipt
        ]
        await emulator.wait_until(lambda: _settled(tmp_path), description="every end announced")
        await emulator.wait_until(lambda: emulator.dm_messages(world.bob), description="bob's DM hand")
        gid = sid_of(gboard)
        stored = "SELECT COUNT(*) FROM seats WHERE session_id=? AND dm_message_id IS NOT NULL"
        await emulator.wait_until(lambda: db_rows(tmp_path, stored, (gid,))[0][0] == 2, description="DM ids stored")
        before = db_snapshot(tmp_path)
        texts = {m.id: (m.text(), [b.custom_id for b in m.buttons()]) for m in (dm, gboard, lobby, board, picker)}
        for message, custom_id, expected in cases:
            reply = await answer(await emulator.forge_click(world.alice, message, custom_id))
            assert expected in reply.text(), (custom_id, reply.text())
        assert db_snapshot(tmp_path) == before  # no AI seat, nothing forgotten
        for message in (dm, gboard, lobby, board, picker):
            assert not message.deleted, message
            assert (message.text(), [b.custom_id for b in message.buttons()]) == texts[message.id], message
        assert db_rows(tmp_path, "SELECT COUNT(*) FROM seats WHERE user_id=?", (world.alice.id,))[0][0] >= 3
