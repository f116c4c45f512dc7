"""The players of the open-loop benchmarks: tables that start a game, think, click and wait to see it.

Why apart: :mod:`bench.clicks.openloop` (a minute at each click rate) and
:mod:`bench.clicks.endurance` (an hour of games started again) play the same tables;
this module is the players, they measure.  Every seat is human; a table's
player clicks a random offered button (on the board in PORTAS, in their DM in
the other games) after an exponential pause, and :class:`Watch` stamps the
moment the emulator applies the change that shows it.
"""

from __future__ import annotations

import asyncio
import collections
import random
import time
from dataclasses import dataclass, field
from typing import Any

from tests import gamekit
from tests.e2e.dmplay import AVOID
from tests.e2e.helpers import act_buttons, is_over, press_start, waiting_for
from tests.emulator import DiscordEmulator
from tests.emulator.models import Channel, Message, User

MIX: tuple[tuple[str, int, float], ...] = gamekit.load_mix()
"""(game, seats, share of the tables): each game's ``LOAD_SEATS`` and ``LOAD_SHARE`` (tests/<game>/expectations.py)."""
TIMEOUT = 10.0  # seconds a player waits for their click to show before giving up on it


class Watch:
    """Timestamps every message change the emulator applies, and wakes whoever waits on that message."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.waiters: dict[int, list[asyncio.Future[float]]] = collections.defaultdict(list)
        self.latest: dict[int, Message] = {}  # channel id -> the bot's newest message there (a player's DM)
        original = emu._dispatch_message

        def dispatch(event: str, m: Message) -> None:
            applied = time.perf_counter()
            m.history.clear()  # the emulator's record of past versions: unbounded over a long run, unread here
            if event == "MESSAGE_CREATE" and m.ephemeral_to is None:
                self.latest[m.channel_id] = m
            key = -m.channel_id if event == "MESSAGE_CREATE" else m.id  # a new message in a channel, or a change
            for fut in self.waiters.pop(key, ()):
                if not fut.done():
                    fut.set_result(applied)
            original(event, m)

        emu._dispatch_message = dispatch  # type: ignore[method-assign]

    def next_change(self, *messages: Message, channel: Channel | None = None) -> asyncio.Future[float]:
        """A future resolved with the perf_counter of the next change to any of ``messages``, or of a new
        message in ``channel`` (a refusal is a new ephemeral message there)."""
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        for m in messages:
            self.waiters[m.id].append(fut)
        if channel is not None:
            self.waiters[-channel.id].append(fut)
        return fut


@dataclass
class Window:
    """What one measuring window saw."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    # a DM click -> the clicker's DM showing it (what that player looks at; the board may come first or after)
    own: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    acks: list[float] = field(default_factory=list)  # click -> its acknowledgement (the callback) arriving
    clicks: int = 0
    inflight: int = 0
    timeouts: int = 0
    refused: int = 0


@dataclass
class Run:
    think: float = 5.0  # seconds, the mean pause before a click (shortened to step the rate up)
    active: int = 1 << 30  # tables that play; the others wait (fewer to step the rate down, same think time)
    window: Window | None = None  # set while measuring
    finished: int = 0
    stop: bool = False


async def until(watch: Watch, message: Message, predicate: Any, timeout: float = 90) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await watch.next_change(message)


async def new_game(emu: DiscordEmulator, watch: Watch, game: str, chan: Channel, users: list[User]) -> Message:
    """``/<game> new``, everyone joins, the host starts: the board, once it waits for someone and, in a game
    played in DMs, once every player's DM message for this game has arrived.

    Why wait for the DMs: the board shows the game before the players' first DM messages are posted, and
    a player new to the bot needs their DM channel opened first (``POST /users/@me/channels``, one
    rate-limit bucket for the whole bot: 50 a second in the emulator).  500 tables opened at once queue
    ~1,200 of them, ~25 s of work; a table counted as open before its DMs arrived then spilled that queue
    into the first measuring window (a start holds its channel until its DMs are out, so clicks there
    waited seconds: ``--trace`` showed turns held by ``lobby.start`` in discord.py's limiter).
    """
    res = await emu.slash(users[0], chan, f"{game} new", timeout=90)
    assert res.message is not None and not res.ephemeral, res.text()
    board = res.message
    await until(watch, board, lambda: not board.loading and board.buttons())
    for user in users[1:]:
        await emu.click(user, board, board.button("Join"), timeout=90)
    await until(watch, board, lambda: all(u.name in board.text() for u in users))
    dms = [] if game == "portas" else [watch.next_change(channel=emu.dm_channel(u)) for u in users]
    await press_start(emu, users[0], board)
    await until(watch, board, lambda: waiting_for(board) or is_over(board))
    if dms:
        await asyncio.wait_for(asyncio.gather(*dms), 90)
    return board


