"""A player's DM channel is opened once, not once per game (bot/frontend/presenting/delivery.py): fewer requests.

Opening it (``POST /users/@me/channels``) is one rate-limit bucket for the
whole bot, and discord.py sends such a bucket's requests one at a time: games
starting together queued there.  The second game of the same players must
post its DM messages straight into the channels the first game opened.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world, open_lobby, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

OPEN_DM = ("POST", "/users/@me/channels")


def _opened(emulator) -> int:  # noqa: F811
    return sum(1 for r in emulator.requests if (r.method, r.path) == OPEN_DM)


async def _start_getgem(world, users) -> None:
    board = await open_lobby(world, "getgem", users[0])
    for user in users[1:]:
        await world.emu.click(user, board, board.button("Join"))
    await world.emu.wait_until(lambda: all(u.name in board.text() for u in users), description="all joined")
    await press_start(world.emu, users[0], board)
    await world.emu.wait_until(lambda: waiting_for(board), description="the first turn")
    for user in users:
        await world.emu.wait_until(lambda u=user: world.emu.dm_messages(u), description=f"{user.name}'s DM")


async def test_the_second_game_of_the_same_players_opens_no_dm_channel(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    users = [world.alice, world.bob]
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _start_getgem(world, users)
        assert _opened(emulator) == len(users)
        firsts = {u.id: emulator.dm_messages(u)[-1].id for u in users}

        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        await _start_getgem(world, users)

        for user in users:  # a new DM message each, in the same channel
            await emulator.wait_until(
                lambda u=user: emulator.dm_messages(u)[-1].id != firsts[u.id], description=f"{user.name}'s new DM"
            )
        assert _opened(emulator) == len(users)  # none more


async def test_players_dm_channels_are_opened_while_the_lobby_fills_not_by_the_start(emulator, tmp_path: Path) -> None:  # noqa: F811
    """The start posts each player's first DM message straight away: their channels were opened as they joined."""
    world = make_world(emulator)
    users = [world.alice, world.bob]
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "getgem", users[0])
        await world.emu.click(users[1], board, board.button("Join"))
        await emulator.wait_until(lambda: _opened(emulator) == len(users), description="both channels opened")
        opened_by = len(emulator.requests)
        await press_start(world.emu, users[0], board)
        for user in users:
            await emulator.wait_until(lambda u=user: emulator.dm_messages(u), description=f"{user.name}'s DM")
        after = [(r.method, r.path) for r in emulator.requests[opened_by:]]
        assert OPEN_DM not in after and _opened(emulator) == len(users)


async def test_forget_me_drops_the_dm_channel_the_bot_kept_in_memory(emulator, tmp_path: Path) -> None:  # noqa: F811
    """After /game forget-me nothing of the player is kept, in memory either: their next game opens their DM
    channel afresh, as for someone the bot has never written to."""
    world = make_world(emulator)
    users = [world.alice, world.bob]
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _start_getgem(world, users)
        res = await emulator.slash(world.mod, world.chan, "game reset")
        await res.wait_loaded()
        res = await emulator.slash(world.alice, world.chan, "game forget-me")
        done = await emulator.click(world.alice, res.message, res.message.button("Forget me"))
        await emulator.wait_until(lambda: "Done" in done.message.text(), description="forget-me done")
        assert _opened(emulator) == len(users)

        await _start_getgem(world, users)
        opened_for = [str(r.json["recipient_id"]) for r in emulator.requests if (r.method, r.path) == OPEN_DM]
        assert opened_for.count(str(world.alice.id)) == 2 and opened_for.count(str(world.bob.id)) == 1
