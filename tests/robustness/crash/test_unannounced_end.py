"""A SIGKILL between the commit of a game's last move and its board edit: the next start shows the end, once.

Seen by bench/store/soak.py (twice in 200 kills) before the fix: the finished game
was not restored, so its board kept the last move's buttons (which answered
"this game has ended") and the result line was never posted.  Here the moment
is chosen, not hoped for: the emulator holds the final board edit in flight
(``hold_next``) and the bot is killed while it waits for it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.core import games
from tests.e2e.helpers import act_buttons, bot, db_rows, is_over, make_world
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message
from tests.robustness.botworld import mover, play_one, start_portas

ANNOUNCED_LINE = "session ends a crash had left unannounced"  # SessionManager.announce_missed_endings' log


def _ends_the_game(tmp_path: Path, custom_id: str) -> bool:
    """Whether the move this act button stands for is the game's last (replayed on the stored state)."""
    _, _, sid, _, idx = custom_id.split(":")
    rules = games.get("portas").rules
    (state_json,) = db_rows(tmp_path, "SELECT state FROM sessions WHERE id=?", (int(sid),))[0]
    state = json.loads(state_json)
    (seat,) = rules.to_act(state)
    action = rules.legal(state, seat)[int(idx)]
    return rules.result(rules.apply(state, seat, action).state) is not None


def _result_lines(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.text().startswith("**PORTAS**") and ("won" in m.text() or "draw" in m.text())]


@pytest.mark.parametrize("answer_within", ["0", "1"], ids=["edited-after-a-deferred-update", "the-clicks-answer"])
async def test_a_crash_before_the_final_board_edit_is_healed_once(
    emulator, tmp_path: Path, answer_within: str  # noqa: F811
) -> None:
    """The final board is an edit after the click's deferred update, or the click's own answer (bot.transport.acks)."""
    world = make_world(emulator)
    chan = world.chan
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN=answer_within) as proc:
        await proc.ready()
        board = await start_portas(world)
        for _ in range(300):
            if _ends_the_game(tmp_path, act_buttons(board)[0].custom_id):
                break
            await play_one(world, board)
        else:
            raise AssertionError("no PORTAS game lasts 300 moves")

        # The last move: committed, then its board edit stays in flight, and the bot dies.
        if answer_within == "0":  # deferred before the commit, then the board edited (bot or click token)
            edit = rf"/channels/{chan.id}/messages/{board.id}|/webhooks/\d+/[^/]+/messages/@original"
            hold = emulator.hold_next("PATCH", edit)
        else:  # the board is the click's answer, sent after the commit
            hold = emulator.hold_next("POST", r"/interactions/\d+/[^/]+/callback")
        await emulator.click(mover(world, board), board, act_buttons(board)[0], wait=False)
        await emulator.wait_until(lambda: hold.hits, description="the final board edit in flight")
        proc.kill()
        await proc.wait()
        assert db_rows(tmp_path, "SELECT status, announced_at FROM sessions") == [("finished", None)]
        assert act_buttons(board) and not is_over(board)  # the board players hold: the dead buttons
        assert _result_lines(emulator.channel_messages(chan)) == []

        # The next start shows the end: the final board (no move buttons) and the result line, once.
        await proc.start()
        await proc.ready()
        await emulator.wait_until(  # each start logs it once, the first start too
            lambda: proc.log_text().count(ANNOUNCED_LINE) == 2, description="the restart's ends announced"
        )
        await emulator.wait_until(lambda: _result_lines(emulator.channel_messages(chan)), description="the result")
        assert is_over(board) and not act_buttons(board)
        assert sorted(b.label for b in board.buttons()) == ["Details", "Rematch"]
        assert len(_result_lines(emulator.channel_messages(chan))) == 1
        assert proc.log_text().count("announced 1 session ends") == 1
        ((announced_at,),) = db_rows(tmp_path, "SELECT announced_at FROM sessions")
        assert announced_at is not None

        # The start after that shows nothing again: no post, no board edit.
        messages, edits = len(emulator.channel_messages(chan)), board.edits
        proc.kill()
        await proc.wait()
        await proc.start()
        await proc.ready()
        await emulator.wait_until(
            lambda: proc.log_text().count(ANNOUNCED_LINE) == 3, description="the next restart's ends announced"
        )
        assert proc.log_text().count("announced 0 session ends") == 2  # the first start's and this one's
        assert len(emulator.channel_messages(chan)) == messages and board.edits == edits
        assert len(_result_lines(emulator.channel_messages(chan))) == 1
