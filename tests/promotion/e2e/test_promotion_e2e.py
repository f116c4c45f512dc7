"""Promotion through the real bot: AI tables, hidden simultaneous picks, the DM-closed path."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.dmplay import act_once, click_and_settle, dm_controls, play_to_end
from tests.e2e.helpers import (
    act_buttons,
    bot,
    db_rows,
    details_text,
    is_over,
    make_world,
    open_lobby,
    press_start,
    waiting_for,
)
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_one_human_three_ai_to_the_end_with_postcard_picture(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        await press_start(emulator, world.alice, board)  # three AIs fill the table
        await emulator.wait_until(lambda: board.attachments, description="postcard picture on the board")
        assert board.attachments[0].filename == "board.png" and board.attachments[0].width >= 300
        await play_to_end(world, board, {"alice": world.alice}, seed=3)
        assert is_over(board)
        assert len(emulator.dm_messages(world.alice)) == 1  # one DM message, edited in place
    assert db_rows(tmp_path, "SELECT status FROM sessions") == [("finished",)]


async def test_four_humans_pick_in_secret_and_may_change(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    people = {"alice": world.alice, "bob": world.bob, "carol": world.carol, "mod": world.mod}
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        for user in (world.bob, world.carol, world.mod):
            await emulator.click(user, board, board.button("Join"))
        await emulator.wait_until(lambda: "mod" in board.text())
        await press_start(emulator, world.alice, board)
        # set-up and orientation until everybody is asked to pick a row
        rng = random.Random(5)
        while set(waiting_for(board)) != set(people):
            assert not is_over(board)
            await emulator.wait_until(lambda: waiting_for(board), description="someone to act")
            (name,) = waiting_for(board)
            await act_once(world, people[name], board, rng)

        def pick(user, row: int):
            async def go():
                def row_button():
                    message = dm_controls(world, user)
                    found = [b for b in act_buttons(message) if re.match(rf"Row {row}\b", b.label)] if message else []
                    return (message, found[0]) if found else None

                message, button = await emulator.wait_until(row_button, description=f"{user.name}'s row buttons")
                # a changed pick leaves the public board as it was: only the picker's DM changes
                res = await click_and_settle(world, user, message, button, board)
                assert res.reply is None

            return go()

        channel_before = [m.text() for m in emulator.channel_messages(world.chan)]
        await pick(world.carol, 2)
        res = await emulator.slash(world.alice, world.chan, "promotion pick", options={"row": 3})  # keyboard route
        await res.wait_followup()
        assert res.followups[0].ephemeral and "You picked row 3" in res.followups[0].text()
        others = (world.bob, world.carol, world.mod)
        dm_edits = [[m.edits for m in emulator.dm_messages(u)] for u in others]
        await pick(world.alice, 4)  # changed her mind before the reveal
        # a hidden change shows nowhere but in alice's own DM
        await emulator.wait_until(lambda: "Your pick: row 4" in emulator.dm_messages(world.alice)[-1].text())
        assert [[m.edits for m in emulator.dm_messages(u)] for u in others] == dm_edits
        await pick(world.bob, 2)
        # three have picked: the board says who is left, its details who has picked, never what
        assert "Still picking: mod" in board.text() and "Picked row" not in board.text()
        text = await details_text(world, world.carol, board)
        assert text.count("has picked") == 3 and "Picked row" not in text
        new_channel = [m.text() for m in emulator.channel_messages(world.chan)][len(channel_before) :]
        assert not any("Row" in t for t in new_channel)
        await pick(world.mod, 3)
        await emulator.wait_until(
            lambda: any(w in board.text().lower() for w in ("revealed", "picked row", "round 2")),
            description="the reveal",
        )
        actions = db_rows(tmp_path, "SELECT payload FROM actions WHERE payload LIKE '%pick%' ORDER BY version")
        assert [a[0] for a in actions][-5:] == [
            '{"type":"pick","row":2}',
            '{"type":"pick","row":3}',
            '{"type":"pick","row":4}',
            '{"type":"pick","row":2}',
            '{"type":"pick","row":3}',
        ]


async def test_dm_closed_player_uses_the_hand_button(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator, closed_dms=("alice",))
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:  # her turn notice tells her, at once
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(
            lambda: any("can't send you DMs" in m.text() for m in emulator.channel_messages(world.chan)),
            description="the channel notice for a DM-closed player",
        )
        notice = next(m for m in emulator.channel_messages(world.chan) if "can't send you DMs" in m.text())
        assert world.alice.mention in notice.content and not notice.buttons()
        assert emulator.dm_messages(world.alice) == []
        # a stranger asking for a hand gets nothing private
        res = await emulator.click(world.bob, board, board.button("My hand"))
        assert res.ephemeral and "not playing" in res.text()
        await play_to_end(world, board, {"alice": world.alice}, seed=9, max_clicks=400)
        assert is_over(board)
        assert any(e.ephemeral_to == world.alice.id for e in emulator.ephemerals(world.alice))
    assert db_rows(tmp_path, "SELECT dm_closed FROM seats WHERE user_id=?", (world.alice.id,)) == [(1,)]


async def test_moderator_kick_hands_the_seat_to_ai(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text())
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: waiting_for(board) or is_over(board))
        res = await emulator.slash(world.alice, world.chan, "game kick", options={"player": world.bob})
        assert res.ephemeral and "moderators" in res.text().lower()
        res = await emulator.slash(world.mod, world.chan, "game kick", options={"player": world.bob})
        reply = await res.wait_loaded()
        assert "bob was taken out" in (reply.text() if reply else res.text())
        # the post says a moderator took the seat: no "make any move to take it back", which only a timeout allows
        await emulator.wait_until(lambda: any("A moderator took bob out of the game" in m.text()
                                              for m in emulator.channel_messages(world.chan)))
        assert not any("take it back" in m.text() for m in emulator.channel_messages(world.chan))
        assert db_rows(tmp_path, "SELECT user_id, ai_level FROM seats WHERE seat = 1") == [(None, "normal")]
        # bob's DM says so, without its buttons; the board shows his seat as the AI's
        await emulator.wait_until(lambda: any("A moderator took you out of this game" in m.text()
                                              for m in emulator.dm_messages(world.bob)), description="bob's DM")
        assert not any(act_buttons(m) for m in emulator.dm_messages(world.bob))
        assert "bob (AI)" in (await details_text(world, world.alice, board)).replace("\\", "")  # as Discord shows it
        res = await emulator.slash(world.mod, world.chan, "game kick", options={"player": world.carol})
        assert "not playing" in (await res.wait_loaded()).text()


async def test_attach_files_taken_away_mid_game_shows_the_board_as_text(emulator, tmp_path: Path) -> None:  # noqa: F811
    """Without Attach Files every picture edit is refused (403): the board goes on as text and says why."""
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: board.attachments, description="postcard picture on the board")
        emulator.deny_bot(world.chan, Perm.ATTACH_FILES)
        edits = board.edits
        await play_to_end(world, board, {"alice": world.alice}, seed=4)
        assert is_over(board) and board.edits > edits
        assert not board.attachments, "the old picture must not stay on a board that moved on"
        assert "Attach Files" in board.text()
    assert db_rows(tmp_path, "SELECT status FROM sessions") == [("finished",)]
    assert not emulator.violations
