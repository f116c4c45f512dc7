"""GETGEM through the real bot: a 3-player game to a win with a DM-closed player, and Barrier prompts.

Test players are "smart": they read the game state from the bot's database and
press the button the normal AI would choose (or one that steers the game into
the situation a test needs).  They still act only through Discord: DMs, or the
"My hand" ephemeral for the player whose DMs are closed.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from cogs.getgem import ai, rules
from cogs.getgem.cards import PUSH_BARRIER, STEAL
from tests.e2e.dmplay import act_once, dm_controls
from tests.e2e.helpers import (
    World,
    act_buttons,
    bot,
    db_rows,
    is_over,
    make_world,
    open_lobby,
    preset_rules,
    press_start,
    waiting_for,
)
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message, User

BARRIER_RULES = {"count_steal": 8, "count_push_barrier": 8, "barrier_timeout_s": 10}  # time to answer when loaded


def game_state(tmp_path: Path) -> dict[str, Any]:
    con = sqlite3.connect(tmp_path / "kado.sqlite3")
    try:
        (raw,) = con.execute("SELECT state FROM sessions ORDER BY id DESC LIMIT 1").fetchone()
    finally:
        con.close()
    return json.loads(raw)


def smart(tmp_path: Path, seats: dict[int, int], steer: Any = None) -> Any:
    """A chooser that presses the button for the normal AI's move (or the steered one)."""

    def choose(buttons: list[Any], rng: random.Random) -> Any:
        user_id = seats["clicker"]
        seat = seats[user_id]
        state = game_state(tmp_path)
        legal = rules.legal(state, seat)
        action = steer(state, seat, legal) if steer else None
        if action is None and legal and steer is not None:
            # steering players keep the game going: never declare, never back out
            calm = [a for a in legal if a["type"] not in ("declare", "cancel")]
            action = rng.choice(calm or legal)
        if action is None and legal:
            action = ai.choose(rules.view(state, seat), seat, legal, rng)
        if action in legal:
            idx = legal.index(action)
            for button in buttons:
                if button.custom_id.endswith(f":{idx}"):
                    return button
        return rng.choice(buttons)

    return choose


async def start(world: World, users: list[User]) -> Message:
    board = await open_lobby(world, "getgem", users[0])
    for user in users[1:]:
        await world.emu.click(user, board, board.button("Join"))
    await world.emu.wait_until(lambda: all(u.name in board.text() for u in users))
    await press_start(world.emu, users[0], board)
    await world.emu.wait_until(lambda: waiting_for(board), description="the first turn")
    return board


async def test_three_players_to_a_win_with_dm_closed_player(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator, closed_dms=("carol",))
    users = [world.alice, world.bob, world.carol]
    seats: dict[int, int] = {u.id: i for i, u in enumerate(users)}
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await start(world, users)
        chooser = smart(tmp_path, seats)

        rng = random.Random(4)
        for _ in range(1500):
            if is_over(board):
                break
            names = [n for n in waiting_for(board) if n in {u.name for u in users}]
            if not names:
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30)
                continue
            user = next(u for u in users if u.name == names[0])
            seats["clicker"] = user.id
            await act_once(world, user, board, rng, chooser)
        assert is_over(board)
        await emulator.wait_until(lambda: any("won" in m.text() for m in emulator.channel_messages(world.chan)
                                              if m is not board), description="a winner announced")
        # carol played through ephemerals only, and no channel message showed her hand
        assert emulator.dm_messages(world.carol) == []
        assert any(act_buttons(e) or e.edits for e in emulator.ephemerals(world.carol))
    (result,) = db_rows(tmp_path, "SELECT result FROM results")
    assert json.loads(result[0])["winners"]


def _steal_at(target: int, need_barrier: bool):
    """Steer the acting player into playing Steal at ``target`` (who holds a Barrier, if asked)."""

    def steer(state: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        if seat == target:
            return None
        pending = state.get("pending")
        if pending and pending.get("kind") == "target":
            want = {"type": "target", "seat": target}
            return want if want in legal else None
        holds_barrier = any(state["cat"][c] == PUSH_BARRIER for c in state["hands"][target])
        if need_barrier and not holds_barrier:
            return None
        for action in legal:
            if action["type"] == "play" and state["cat"][action["card"]] == STEAL:
                return action
        return None

    return steer


async def play_until(
    world: World, board: Message, users: list[User], chooser: Any, seats: dict[int, int], done: Any, *,
    rng: random.Random, limit: int = 1500,
) -> bool:
    """The humans answer whatever the board waits them on until ``done()`` (True) or the game is over (False).

    ``seats["clicker"]`` names the human about to click, for :func:`smart`'s chooser.
    """
    for _ in range(limit):
        if done():
            return True
        if is_over(board):
            return False
        names = [n for n in waiting_for(board) if n in {u.name for u in users}]
        if not names:
            edits = board.edits
            await world.emu.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30)
            continue
        user = next(u for u in users if u.name == names[0])
        seats["clicker"] = user.id
        await act_once(world, user, board, rng, chooser)
    raise AssertionError(f"neither done nor over after {limit} moves")


