"""What misled players in a play-through, through the real bot: ghost boards, wrong hints, unclear lines."""

from __future__ import annotations

import re
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
    waiting_for,
)
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message


async def _portas_two_humans(world: World) -> Message:
    board = await open_lobby(world, "portas", world.alice)
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
    res = await world.emu.click(world.alice, board, board.button("Start"))
    assert not res.ephemeral, res.text()  # a full table starts without a question
    await world.emu.wait_until(lambda: act_buttons(board), description="the first turn")
    return board


async def test_status_turns_the_old_board_into_a_pointer_and_the_stale_hint_fits_portas(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    users = {"alice": world.alice, "bob": world.bob}
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        old = await _portas_two_humans(world)
        res = await emulator.slash(world.bob, world.chan, "game status")
        board = await res.wait_loaded()
        assert board.id != old.id and act_buttons(board)
        await emulator.wait_until(lambda: not old.buttons(), description="the old board without buttons")
        assert "moved" in old.text() and f"/channels/{world.guild.id}/{world.chan.id}/{board.id}" in old.text()
        assert not old.embeds and not old.images()
        # a button of the board from before a move: the answer points to the latest board, not to "My hand"
        (name,) = waiting_for(board)
        stale = act_buttons(board)[0]
        await click_and_wait(world, users[name], board, stale, board)
        while waiting_for(board) != [name]:  # until it is that player's turn again, with new buttons
            (other,) = waiting_for(board)
            await click_and_wait(world, users[other], board, act_buttons(board)[0], board)
        res = await emulator.forge_click(users[name], board, stale.custom_id)
        reply = await res.wait_reply()
        assert "latest board" in reply.text() and "My hand" not in reply.text(), reply.text()
        # play on to the end: the result line lists the winner first, with "pt"/"pts"
        for _ in range(300):
            if is_over(board):
                break
            (name,) = waiting_for(board)
            await click_and_wait(world, users[name], board, act_buttons(board)[0], board)
        result = await emulator.wait_until(
            lambda: next((m for m in emulator.channel_messages(world.chan) if m.text().startswith("**PORTAS**")), None),
            description="the result line",
        )
    (raw,) = db_rows(tmp_path, "SELECT result FROM results")[0]
    import json

    outcome = json.loads(raw)
    scores = re.search(r"Scores: (.+)", result.content)
    if not any(outcome["scores"]):  # a 0–0 draw (both passed at once): no score says more than "draw"
        assert scores is None and "ended in a draw" in result.content, result.content
        return
    assert scores, result.content
    parts = scores.group(1).split(" · ")
    names = ["alice", "bob"]
    order = [*outcome["winners"], *(s for s in (0, 1) if s not in outcome["winners"])]
    expected = [f"{names[s]} {outcome['scores'][s]:g} {'pt' if outcome['scores'][s] == 1 else 'pts'}" for s in order]
    assert parts == expected, (parts, expected)


async def test_start_with_empty_seats_asks_the_host_first(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        lobby = await open_lobby(world, "portas", world.alice)
        res = await emulator.click(world.bob, lobby, lobby.button("Start"))
        assert res.ephemeral and "host" in res.text().lower()  # only the host is asked
        res = await emulator.click(world.alice, lobby, lobby.button("Start"))
        assert res.ephemeral and "Start with 1 AI player" in res.text(), res.text()
        question = res.message
        assert db_rows(tmp_path, "SELECT status FROM sessions") == [("lobby",)]  # nothing started yet
        await emulator.click(world.alice, question, question.button("Wait"))
        await emulator.wait_until(lambda: not question.buttons(), description="the question answered")
        assert "stays open" in question.text()
        assert db_rows(tmp_path, "SELECT status FROM sessions") == [("lobby",)]
        res = await emulator.click(world.alice, lobby, lobby.button("Start"))
        question = res.message
        await emulator.click(world.alice, question, question.button("Start with AIs"))
        await emulator.wait_until(lambda: waiting_for(lobby) or is_over(lobby), description="the game started")
        await emulator.wait_until(lambda: question.deleted or not question.buttons(), description="question gone")
        assert db_rows(tmp_path, "SELECT COUNT(*) FROM seats WHERE user_id IS NULL") == [(1,)]


async def test_ai_level_reply_loses_its_buttons_and_the_lobby_names_the_level(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        lobby = await open_lobby(world, "portas", world.alice)
        res = await emulator.click(world.alice, lobby, lobby.button("Add AI"))
        question = res.message
        assert res.ephemeral and question.buttons()
        await emulator.click(world.alice, question, question.button("Strong"))
        await emulator.wait_until(lambda: "AI 1" in lobby.text(), description="the AI seated")
        await emulator.wait_until(lambda: not question.buttons(), description="the level question answered")
        assert "Strong" in question.text()
        assert "🤖 AI 1 · Strong" in lobby.text() and "AI (" not in lobby.text(), lobby.text()
