"""The players of bench/store/shards.py: PORTAS tables clicked on the board, GETGEM tables clicked in DMs.

Why two kinds: a board click reaches the process that owns the server; a DM
click always reaches shard 0 (Discord sends DM events there), which forwards
it to the owner over PostgreSQL (bot/frontend/gateway/forwarding.py).  A two-process run with
DM-played tables on both shards therefore measures the forwarding hop too.

Each table keeps one game going until ``stop``; its player waits for the bot
through :class:`bench.clicks.play.BoardWatch` (woken by edits, no polling),
and every measured click's latency lands in :class:`Run`, keyed by the shard
that owns the table's server.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from bench.clicks.play import BoardWatch, click_until, edits_changed, next_change, open_game, whose_turn
from tests.e2e.helpers import act_buttons, is_over, waiting_for
from tests.emulator import DiscordEmulator
from tests.emulator.models import Channel, Message, User

DM_GAME = "getgem"  # two seats, every choice in the players' DMs


def _per_shard() -> dict[int, list[float]]:
    return {0: [], 1: []}


@dataclass
class Run:
    """What one set-up measured in its window (latencies in seconds, keyed by the owning shard)."""

    layout: str
    to_board: dict[int, list[float]] = field(default_factory=_per_shard)  # board click -> board edited
    dm_to_change: dict[int, list[float]] = field(default_factory=_per_shard)  # DM click -> board or DM edited
    clicks: int = 0
    refused: int = 0
    stalls: int = 0
    finished: int = 0
    moves: int = 0
    window: float = 0.0
    bot_cpu: list[float] = field(default_factory=list)
    pg_cpu: float | None = None
    emu_cpu: float = 0.0  # this process: the emulator and the players
    violations: list[str] = field(default_factory=list)
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)
    machine_busy: float = 0.0  # share of all the machine's cores busy in the window (anyone's work)
    measuring: bool = False

    def all_to_board(self) -> list[float]:
        return [x * 1000 for xs in self.to_board.values() for x in xs]

    def all_dm(self) -> list[float]:
        return [x * 1000 for xs in self.dm_to_change.values() for x in xs]


@dataclass
class Table:
    """One channel, its players, and the shard that owns its server."""

    chan: Channel
    users: tuple[User, User]
    shard: int
    in_dms: bool  # played from DMs (GETGEM) rather than on the board (PORTAS)


async def play_board_table(
    emu: DiscordEmulator, watch: BoardWatch, table: Table, run: Run, stop: asyncio.Event,
    rng: random.Random, think: float, ready: asyncio.Barrier, setup: asyncio.Semaphore,
) -> None:
    """Keep a PORTAS game going: the player the board waits for clicks a random move button."""
    users = table.users
    by_name = {u.name: u for u in users}
    async with setup:
        board, _ = await open_game(emu, watch, table.chan, *users)
    await ready.wait()
    while not stop.is_set():
        if is_over(board):
            run.finished += run.measuring
            board, _ = await open_game(emu, watch, table.chan, *users)
            continue
        changed = watch.event(board)
        turn = whose_turn(board, by_name)
        if turn is None:
            await next_change(changed, 5)
            continue
        user, buttons = turn
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        res = await click_until(emu, user, board, rng.choice(buttons), changed, edits_changed([board]))
        if res is None:
            run.stalls += 1
            continue
        edited_at = time.perf_counter()
        if res.followups:
            run.refused += 1
        elif run.measuring and res.sent_at is not None:
            run.clicks += 1
            run.to_board[table.shard].append(edited_at - res.sent_at)


async def new_dm_game(emu: DiscordEmulator, watch: BoardWatch, table: Table) -> Message:
    """/getgem new, Join, Start: the board, once it says whom it waits for."""
    board, _ = await open_game(
        emu, watch, table.chan, *table.users, game=DM_GAME, started=lambda b: bool(waiting_for(b)) or is_over(b)
    )
    return board


def dm_controls(emu: DiscordEmulator, user: User) -> Message | None:
    """The user's DM message that carries move buttons now (tests/e2e/dmplay.py reads it the same way)."""
    return next((m for m in reversed(emu.dm_messages(user)) if act_buttons(m)), None)


async def play_dm_table(
    emu: DiscordEmulator, watch: BoardWatch, table: Table, run: Run, stop: asyncio.Event,
    rng: random.Random, think: float, ready: asyncio.Barrier, setup: asyncio.Semaphore,
) -> None:
    """Keep a GETGEM game going: a player the board waits for clicks a random button of their DM."""
    by_name = {u.name: u for u in table.users}
    async with setup:
        board = await new_dm_game(emu, watch, table)
    await ready.wait()
    while not stop.is_set():
        if is_over(board):
            run.finished += run.measuring
            board = await new_dm_game(emu, watch, table)
            continue
        changed = watch.event(board)
        names = [n for n in waiting_for(board) if n in by_name]
        user = by_name[rng.choice(names)] if names else None
        controls = dm_controls(emu, user) if user is not None else None
        if user is None or controls is None:  # an AI-less table: the DM is being posted or edited
            await next_change(changed, 0.2)
            continue
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        watch.events[controls.id] = changed  # an edit of the board or of this DM wakes the player
        seen = edits_changed([board, controls])
        res = await click_until(emu, user, controls, rng.choice(act_buttons(controls)), changed, seen)
        if res is None:
            run.stalls += 1
            continue
        seen_at = time.perf_counter()
        if res.followups:
            run.refused += 1
        elif run.measuring and res.sent_at is not None:
            run.clicks += 1
            run.dm_to_change[table.shard].append(seen_at - res.sent_at)
