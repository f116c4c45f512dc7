"""The Hint button through the real bot process and the Discord emulator: a private answer, and an unrated player.

One bot process: a server whose managers offer hints in every game; alice
and bob play PORTAS (a rated game); alice presses Hint in her DM once.  The
answer is private and in the game's move words; the result post rates bob
only and says alice took a hint; her rating row does not exist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.helpers import (
    act_buttons,
    bot,
    click_and_wait,
    db_rows,
    is_over,
    make_world,
    open_lobby,
    preset_guild_settings,
    press_start,
)
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message


def _hint_button(message: Message) -> Any:
    return next((b for b in message.buttons() if (b.custom_id or "").startswith("k:hi:")), None)


async def test_a_hint_answers_privately_and_leaves_its_taker_unrated(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    preset_guild_settings(tmp_path / "kado.sqlite3", world.guild.id, {"hints": "always"})
    async with bot(world, tmp_path, KADO_SEED="1") as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: act_buttons(board), description="board with move buttons")
        hinted = False
        for _ in range(200):
            if is_over(board):
                break
            user = world.alice if "Waiting for alice." in board.text() else world.bob
            if user is world.alice and not hinted:
                button = _hint_button(board)  # PORTAS' choices are on the board: its Hint button beside them
                assert button is not None and button.label == "Hint"
                res = await emulator.click(world.alice, board, button)
                answer = (await res.wait_loaded(timeout=15)).text()
                assert res.ephemeral and "Suggested:" in answer and "will not change your rating" in answer, answer
                assert not any("Suggested" in m.text() for m in emulator.channel_messages(world.chan))
                again = await emulator.click(world.alice, board, _hint_button(board), locale="ja")
                answer = (await again.wait_loaded(timeout=15)).text()  # in the clicker's language
                assert again.ephemeral and "おすすめ" in answer and "レーティングに反映されません" in answer, answer
                hinted = True
            await click_and_wait(world, user, board, act_buttons(board)[0], board)
        assert hinted and is_over(board)
        await emulator.wait_until(
            lambda: any("took a hint" in m.text() for m in emulator.channel_messages(world.chan)),
            description="the result post",
        )
        post = next(m.text() for m in emulator.channel_messages(world.chan) if "took a hint" in m.text())
        assert "**Not rated** (took a hint): alice" in post and "bob 1," in post and "alice 1," not in post
        assert [r[0] for r in db_rows(tmp_path, "SELECT name FROM ratings")] == ["bob"]
        assert db_rows(tmp_path, "SELECT hinted FROM seats ORDER BY seat") == [(1,), (0,)]
