"""GETGEM's big moments stay in the channel's history, through the real bot and the emulator.

Two humans play from their DMs: alice is steered into a Steal at bob, then both
play as the normal AI would until the game is decided.  The channel must then
hold a post for the steal (after bob's Barrier answer, naming no card), for a
declaration and for the victory check, and none for ordinary moves: all of them
lines of one moments message below the board, edited with each.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.helpers import World, bot, db_rows, is_over, make_world, preset_rules
from tests.e2e.moments_read import entries, moment_messages
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message
from tests.getgem.e2e.test_getgem_e2e import _steal_at, play_until, smart, start

# No Barrier cards (bob's answer is always "Continue"), plenty of Steals, and no swaps or arms to stall a declaration.
RULES = {
    "count_steal": 6,
    "count_push_barrier": 0,
    "count_push_peep": 0,
    "count_exchange": 0,
    "count_arm": 0,
    "barrier_timeout_s": 10,
}
STEAL_POST = "✋ Steal: **alice** takes a random card from **bob**, who does not use a Barrier."
WHO = r"\*\*(?:alice|bob)\*\*"
STEAL_LINE = re.compile(
    rf"✋ Steal: {WHO} takes a random card from {WHO}, who does not use a Barrier\."
    rf"|💎 {WHO} discards [^*]+ to take a random card from {WHO}\."
)
"""A steal's line names players only; a 3-gem steal also names the gems paid, which went face up on the discard pile."""


MOMENT_MARKS = ("✋", "💎", "🔄", "🫴", "🛡️", "📣", "↩️", "🔍")


def post_messages(world: World, board: Message) -> list[Message]:
    """The channel's plain posts after the board (notices, the moments message), oldest first."""
    return moment_messages(world, board)


def posts(world: World, board: Message) -> list[str]:
    """Every moment the channel showed (the moments message is edited with each: tests/e2e/moments_read.py)."""
    return entries(world, board)


async def test_steal_declaration_and_victory_check_leave_posts_naming_no_hidden_card(
    emulator,  # noqa: F811
    tmp_path: Path,
) -> None:
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "getgem", RULES)
    users = [world.alice, world.bob]
    seats: dict[int, int] = {u.id: i for i, u in enumerate(users)}
    async with bot(world, tmp_path, KADO_SEED="3") as proc:
        await proc.ready()
        board = await start(world, users)

        # 1. alice steals from bob: one post, once bob has answered, naming the effect but never the card
        steer = smart(tmp_path, seats, _steal_at(1, need_barrier=False))
        await play_until(
            world, board, users, steer, seats, lambda: STEAL_POST in posts(world, board), rng=random.Random(5)
        )
        assert STEAL_POST in posts(world, board), posts(world, board)
        took = await emulator.wait_until(
            lambda: next(
                (
                    m
                    for dm in emulator.dm_messages(world.alice)
                    if (m := re.search(r"You took (.+?) from bob\.", dm.text()))
                ),
                None,
            ),
            description="alice's DM naming the card she took",
        )
        taken = took.group(1)
        steal_lines = [line for text in posts(world, board) for line in text.splitlines() if "random card" in line]
        assert steal_lines and all(STEAL_LINE.fullmatch(line) for line in steal_lines), steal_lines
        # the full match leaves no room for a card; and alice's DM alone says which one she took
        assert taken not in STEAL_POST.replace("✋ Steal:", "")

        # 2. both play on as the normal AI would: a declaration, take-backs and a victory check follow
        await play_until(world, board, users, smart(tmp_path, seats), seats, lambda: False, rng=random.Random(5))
        assert is_over(board)
        await emulator.wait_until(
            lambda: any("🔍 " in t for t in posts(world, board)), description="the victory check posted"
        )
        moments = [m for m in post_messages(world, board) if m.text().startswith(MOMENT_MARKS)]
        texts = [t for t in posts(world, board) if t.startswith(MOMENT_MARKS)]
    declared = [t for t in texts if t.startswith("📣")]
    assert declared and "take-backs comes the victory check" in declared[0], texts
    assert any(t.startswith("↩️") for t in texts), texts
    check = next(t for t in texts if "🔍" in t)
    verdict = "(fire, water and thunder are all there!|not all three gems, so the game goes on.)"
    assert re.search(r"🔍 \*\*(alice|bob)\*\* reveals .+: " + verdict, check), check
    for m in moments:  # a post pings no one, whatever names it holds
        assert not (m.allowed_mentions or {}).get("parse") and not (m.allowed_mentions or {}).get("users"), m
    (moves,) = db_rows(tmp_path, "SELECT COUNT(*) FROM actions")[0]
    assert len(texts) * 3 < moves, (len(texts), moves)  # moments, not every move
    assert len(moments) == 1, [m.text() for m in moments]  # one message below the board, edited
