"""Silence is an answer where the rules say so: an expired reaction window is no timeout.

Eminit's declarations and GETGEM's Barrier question end, when nobody answers,
in the rules' default ("declare nothing", "no Barrier").  Through the real bot:
players who never answer keep their seats, and the channel never says they
"ran out of time".
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cogs.getgem.cards import PUSH_BARRIER, STEAL
from tests.e2e.dmplay import act_once, dm_controls
from tests.e2e.helpers import bot, db_rows, is_over, make_world, open_lobby, preset_rules, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message
from tests.getgem.e2e.test_getgem_e2e import game_state, play_until, smart, start

TIMED_OUT = ("ran out of time", "An AI plays")
"""The platform's timeout post and its hand-over post (bot/i18n/core.py ``event.timed_out``/``seat_to_ai``)."""


def timeout_posts(world: Any) -> list[str]:
    return [m.text() for m in world.emu.channel_messages(world.chan) if any(t in m.text() for t in TIMED_OUT)]


def in_contest(tmp_path: Path) -> bool:
    """The saved game is in a contest's declaration window (the players would see the flipped card)."""
    state = game_state(tmp_path)
    return state["phase"] != "over" and state["step"]["kind"] == "declare"


def silent_passes(tmp_path: Path) -> dict[int, int]:
    """Per seat, declarations made for it by the clock (the rule's "declare nothing", no user)."""
    rows = db_rows(tmp_path, "SELECT seat, COUNT(*) FROM actions WHERE user_id IS NULL AND payload LIKE '%\"pass\"%'"
                             " GROUP BY seat")
    return dict(rows)


async def test_three_humans_who_never_declare_keep_their_seats(emulator, tmp_path: Path) -> None:  # noqa: F811
    """Three humans play their own turns and let every contest run out: after more expired contests each
    than the AFK limit (3), nobody's seat is the AI's, no timeout was counted and nothing was posted."""
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "eminit", {"declare_timeout_s": 2, "quota_extra": 1})
    people = {u.name: u for u in world.users()}
    async with bot(world, tmp_path, AFK_LIMIT="3", TURN_PING_GRACE="0") as proc:  # every notice due at once
        await proc.ready()
        board = await open_lobby(world, "eminit", world.alice)
        for user in (world.bob, world.carol):
            await emulator.click(user, board, board.button("Join"))
        await emulator.wait_until(lambda: all(n in board.text() for n in people))
        await press_start(emulator, world.alice, board)
        rng = random.Random(3)
        for _ in range(600):
            passes = silent_passes(tmp_path)
            if is_over(board) or (len(passes) == 3 and min(passes.values()) >= 4):
                break
            turn = [n for n in waiting_for(board) if n in people]
            if turn and not in_contest(tmp_path):  # a player's own turn (place, flip, an effect's choice)
                await act_once(world, people[turn[0]], board, rng)
            else:  # a contest: everybody stays silent until its window runs out
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30,
                                          description="the contest to run out")
        passes = silent_passes(tmp_path)
        assert len(passes) == 3 and min(passes.values()) >= 4, f"too few expired contests to tell: {passes}"
        assert timeout_posts(world) == []
        assert db_rows(tmp_path, "SELECT seat, ai_level, timeouts FROM seats ORDER BY seat") == [
            (0, None, 0), (1, None, 0), (2, None, 0)]
        assert "AI" not in board.text()
        # a contest pings nobody (its window waits on the clock): the notices, deleted or not, were for own turns
        notices = [m for m in emulator.messages.values() if m.channel_id == world.chan.id and "<@" in m.content]
        (own_moves,) = db_rows(tmp_path, "SELECT COUNT(*) FROM actions WHERE user_id IS NOT NULL")[0]
        assert 0 < len(notices) <= own_moves, (len(notices), own_moves)


def _steal_at_the_barrierless(target: int):
    """Steer the other player into a Steal at ``target`` only while ``target`` holds no Barrier."""

    def steer(state: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        if seat == target:
            return None
        pending = state.get("pending")
        if pending and pending.get("kind") == "target":
            want = {"type": "target", "seat": target}
            return want if want in legal else None
        if any(state["cat"][c] == PUSH_BARRIER for c in state["hands"][target]):
            return None
        return next((a for a in legal if a["type"] == "play" and state["cat"][a["card"]] == STEAL), None)

    return steer


async def test_getgem_player_without_a_barrier_who_does_not_press_continue(emulator, tmp_path: Path) -> None:  # noqa: F811
    """bob, holding no Barrier, is asked about a Steal played on him and never presses "Continue": the
    question closes as "no" after its time, with no public timeout post and no timeout counted."""
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "getgem", {"count_steal": 8, "barrier_timeout_s": 5})
    users = [world.alice, world.bob]
    seats: dict[int, int] = {u.id: i for i, u in enumerate(users)}
    async with bot(world, tmp_path, KADO_SEED="7") as proc:
        await proc.ready()
        board: Message = await start(world, users)

        def asked() -> bool:
            state = game_state(tmp_path)
            pending = state.get("pending")
            return bool(pending and pending.get("kind") == "barrier" and pending.get("target") == 1
                        and not any(state["cat"][c] == PUSH_BARRIER for c in state["hands"][1]))

        chooser = smart(tmp_path, seats, _steal_at_the_barrierless(1))
        reached = await play_until(world, board, users, chooser, seats, asked, rng=random.Random(1), limit=600)
        assert reached, "the game ended before bob was asked without a Barrier"
        prompt = await emulator.wait_until(lambda: dm_controls(world, world.bob), description="bob's question")
        assert any(b.label == "Continue" for b in prompt.buttons()), [b.label for b in prompt.buttons()]
        await emulator.wait_until(
            lambda: db_rows(tmp_path, "SELECT 1 FROM actions WHERE seat = 1 AND user_id IS NULL AND payload = ?",
                            ('{"type":"barrier","use":false}',)),
            timeout=30, description="the question to close as 'no'")
        await emulator.wait_until(lambda: not asked(), description="the Steal to go on")
        assert timeout_posts(world) == []
        assert db_rows(tmp_path, "SELECT seat, ai_level, timeouts FROM seats ORDER BY seat") == [
            (0, None, 0), (1, None, 0)]
