"""A correspondence game between two people who are never online together, through the real bot.

PORTAS, two humans, the correspondence pace and its 3-day turn picked on the lobby.  Days are
compressed by the test-only pace scale (``KADO_TEST_PACE_SCALE``: a 3-day turn
lasts 12 s here, and the lobby says so), never by sleeping through them.  Covered: the DM notice is a
new message (a phone hears it), the half-time reminder is another, both are
deleted once the player has acted, ``/game mine`` from a DM lists the game with
a ``<t:`` deadline, ``/game away`` holds the away player's turn (the board
says so), a restart of the bot in the middle keeps every deadline and
sends no second notice, and a player who answers within the notice delay is
sent no DM (``SLOW_NOTICE_DELAY``, compressed like the turn).
"""

from __future__ import annotations

import re

from bot.core.slow.pace import CORRESPONDENCE_TURN
from tests.e2e.helpers import (
    FAST_AI,
    act_buttons,
    click_and_wait,
    db_rows,
    make_world,
    open_lobby,
    press_start,
    waiting_for,
)
from tests.emulator import BotProcess
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message, User

TURN = 12.0
SCALE = CORRESPONDENCE_TURN / TURN
DELAY = 1.5
"""The notice delay here (seconds; 9 hours of the game's time): a player who answers within it is sent no DM."""


def dm_notices(world, user: User, *, live_only: bool = True) -> list[Message]:  # type: ignore[no-untyped-def]
    """The bot's DM messages to ``user`` that say a choice waits (deleted ones too unless ``live_only``)."""
    return [
        m for m in world.emu.messages.values()
        if user.dm_channel_id is not None and m.channel_id == user.dm_channel_id and m.from_bot
        and (m.content or "").startswith(("🔔", "⏰")) and not (live_only and m.deleted)
    ]


def deadline(tmp_path) -> float:  # type: ignore[no-untyped-def]
    ((value,),) = db_rows(tmp_path, "SELECT deadline FROM sessions ORDER BY id DESC LIMIT 1")
    return float(value)


async def test_a_correspondence_game(emulator, tmp_path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    world = make_world(emulator)
    users = {"alice": world.alice, "bob": world.bob}
    env = {**FAST_AI, "TURN_PING_GRACE": "0", "KADO_TEST_PACE_SCALE": str(SCALE), "DEV_GUILD_ID": None,
           "SLOW_NOTICE_DELAY": str(DELAY * SCALE)}
    async with BotProcess(world.emu, tmp_path / "kado.sqlite3", extra_env=env) as proc:  # global commands: DMs too
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        # the Pace button: live -> relaxed 4, 12, 24 hours -> correspondence 1 day, 3 days (12 s here)
        for said in ("relaxed", "relaxed", "relaxed", "correspondence (4 seconds", "correspondence (12 seconds"):
            pace = next(b for b in board.buttons() if (b.custom_id or "").endswith(":pace"))
            await world.emu.click(world.alice, board, pace)
            await world.emu.wait_until(lambda s=said: f"Pace: {s}" in board.text(), description=said)
        assert "Pace: correspondence (12 seconds a turn)" in board.text()
        await world.emu.click(world.bob, board, board.button("Join"))
        await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
        await press_start(world.emu, world.alice, board)
        await world.emu.wait_until(lambda: act_buttons(board), description="the first turn")
        assert "Pace: correspondence" in board.text()
        first = users[waiting_for(board)[0]]
        other = world.bob if first is world.alice else world.alice

        # the DM notice: a new message (POST), with the deadline as Discord timestamps; no channel ping
        await world.emu.wait_until(lambda: dm_notices(world, first), description="the DM notice")
        (notice,) = dm_notices(world, first)
        assert notice.content.startswith("🔔 Your move in **PORTAS**") and re.search(r"<t:\d+:R> \(<t:\d+:f>\)",
                                                                                    notice.content)
        assert not [m for m in world.emu.channel_messages(world.chan) if first.mention in (m.content or "")]
        assert not dm_notices(world, other)  # nothing waits on the other player: nothing told

        # the reminder at half time: another new message; the first one goes
        await world.emu.wait_until(lambda: any(m.content.startswith("⏰") for m in dm_notices(world, first)),
                                   timeout=TURN, description="the DM reminder")
        await world.emu.wait_until(lambda: [m.content[0] for m in dm_notices(world, first)] == ["⏰"],
                                   description="the first notice deleted")

        # the move: the mover's notices are deleted, the other player is told
        await click_and_wait(world, first, board, act_buttons(board)[0], board)
        await world.emu.wait_until(lambda: not dm_notices(world, first), description="the notices deleted")
        assert len(dm_notices(world, first, live_only=False)) == 2
        await world.emu.wait_until(lambda: dm_notices(world, other), description="the other's DM notice")

        # /game mine from a DM: the game, waiting on them, the deadline as a timestamp
        dm = world.emu.dm_channel(other)
        mine = await world.emu.slash(other, dm, "game mine")
        assert "PORTAS" in mine.text() and "waiting on you" in mine.text() and "<t:" in mine.text(), mine.text()
        assert f"/channels/{world.guild.id}/{world.chan.id}/{board.id}" in mine.text()

        # /game away: their turn waits (the deadline moves past the absence), and the board says so
        before = deadline(tmp_path)
        away = await world.emu.slash(other, world.chan, "game away", {"days": 2})
        assert "You are away until" in away.text(), away.text()
        await world.emu.wait_until(lambda: "is away until" in board.text(), description="the board says so")
        held = deadline(tmp_path)
        assert held > before + 2 * 86400 - 60

        # a restart in the middle: the deadline unchanged, the standing notice kept (no second one)
        told = len(dm_notices(world, other, live_only=False))
        await proc.restart()
        await world.emu.wait_until(lambda: "is away until" in board.text(), description="the board after the restart")
        assert deadline(tmp_path) == held
        assert len(dm_notices(world, other, live_only=False)) == told

        # back, and the move: the notice is deleted once they have acted
        await world.emu.slash(other, world.chan, "game away")
        await world.emu.wait_until(lambda: act_buttons(board) and waiting_for(board) == [other.name],
                                   description="their turn on the board")
        await click_and_wait(world, other, board, act_buttons(board)[0], board)
        await world.emu.wait_until(lambda: not dm_notices(world, other), description="their notice deleted")

        # at the table: the first player answers within the notice delay, and is sent no DM at all
        await world.emu.wait_until(lambda: waiting_for(board) == [first.name], description="the first's turn")
        told = len(dm_notices(world, first, live_only=False))
        await click_and_wait(world, first, board, act_buttons(board)[0], board)
        await world.emu.wait_until(lambda: dm_notices(world, other), timeout=TURN,
                                   description="the other, slower than the delay, told")
        assert len(dm_notices(world, first, live_only=False)) == told
