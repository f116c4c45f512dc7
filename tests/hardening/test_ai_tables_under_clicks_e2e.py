"""AI turns under steady clicks, at a small scale: the AIs answer, and so does every human.

A few PORTAS tables of a human against an AI, beside human-only games whose
players click as fast as the bot answers, each move click with a few clicks
out of turn beside it (refused, but each holds a work slot a moment), with
one work slot: a clicks-first queue has few quiet moments.
Before the fix an AI's move took its channel's lock and then waited behind
every click for a slot; the AI tables slowed to a crawl and their humans
waited behind the stalled AI turn.  Now the AI's move is due after
``AI_PATIENCE`` and takes every other freed slot, holding no lock meanwhile.

The bench at full scale is ``bench/ai/fair.py``.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from bot.core import turns
from tests.e2e.helpers import act_buttons, bot, is_over, make_world, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Channel, Message, User

AI_TABLES = 3
BUSY_GAMES = 8
SPAM = 3  # out-of-turn clicks beside each move click of a busy game
SECONDS = 8.0  # long enough for every AI table to move several times; the full scale is bench.ai.fair
AI_DELAY = 0.2
SLACK = 4.0  # a busy CI machine's seconds on top of the bound


async def _board(emu, chan: Channel, host: User, guest: User | None) -> Message:  # type: ignore[no-untyped-def]
    res = await emu.slash(host, chan, "portas new", timeout=30)
    board = await res.wait_loaded()
    if guest is not None:
        await emu.click(guest, board, board.button("Join"), timeout=30)
        await emu.wait_until(lambda: guest.name in board.text(), timeout=30, description="guest joined")
    await press_start(emu, host, board)  # alone: the empty seat goes to an AI
    await emu.wait_until(lambda: act_buttons(board) or is_over(board), timeout=30, description="the board")
    return board


async def test_ai_tables_and_their_humans_are_answered_under_steady_clicks(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    emu, rng = emulator, random.Random(5)
    stop = asyncio.Event()
    ai_answers: list[float] = []
    human_answers: list[float] = []
    refused: list[str] = []

    async def busy(chan: Channel, pair: tuple[User, User]) -> None:
        """Two humans clicking as fast as the bot answers: a click always in hand."""
        by_name = {u.name: u for u in pair}
        board = await _board(emu, chan, pair[0], pair[1])
        while not stop.is_set():
            if is_over(board):
                board = await _board(emu, chan, pair[0], pair[1])
            names, buttons = waiting_for(board), act_buttons(board)
            if len(names) != 1 or names[0] not in by_name or not buttons:
                await asyncio.sleep(0.01)
                continue
            edits = board.edits
            other = next(u for u in pair if u.name != names[0])
            for _ in range(SPAM):  # clicks out of turn, not awaited: more clicks in hand, refused
                await emu.click(other, board, rng.choice(buttons), wait=False)
            await emu.click(by_name[names[0]], board, rng.choice(buttons), wait=False)
            await emu.wait_until(lambda b=board, e=edits: b.edits > e, timeout=30, description="busy board edited")

    async def against_ai(chan: Channel, human: User) -> None:
        board = await _board(emu, chan, human, None)
        while not stop.is_set():
            if is_over(board):
                board = await _board(emu, chan, human, None)
                continue
            await emu.wait_until(lambda b=board: waiting_for(b) == [human.name] or is_over(b), timeout=60,
                                 description="the human's turn (the AI answered)")
            if is_over(board) or stop.is_set():
                continue
            edits, sent = board.edits, time.monotonic()
            res = await emu.click(human, board, rng.choice(act_buttons(board)), wait=False)
            await emu.wait_until(lambda b=board, e=edits, r=res: b.edits > e or r.followups, timeout=30,
                                 description="the human's click answered")
            if res.followups:
                refused.append(res.followups[0].text())
                continue
            shown = time.monotonic()
            human_answers.append(shown - sent)
            await emu.wait_until(lambda b=board: waiting_for(b) == [human.name] or is_over(b), timeout=60,
                                 description="the AI's answer")
            if not is_over(board):
                ai_answers.append(time.monotonic() - shown)

    async with bot(world, tmp_path, KADO_AI_DELAY=str(AI_DELAY), KADO_WORK_SLOTS="1") as proc:
        await proc.ready()
        tasks = []
        for i in range(BUSY_GAMES):
            chan = emu.create_channel(world.guild, f"busy-{i}")
            pair = (emu.create_user(f"p{i}a"), emu.create_user(f"p{i}b"))
            for u in pair:
                emu.add_member(world.guild, u)
            tasks.append(asyncio.create_task(busy(chan, pair)))
        for i in range(AI_TABLES):
            chan = emu.create_channel(world.guild, f"vs-ai-{i}")
            human = emu.create_user(f"solo{i}")
            emu.add_member(world.guild, human)
            tasks.append(asyncio.create_task(against_ai(chan, human)))
        await asyncio.sleep(SECONDS)
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 90)  # nobody is left waiting on a stalled turn
        assert "Traceback" not in proc.log_text()
    assert not refused, refused[:3]  # "It is not your turn" was the symptom of a stalled AI turn
    assert len(ai_answers) >= AI_TABLES * 3, f"the AI tables hardly moved: {len(ai_answers)} AI answers"
    bound = AI_DELAY + turns.AI_PATIENCE + SLACK
    assert max(ai_answers) <= bound, f"an AI answered after {max(ai_answers):.1f} s (bound {bound:.1f} s)"
    assert max(human_answers) <= SLACK, f"a human in an AI channel waited {max(human_answers):.1f} s"
