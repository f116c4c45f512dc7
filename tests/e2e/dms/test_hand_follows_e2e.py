"""A DM-closed player's one "My hand" follows the game, rather than one reply per decision.

Carol's DMs are closed.  She presses "My hand" once; from then on that ephemeral reply is edited in
place as the game goes (her buttons appear there when she is asked, whoever moved last), so she
plays on from it without asking again — while its interaction token lives (15 minutes).
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.dmplay import default_choice
from tests.e2e.helpers import act_buttons, bot, is_over, make_world, open_lobby, preset_rules, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

DECISIONS = 12  # enough to span several rounds of AI moves between two of hers


async def test_one_my_hand_reply_follows_a_dm_closed_players_game(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator, closed_dms=("carol",))
    carol = world.carol
    preset_rules(tmp_path, world.guild.id, "eminit", {"quota_extra": 1, "declare_timeout_s": 120})
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "eminit", carol)
        await press_start(emulator, carol, board)  # two AIs fill the table
        await emulator.wait_until(lambda: "carol" in waiting_for(board) or waiting_for(board), timeout=30)
        res = await emulator.click(carol, board, board.button("My hand"))
        hand = res.message
        assert hand is not None and res.ephemeral, res.text()
        presses, decisions, rng = 1, 0, random.Random(4)
        while decisions < DECISIONS and not is_over(board):
            # her turn comes (the board says so): the reply she has shows her buttons, without another press
            await emulator.wait_until(lambda: "carol" in waiting_for(board) or is_over(board), timeout=60,
                                      description="carol's turn")
            if is_over(board):
                break
            await emulator.wait_until(lambda: act_buttons(hand) or is_over(board), timeout=30,
                                      description="carol's buttons in her one My hand reply")
            if is_over(board):
                break
            edits = hand.edits
            click = await emulator.click(carol, hand, default_choice(act_buttons(hand), rng))
            await emulator.wait_until(lambda e=edits, c=click: hand.edits > e or c.reply or is_over(board),
                                      timeout=30, description="carol's click shown in her reply")
            if click.reply is None:
                decisions += 1
        assert decisions >= DECISIONS or is_over(board), decisions
        assert decisions, "carol made no decision: the test proved nothing"
    assert presses == 1
