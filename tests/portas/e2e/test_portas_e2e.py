"""PORTAS through the real bot process and the local Discord emulator."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.helpers import (
    World,
    act_buttons,
    bot,
    click_and_wait,
    db_rows,
    is_over,
    make_world,
    open_lobby,
    press_start,
    waiting_for,
)
from tests.emulator.fixtures import emulator  # noqa: F401


async def _start_two_player(world: World):
    board = await open_lobby(world, "portas", world.alice)
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
    await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: act_buttons(board), description="board with move buttons")
    return board


async def _play_one(world: World, board) -> None:
    (name,) = waiting_for(board)
    user = {"alice": world.alice, "bob": world.bob}[name]
    res = await click_and_wait(world, user, board, act_buttons(board)[0], board)
    assert not res.followups, [f.text() for f in res.followups]


async def test_full_two_player_game(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await _start_two_player(world)
        assert "Waiting for" in board.text()
        moves = 0
        for _ in range(200):
            if is_over(board):
                break
            await _play_one(world, board)
            moves += 1
        assert is_over(board)
        await emulator.wait_until(
            lambda: any(
                "PORTAS" in m.text() and ("won" in m.text() or "draw" in m.text())
                for m in emulator.channel_messages(world.chan)
            ),
            description="result",
        )
        assert not act_buttons(board)
    (status,) = db_rows(tmp_path, "SELECT status FROM sessions")[0:1]
    assert status == ("finished",)
    assert len(db_rows(tmp_path, "SELECT * FROM results")) == 1
    # every move is in the action log (how many a game takes depends on its shuffle: count them)
    assert moves > 0
    assert db_rows(tmp_path, "SELECT COUNT(*) FROM actions")[0][0] == moves


async def test_game_against_ai(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        res = await emulator.click(world.alice, board, board.button("Add AI"))
        assert res.ephemeral
        await emulator.click(world.alice, res.message, res.message.button("Normal"))
        await emulator.wait_until(lambda: "AI 1" in board.text(), description="AI seated")
        await press_start(emulator, world.alice, board)
        for _ in range(300):
            await emulator.wait_until(
                lambda: is_over(board) or waiting_for(board) == ["alice"],
                timeout=15,
                description="alice's turn or the end",
            )
            if is_over(board):
                break
            await _play_one(world, board)
        assert is_over(board)
    ai_moves = db_rows(tmp_path, "SELECT COUNT(*) FROM actions WHERE user_id IS NULL")[0][0]
    assert ai_moves > 0


async def test_restart_then_old_board_buttons_work(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await _start_two_player(world)
        await _play_one(world, board)
        versions_before = db_rows(tmp_path, "SELECT version FROM sessions")[0][0]
        proc.kill()
        await proc.wait()
        await proc.start()
        await proc.ready()
        await _play_one(world, board)  # the same (old) message's buttons, after a crash
        # The board edit seen may be the start-up refresh of the restored board rather than the move's
        # own: wait for the move in the database, then check it is exactly one.
        await world.emu.wait_until(
            lambda: db_rows(tmp_path, "SELECT version FROM sessions")[0][0] > versions_before,
            description="the move after the restart stored",
        )
        await asyncio.sleep(0.3)
        assert db_rows(tmp_path, "SELECT version FROM sessions")[0][0] == versions_before + 1


async def test_double_click_applies_once_and_strangers_are_refused(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="1") as proc:  # a refusal in time to be the answer, when busy
        await proc.ready()
        board = await _start_two_player(world)
        res = await emulator.click(world.carol, board, act_buttons(board)[0])
        reply = await res.wait_reply()  # the refusal is the click's answer (bot.transport.acks)
        assert res.type == 4 and reply.ephemeral and "not playing" in reply.text()

        (name,) = waiting_for(board)
        user = world.alice if name == "alice" else world.bob
        other = world.bob if user is world.alice else world.alice
        res = await emulator.click(other, board, act_buttons(board)[0])
        assert "not your turn" in (await res.wait_reply()).text()

        before = db_rows(tmp_path, "SELECT version FROM sessions")[0][0]
        button = act_buttons(board)[0]
        first, second = await asyncio.gather(emulator.click(user, board, button), emulator.click(user, board, button))
        refusal = await emulator.wait_until(lambda: first.reply or second.reply, description="one refusal")
        assert db_rows(tmp_path, "SELECT version FROM sessions")[0][0] == before + 1
        # once the first click moved, the same button is no longer this player's choice
        assert refusal.ephemeral and ("out of date" in refusal.text() or "not your turn" in refusal.text())


async def test_reset_by_moderator_only(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await _start_two_player(world)
        res = await emulator.slash(world.carol, world.chan, "game reset")
        assert res.ephemeral and "Only moderators" in res.text()
        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        assert "ended" in res.text()
        await emulator.wait_until(lambda: not act_buttons(board), description="board frozen")
        res = await emulator.click(world.alice, board, board.buttons()[0]) if board.buttons() else None
        assert db_rows(tmp_path, "SELECT status, ended_by, end_reason FROM sessions") == [
            ("abandoned", world.mod.id, "reset")
        ]
        # the channel is free for a new game
        again = await open_lobby(world, "portas", world.carol)
        assert "lobby" in again.text()


async def test_second_game_in_channel_refused_other_channel_fine(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    other = emulator.create_channel(world.guild, "more-games")
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await open_lobby(world, "portas", world.alice)
        res = await emulator.slash(world.bob, world.chan, "portas new")
        assert res.ephemeral and "already has" in res.text()
        res = await emulator.slash(world.bob, other, "portas new")
        assert not res.ephemeral


async def test_forfeit_then_rematch_opens_a_new_lobby(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await _start_two_player(world)
        res = await emulator.slash(world.bob, world.chan, "game leave")
        question = await res.wait_loaded()  # it asks first: a forfeit counts and cannot be undone
        assert res.ephemeral and "You lose it at once" in question.text() and not is_over(board)
        assert db_rows(tmp_path, "SELECT status FROM sessions") == [("active",)]
        await emulator.click(world.bob, question, question.button("Leave the game"))
        await emulator.wait_until(lambda: is_over(board) and board.buttons(), description="finished board")
        assert sorted(b.label for b in board.buttons()) == ["Details", "Rematch"]  # no moves left
        await emulator.wait_until(lambda: any("bob left the game" in m.text() and "alice won" in m.text()
                                              for m in emulator.channel_messages(world.chan)))
        res = await emulator.click(world.bob, board, board.button("Rematch"))
        assert res.message is not None and not res.ephemeral
        lobby = await res.wait_loaded()
        assert "PORTAS — lobby" in lobby.text()
        assert "Host: bob" in lobby.text()
        res = await emulator.click(world.alice, board, board.button("Rematch"))  # the channel is busy again
        assert res.ephemeral and "already has" in res.text()
    assert db_rows(tmp_path, "SELECT status, end_reason FROM sessions ORDER BY id") == [
        ("finished", "forfeit"), ("lobby", None)
    ]
