"""Playing DM-based games as people do: read the board, act from your DM or the "My hand" ephemeral."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from tests.e2e.helpers import World, act_buttons, is_over, waiting_for
from tests.emulator.models import Message, User
from tests.emulator.state.results import InteractionResult

AVOID = ("Cancel", "Back", "キャンセル", "戻る")
QUIET_AFTER = 0.2
"""Seconds without a request from the bot after which a move's board is taken as unchanged (its edit is skipped)."""


def dm_controls(world: World, user: User) -> Message | None:
    """The user's one DM message for the game, if it currently carries buttons."""
    for message in reversed(world.emu.dm_messages(user)):
        if act_buttons(message):
            return message
    return None


async def hand_ephemeral(world: World, user: User, board: Message) -> Message | None:
    """What a DM-closed player does: press "My hand" on the board and read the ephemeral."""
    res = await world.emu.click(user, board, board.button("My hand"))
    return res.message if res.message is not None and act_buttons(res.message) else None


def default_choice(buttons: list[Any], rng: random.Random) -> Any:
    preferred = [b for b in buttons if not any(word in (b.label or "") for word in AVOID)]
    return rng.choice(preferred or buttons)


async def act_once(
    world: World,
    user: User,
    board: Message,
    rng: random.Random,
    choose: Callable[[list[Any], random.Random], Any] = default_choice,
) -> bool:
    """Make one choice for ``user`` if they have one; True when a click was accepted."""
    message = dm_controls(world, user) if user.dms_open else None
    if message is None:
        message = await hand_ephemeral(world, user, board)
    if message is None:
        return False
    res = await click_and_settle(world, user, message, choose(act_buttons(message), rng), board)
    return res.reply is None  # a refusal is the click's reply (or a followup of its deferred update)


async def click_and_settle(
    world: World, user: User, message: Message, button: Any, board: Message, **click: Any
) -> InteractionResult:
    """Click ``button`` on ``message`` (a DM, an ephemeral or the board) and wait until the move is shown.

    A DM click is answered by the clicker's new DM before the board is edited
    (bot/frontend/presenting/presenter.py, ``game_changed``), so "the DM changed" alone would let a
    test read the board of the move before.  Shown means: the clicked message
    changed (or the click was refused), then, for a move taken, the board too
    (or the bot went quiet: a move the board does not show).
    """
    board_edits, msg_edits = board.edits, message.edits
    res = await world.emu.click(user, message, button, **click)
    await world.emu.wait_until(
        lambda: board.edits > board_edits or message.edits > msg_edits or res.reply,
        description=f"{user.name}'s click taken or refused",
    )
    if res.reply is None and message is not board:
        await _board_or_quiet(world, board, board_edits)
    return res


async def play_to_end(
    world: World,
    board: Message,
    humans: dict[str, User],
    *,
    seed: int = 1,
    max_clicks: int = 3000,
    choose: Callable[[list[Any], random.Random], Any] = default_choice,
    timeout: float = 30,
    until: Callable[[], Any] | None = None,
) -> int:
    """Humans answer whenever the board waits for them, until the game is over (or ``until()``).  Returns clicks."""
    rng = random.Random(seed)
    clicks = 0
    done = until or (lambda: False)
    while not is_over(board) and not done():
        assert clicks < max_clicks, "game did not end"
        names = [n for n in waiting_for(board) if n in humans]
        if not names:
            edits = board.edits
            await world.emu.wait_until(
                lambda e=edits: board.edits > e or is_over(board) or done(), timeout=timeout,
                description="the AI to move",
            )
            continue
        name = rng.choice(names)
        if await act_once(world, humans[name], board, rng, choose):
            clicks += 1
        else:
            edits = board.edits
            await world.emu.wait_until(
                lambda e=edits, n=name: board.edits > e or dm_controls(world, humans[n]) is not None,
                timeout=timeout,
                description=f"{name}'s controls",
            )
    return clicks


async def _board_or_quiet(world: World, board: Message, edits: int) -> None:
    """Until the board is edited past ``edits``, or the bot has sent nothing for :data:`QUIET_AFTER` seconds."""
    requests = world.emu.requests
    seen, since = len(requests), time.monotonic()
    while board.edits <= edits:
        if len(requests) != seen:
            seen, since = len(requests), time.monotonic()
        elif time.monotonic() - since >= QUIET_AFTER:
            return
        await asyncio.sleep(0.01)
