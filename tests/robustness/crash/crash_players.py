"""The players of a crash run: two to a table, taking turns in PORTAS through whichever bot process is up.

Why apart from :mod:`tests.robustness.crash.crashkit` (which kills and restarts the
bot, and judges): these are the users.  Each table's driver clicks a random
offered button, waits on the emulator (never a sleep) for the board to change
or for a refusal, and records the click; while the bot is down it parks, and a
wait that a kill interrupts raises :class:`Interrupted`, so the driver looks
at its table afresh once the bot is back.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.helpers import act_buttons, is_over, waiting_for
from tests.emulator import DiscordEmulator
from tests.emulator.models import Channel, Message, User
from tests.robustness.crash.crash_replay import GAME

ENDED_TEXT = "This game has ended"  # error.session_over: the only refusal a crash may cause


class Interrupted(Exception):
    """The bot was killed while a driver waited for the effect of its action."""


@dataclass
class Click:
    """One act-button click sent by a simulated user."""

    table: int
    user_id: int
    sid: int
    pv: int
    idx: int
    acked: bool = False
    refusal: str | None = None

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.user_id, self.pv, self.idx)


@dataclass
class Table:
    """One channel with two players taking turns in PORTAS games, one after another."""

    index: int
    chan: Channel
    host: User
    guest: User
    rng: random.Random
    board: Message | None = None
    parked: bool = False
    clicks: list[Click] = field(default_factory=list)
    finished: int = 0
    lost_end: int = 0  # boards still live for a game a crash finished unannounced
    first_after_restart: bool = False  # the next click is the first on this board since a restart

    def user(self, name: str) -> User:
        return self.host if name == self.host.name else self.guest


@dataclass
class Figures:
    seed: int
    channels: int
    kills: int = 0
    startup_kills: int = 0
    clicks: int = 0
    acked: int = 0
    stored_moves: int = 0
    unshown_moves: int = 0  # committed, never shown before the kill (shown after the restart)
    losses: int = 0
    phantoms: int = 0
    games_finished: int = 0
    lost_end_notices: int = 0
    boards_checked: int = 0
    first_clicks_after_restart: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"seed={self.seed} channels={self.channels} kills={self.kills} (during start-up {self.startup_kills})"
            f" clicks={self.clicks} acknowledged={self.acked} stored_moves={self.stored_moves}"
            f" unshown_but_stored={self.unshown_moves} losses={self.losses} phantoms={self.phantoms}"
            f" games_finished={self.games_finished} lost_end_notices={self.lost_end_notices}"
            f" boards_checked_after_restart={self.boards_checked}"
            f" first_clicks_after_restart_ok={self.first_clicks_after_restart} seconds={self.seconds:.1f}"
        )


def sid_of(message: Message) -> int | None:
    for b in message.buttons():
        parts = (b.custom_id or "").split(":")
        if len(parts) >= 3 and parts[0] == "k" and parts[2].isdigit():
            return int(parts[2])
    return None


def board_key(message: Message) -> tuple[Any, ...]:
    return (message.text(), tuple(b.custom_id for b in message.buttons()))


class Players:
    """Every table's driver, and what they share with the run: whether the bot is up, its epoch, stopping."""

    def __init__(self, emu: DiscordEmulator, figures: Figures) -> None:
        self.emu = emu
        self.figures = figures
        self.epoch = 0  # one more for every kill: a wait begun in an earlier epoch is interrupted
        self.up = asyncio.Event()
        self.stopping = False

    async def drive(self, t: Table) -> None:
        """Play table ``t`` until the run stops; a driver that cannot go on stops the run with its reason."""
        try:
            while not self.stopping:
                if not self.up.is_set():
                    t.parked = True
                    await self.up.wait()
                    t.parked = False
                    continue
                try:
                    await self._step(t, self.epoch)
                except Interrupted:
                    continue
        except Exception as exc:  # a driver that cannot go on ends the run with its reason
            self.figures.problems.append(f"table {t.index}: {type(exc).__name__}: {str(exc)[:2000]}")
            self.stopping = True
        finally:
            t.parked = True

    async def _until(self, predicate: Callable[[], Any], epoch: int, what: str, timeout: float = 15.0) -> Any:
        """Wait for ``predicate``; raise :class:`Interrupted` if the bot is killed first."""

        def check() -> Any:
            value = predicate()
            if value:
                return value
            if self.epoch != epoch:
                return Interrupted
            return None

        value = await self.emu.wait_until(check, timeout, description=what)
        if value is Interrupted:
            raise Interrupted
        return value

    async def _step(self, t: Table, epoch: int) -> None:
        if t.board is None or t.board.deleted:
            await self._open(t, epoch)
            return
        board = t.board
        if any((b.custom_id or "").startswith("k:l:") for b in board.buttons()):
            await self._lobby(t, board, epoch)
            return
        if is_over(board) or not act_buttons(board):
            if is_over(board):
                t.finished += 1
            t.board = None
            return
        await self._move(t, board, epoch)

    async def _open(self, t: Table, epoch: int) -> None:
        res = await self.emu.slash(t.host, t.chan, f"{GAME} new", wait=False)
        await self._until(lambda: res.responded, epoch, f"table {t.index}: /{GAME} new answered")
        refusal = res
        if res.message is not None and not res.ephemeral:
            shown = res.message  # "thinking…", then the lobby (or taken away and refused privately)
            await self._until(
                lambda: (not shown.loading) or shown.deleted or res.followups, epoch, f"table {t.index}: lobby shown"
            )
            if not shown.deleted and not shown.loading:
                t.board = shown
                return
            refusal = await res.wait_followup()
        # The channel already has this game (a crash hid its board from us): bring the board back.
        assert "already has" in refusal.text(), refusal.text()
        t.board = await self._status(t, epoch)
        assert t.board is not None, f"table {t.index}: /game status showed no board"

    async def _status(self, t: Table, epoch: int) -> Message | None:
        """/game status: the re-posted board once it is filled in (None if it was refused)."""
        res = await self.emu.slash(t.host, t.chan, "game status", wait=False)
        await self._until(lambda: res.responded, epoch, f"table {t.index}: /game status answered")
        if res.message is None or res.ephemeral:
            return None
        shown = res.message
        await self._until(
            lambda: (not shown.loading) or shown.deleted or res.followups, epoch, f"table {t.index}: board shown"
        )
        return None if shown.deleted or shown.loading else shown

    async def _lobby(self, t: Table, board: Message, epoch: int) -> None:
        before = board_key(board)
        if f"2. {t.guest.name}" not in board.text():
            res = await self.emu.click(t.guest, board, board.button("Join"), wait=False)
        else:
            res = await self.emu.click(t.host, board, board.button("Start"), wait=False)
        await self._until(lambda: board_key(board) != before or res.followups, epoch, f"table {t.index}: lobby step")
        if res.followups and board_key(board) == before:
            text = res.followups[0].text()
            # The lobby a crash left behind may have moved on without us seeing it: re-read it.
            if "already" not in text:
                self.figures.problems.append(f"table {t.index}: lobby click refused: {text}")
            shown = await self._status(t, epoch)
            if shown is not None:
                t.board = shown

    async def _move(self, t: Table, board: Message, epoch: int) -> None:
        names = waiting_for(board)
        assert len(names) == 1, board.text()
        user = t.user(names[0])
        buttons = act_buttons(board)
        button = t.rng.choice(buttons)
        _, _, sid, pv, idx = button.custom_id.split(":")
        before = board_key(board)
        res = await self.emu.click(user, board, button, wait=False)
        click = Click(t.index, user.id, int(sid), int(pv), int(idx))
        t.clicks.append(click)
        first, t.first_after_restart = t.first_after_restart, False
        outcome = await self._until(
            lambda: "moved" if board_key(board) != before else ("refused" if res.reply else None),
            epoch,
            f"table {t.index}: effect of {button.custom_id}",
        )
        if outcome == "moved":
            click.acked = True
            if first:
                self.figures.first_clicks_after_restart += 1
            return
        assert res.reply is not None
        click.refusal = res.reply.text()
        if ENDED_TEXT in click.refusal:
            # A crash came between the final move's commit and its board edit: the game is over.
            t.lost_end += 1
            t.board = None
            return
        self.figures.problems.append(f"table {t.index}: click {button.custom_id} refused: {click.refusal}")
        self.stopping = True
