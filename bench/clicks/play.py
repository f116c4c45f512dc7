"""What the emulator benchmarks share: the bench's emulator, tables of two players, watching boards, clicking.

bench/clicks/latency.py, bench/ai/load.py and bench/store/shards_play.py each drive
hundreds of games through the emulator; they differ in what they measure,
not in how a player opens a game, waits for the bot or clicks.  Those parts
live here once, so a fix to how a player waits (woken by the board's edits,
never by polling: 200 pollers re-checked on every emulator change would cost
the emulator more CPU than the bot spends on the clicks) reaches every one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from tests.e2e.helpers import act_buttons, press_start, waiting_for
from tests.emulator import DiscordEmulator, InteractionResult
from tests.emulator.models import Channel, Guild, Message, User
from tests.emulator.rest.openapi import get_spec

Pair = tuple[User, User]
AS_DEPLOYED: dict[str, str | None] = {"PICTURE_WORKERS": None}
"""Settings the tests' bot process turns off (tests/emulator/botproc.py) given back their default: a
benchmark measures the bot as it is deployed, its pictures drawn in a worker process."""


async def bench_emulator(*, validate: bool = False) -> DiscordEmulator:
    """A started emulator that stamps interaction timings (``emu.record_timing``).

    Without ``validate`` the OpenAPI body validation is off: that jsonschema
    check costs the emulator more than the bot spends on a click, and both
    share the machine's cores (Discord-rule checks stay on; violations are
    still recorded).
    """
    if not validate:
        get_spec().validate_body = lambda op, body: []  # type: ignore[method-assign]
    emu = DiscordEmulator(interaction_deadline=3.0)
    await emu.start()
    emu.record_timing = True
    return emu


def two_player_tables(emu: DiscordEmulator, guild: Guild, count: int, prefix: str) -> list[tuple[Channel, Pair]]:
    """``count`` channels ``<prefix>-<i>`` of ``guild``, each with its host and guest, members of the guild."""
    tables = []
    for i in range(count):
        chan = emu.create_channel(guild, f"{prefix}-{i}")
        pair = (emu.create_user(f"host{i}"), emu.create_user(f"guest{i}"))
        for user in pair:
            emu.add_member(guild, user)
        tables.append((chan, pair))
    return tables


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile of ``values`` (not interpolated: a value that was measured)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


class BoardWatch:
    """Wakes the one game waiting on a message when the bot edits it (instead of hundreds of pollers).

    :meth:`edited` runs inside the emulator's edit, before the waiter wakes:
    a benchmark that must stamp the moment a board changed overrides it.
    """

    def __init__(self, emu: DiscordEmulator) -> None:
        self.events: dict[int, asyncio.Event] = {}
        original = emu._edit

        def edit(msg: Message, body: dict[str, Any], files: list[Any], **kwargs: Any) -> None:
            original(msg, body, files, **kwargs)
            self.edited(msg)
            event = self.events.get(msg.id)
            if event is not None:
                event.set()

        emu._edit = edit  # type: ignore[method-assign]

    def edited(self, message: Message) -> None:
        """Called for every edit the emulator applies (nothing here)."""

    def event(self, message: Message) -> asyncio.Event:
        """The event set when ``message`` is edited (one per message, made on first use)."""
        return self.events.setdefault(message.id, asyncio.Event())

    async def until(self, message: Message, predicate: Callable[[], Any], timeout: float = 60) -> None:
        """Wait until ``predicate()`` holds, re-checked after each edit of ``message``."""
        changed = self.event(message)
        async with asyncio.timeout(timeout):
            while True:
                changed.clear()
                if predicate():
                    return
                await changed.wait()


async def open_game(
    emu: DiscordEmulator, watch: BoardWatch, chan: Channel, host: User, guest: User, *, game: str = "portas",
    timeout: float = 60, started: Callable[[Message], Any] | None = None,
) -> tuple[Message, list[InteractionResult]]:
    """``/<game> new``, Join, Start, as the two players would: the board, once ``started(board)`` holds
    (default: it offers move buttons), and the three interactions (their latencies are the lobby's)."""
    res = await emu.slash(host, chan, f"{game} new", timeout=timeout)
    assert res.message is not None and not res.ephemeral, res.text()
    board = res.message
    await watch.until(board, lambda: not board.loading, timeout)  # "thinking…", then the lobby
    joined = await emu.click(guest, board, board.button("Join"), timeout=timeout)
    await watch.until(board, lambda: guest.name in board.text(), timeout)
    start = await press_start(emu, host, board)
    await watch.until(board, lambda: (started or act_buttons)(board), timeout)
    return board, [res, joined, start]


async def next_change(changed: asyncio.Event, timeout: float) -> None:
    """Wait up to ``timeout`` s for ``changed`` to be set again (cleared first: an earlier edit does not count)."""
    changed.clear()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(changed.wait(), timeout)


def whose_turn(board: Message, by_name: dict[str, User]) -> tuple[User, list[Any]] | None:
    """The one player of ours the board waits for and its move buttons; None while that is not so."""
    names, buttons = waiting_for(board), act_buttons(board)
    if len(names) != 1 or names[0] not in by_name or not buttons:
        return None
    return by_name[names[0]], buttons


async def click_until(
    emu: DiscordEmulator, user: User, message: Message, button: Any, changed: asyncio.Event,
    seen: Callable[[], bool], *, timeout: float = 10,
) -> InteractionResult | None:
    """Click without waiting for the response, then wait (woken by ``changed``) until ``seen()`` or a refusal.

    The refusal is the click's follow-up message.  None when nothing came for
    ``timeout`` seconds (a stall: the caller counts it and goes on).
    """
    changed.clear()
    res = await emu.click(user, message, button, wait=False)
    try:
        while not seen() and not res.followups:
            await asyncio.wait_for(changed.wait(), timeout)
            changed.clear()
    except TimeoutError:
        return None
    return res


def edits_changed(messages: Sequence[Message]) -> Callable[[], bool]:
    """A ``seen`` for :func:`click_until`: true once any of ``messages`` was edited after this call."""
    before = [m.edits for m in messages]
    return lambda: any(m.edits != e for m, e in zip(messages, before, strict=True))