def choices(game: str, watch: Watch, emu: DiscordEmulator, board: Message, user: User) -> tuple[Message | None, list]:
    """Where ``user`` acts and the buttons offered: the board (PORTAS) or their DM message (the others)."""
    if game == "portas":
        return board, act_buttons(board)
    dm = watch.latest.get(emu.dm_channel(user).id)
    if dm is None:
        return None, []
    buttons = act_buttons(dm)
    preferred = [b for b in buttons if not any(word in (b.label or "") for word in AVOID)]
    return dm, preferred or buttons


async def play_table(
    emu: DiscordEmulator, watch: Watch, run: Run, game: str, chan: Channel, users: list[User],
    rng: random.Random, setup: asyncio.Semaphore, ready: asyncio.Barrier, index: int,
) -> None:
    """One table for the whole run: think, click, wait for the change; a finished game is followed by a new one."""
    by_name = {u.name: u for u in users}
    async with setup:
        board = await new_game(emu, watch, game, chan, users)
    await ready.wait()
    while not run.stop:
        await asyncio.sleep(rng.expovariate(1 / run.think))
        if index >= run.active:  # resting while the rate is stepped down
            continue
        if is_over(board):
            run.finished += 1
            board = await new_game(emu, watch, game, chan, users)
            continue
        names = [n for n in waiting_for(board) if n in by_name]
        user = by_name[rng.choice(names)] if names else None
        where, buttons = choices(game, watch, emu, board, user) if user is not None else (None, [])
        if where is None or not buttons:  # between two states (a reveal, a new round): look again later
            continue
        window = run.window  # a click belongs to the window it is made in, however late it is shown
        if window is not None:
            window.clicks += 1
            window.inflight += 1
        shown = watch.next_change(board, where, channel=emu.channels[where.channel_id])
        own = watch.next_change(where) if where is not board else None
        res = await emu.click(user, where, rng.choice(buttons), wait=False)  # type: ignore[arg-type]
        try:
            applied: float | None = await asyncio.wait_for(shown, TIMEOUT)
        except TimeoutError:
            applied = None
        try:  # apart: a board shown counts even if the clicker's DM never changes
            own_at = None if own is None or applied is None else await asyncio.wait_for(own, TIMEOUT)
        except TimeoutError:
            own_at = None
        if window is None:
            continue
        window.inflight -= 1
        if applied is None or res.sent_at is None:
            window.timeouts += 1  # nothing shown within TIMEOUT: counted as slower than any percentile
        elif res.ephemeral or res.followups:
            window.refused += 1  # an ephemeral refusal (a stale button): no move to show
        else:
            window.latencies[game].append(applied - res.sent_at)
            if own_at is not None:
                window.own[game].append(own_at - res.sent_at)
            if res.callback_at is not None:
                window.acks.append(res.callback_at - res.sent_at)


def tables_of(games: int, only: str | None = None) -> list[tuple[str, int]]:
    """``games`` (game, seats) pairs in MIX's shares, interleaved so every game is in the first lobbies."""
    mix = [(g, n, 1.0) for g, n, _ in MIX if g == only] if only else MIX
    counts = [(g, n, round(games * share)) for g, n, share in mix]
    counts[0] = (counts[0][0], counts[0][1], games - sum(c for _, _, c in counts[1:]))
    out: list[tuple[str, int]] = []
    while len(out) < games:
        for i, (g, n, c) in enumerate(counts):
            if c > 0:
                out.append((g, n))
                counts[i] = (g, n, c - 1)
    return out


def seat_tables(
    emu: DiscordEmulator, guild: Any, specs: list[tuple[str, int]], prefix: str
) -> list[tuple[str, Channel, list[User]]]:
    """A channel and its players (members of ``guild``, named ``<prefix><table>p<seat>``) for each (game, seats)."""
    tables = []
    for i, (game, seats) in enumerate(specs):
        chan = emu.create_channel(guild, f"{game}-{i}")
        users = [emu.create_user(f"{prefix}{i}p{p}") for p in range(seats)]
        for user in users:
            emu.add_member(guild, user)
        tables.append((game, chan, users))
    return tables