async def _until_prompt(world: World, board: Message, users: list[User], seats: dict[int, int], tmp_path: Path,
                        target: int, need_barrier: bool) -> None:
    """Play (smartly, steering towards a Steal at ``target``) until ``target`` faces a Barrier prompt."""
    chooser = smart(tmp_path, seats, _steal_at(target, need_barrier))

    def prompted() -> bool:
        state = game_state(tmp_path)
        pending = state.get("pending")
        if pending and pending.get("kind") == "barrier" and pending.get("target") == target:
            holds = any(state["cat"][c] == PUSH_BARRIER for c in state["hands"][target])
            return holds or not need_barrier
        return False

    reached = await play_until(world, board, users, chooser, seats, prompted, rng=random.Random(target), limit=600)
    assert reached, "the game ended before the situation arose"


async def _answer(world: World, user: User, label: str) -> Message:
    message = await world.emu.wait_until(
        lambda: (m := dm_controls(world, user)) and any(label == b.label for b in act_buttons(m)) and m,
        description=f"{user.name}'s Barrier prompt")
    res = await world.emu.click(user, message, next(b for b in act_buttons(message) if b.label == label))
    assert not res.followups, [f.text() for f in res.followups]
    return message


async def test_barrier_yes_restart_during_prompt_and_timeout(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "getgem", BARRIER_RULES)
    users = [world.alice, world.bob]
    seats: dict[int, int] = {u.id: i for i, u in enumerate(users)}
    async with bot(world, tmp_path, KADO_SEED="7") as proc:  # reproducible deals
        await proc.ready()
        board = await start(world, users)

        # 1. bob is asked, holds a Barrier and uses it: the Steal is cancelled
        await _until_prompt(world, board, users, seats, tmp_path, target=1, need_barrier=True)
        assert "Barrier" in board.text()  # the board says bob is being asked; the asking reveals nothing
        await _answer(world, world.bob, "Use Barrier")
        await emulator.wait_until(lambda: "uses a Barrier" in board.text(), description="the Barrier shown")
        used = db_rows(tmp_path, "SELECT seat, user_id FROM actions WHERE payload = ?",
                       ('{"type":"barrier","use":true}',))
        assert (1, world.bob.id) in used  # alice may have used one too during the random play before

        # 2. the bot dies while alice is being asked; after the restart her old prompt still works
        await _until_prompt(world, board, users, seats, tmp_path, target=0, need_barrier=False)
        prompt = await emulator.wait_until(lambda: dm_controls(world, world.alice))
        version = db_rows(tmp_path, "SELECT version FROM sessions")[0][0]
        proc.kill()
        await proc.wait()
        await proc.start()
        await proc.ready()
        # "No Barrier" when she holds one, "Continue" (with "you hold no Barrier card") when she does not
        no = next(b for b in act_buttons(prompt) if b.label in ("No Barrier", "Continue"))
        res = await emulator.click(world.alice, prompt, no)
        assert not res.followups, [f.text() for f in res.followups]
        await emulator.wait_until(lambda: db_rows(tmp_path, "SELECT version FROM sessions")[0][0] > version)
        answered = db_rows(tmp_path, "SELECT seat, user_id, payload FROM actions WHERE version = ?", (version + 1,))
        assert answered == [(0, world.alice.id, '{"type":"barrier","use":false}')]

        # 3. bob does not answer: after barrier_timeout_s the prompt counts as "no", quietly
        # (silence is the rule's answer, no timeout post)
        await _until_prompt(world, board, users, seats, tmp_path, target=1, need_barrier=False)
        timed_out = await emulator.wait_until(
            lambda: (1, None) in db_rows(tmp_path, "SELECT seat, user_id FROM actions WHERE payload = ?"
                                                   " AND user_id IS NULL", ('{"type":"barrier","use":false}',)),
            timeout=45, description="the Barrier prompt to time out")
        assert timed_out
        assert not any("ran out of time" in m.text() for m in emulator.channel_messages(world.chan))
